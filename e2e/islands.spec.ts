import type { Page } from '@playwright/test';
import { listedRoutes, openRoutes, ownerRoutes } from '../contracts/routes';
import { postSlugOfPage } from '../contracts/writing';
import { content } from './content';
import { siteOrigin } from './hosts';
import { moveMouseUntilLive } from './pointer';
import { expect, test } from './test';

/**
 * Islands: only the interactive parts hydrate, React arrives after the page has loaded, nothing
 * the visitor does before an island is live is lost, and no island trips the CSP.
 */

const { emailLabel } = content.site.forms;
const { copy, toast } = content.home.newsletter;

/** Brings each island into view in turn, as a visitor scrolling down would, until all are live. */
async function hydrateEverything(page: Page) {
  const islands = page.locator('[data-island-root]');
  await expect(islands).not.toHaveCount(0);
  for (const island of await islands.all()) {
    await island.evaluate((root) => root.firstElementChild?.scrollIntoView({ block: 'center' }));
    await expect(island).toHaveAttribute('data-hydrated');
  }
}

/**
 * Brings every island of any page live that a visitor would without pressing anything: each one
 * is scrolled into view, the mouse moves (islands that wait for a press stay as they are).
 */
async function hydrateWhatIsDue(page: Page) {
  for (const island of await page.locator('[data-island-root]').all()) {
    const schedule = await island.evaluate((root) => {
      root.firstElementChild?.scrollIntoView({ block: 'center' });
      const hydrate = (root.previousElementSibling as HTMLElement | null)?.dataset.hydrate;
      return hydrate === 'visible' && root.childElementCount === 0 ? 'interaction' : hydrate;
    });
    if (schedule === 'mouse') await moveMouseUntilLive(page, island);
    else if (schedule !== 'interaction') await expect(island).toHaveAttribute('data-hydrated');
  }
}

/** Holds island code back until `release()`, to act as a visitor on a slow phone would. */
async function delayIslandCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    /\/assets\/(page-runtime|sign-up-form|hydrate-root)-[^/]+\.js$/,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

test('React hydrates well under half of the home page, and no static section', async ({ page }) => {
  await page.goto('/');
  await hydrateEverything(page);
  const { total, hydrated, staticHydrated } = await page.evaluate(() => {
    const elements = [...document.body.querySelectorAll('*')];
    const isHydrated = (element: Element) =>
      Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    return {
      total: elements.length,
      hydrated: elements.filter(isHydrated).length,
      staticHydrated: [...document.querySelectorAll('#intro *, footer *')].filter(isHydrated)
        .length,
    };
  });
  expect(hydrated).toBeGreaterThan(0);
  expect(hydrated / total).toBeLessThan(0.5);
  expect(staticHydrated).toBe(0);
});

test('before the first paint no script file is fetched, and no React before the page has loaded', async ({
  page,
}) => {
  await page.goto('/');
  await hydrateEverything(page);
  const { firstPaint, scripts, loaded } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    return {
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      loaded: navigation?.loadEventStart ?? 0,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => ({
          name: new URL(entry.name).pathname.replace(/-[\w-]{8}\.js$/, ''),
          startTime: entry.startTime,
        })),
    };
  });
  expect(firstPaint).toBeGreaterThan(0);
  const before = (time: number) =>
    scripts.filter((script) => script.startTime < time).map((script) => script.name);
  // The page's entry is written into its HTML (decision 025); the rest of the page's code waits
  // for the first paint (src/pages/start-page.ts).
  expect(before(firstPaint)).toEqual([]);
  const runtime = scripts.find((script) => script.name === '/assets/page-runtime');
  expect(runtime?.startTime).toBeGreaterThan(firstPaint);
  // React and the islands wait for the page to have loaded.
  expect(
    before(loaded).filter((name) => !/\/(start-page|page-runtime|consent)$/.test(name)),
  ).toEqual([]);
});

test('what a visitor types before the form is live is kept, and their submit goes through', async ({
  page,
}) => {
  const release = await delayIslandCode(page);
  await page.goto('/');
  const section = page.locator('#newsletter');
  const email = section.getByLabel(emailLabel);
  await email.fill('early@example.com');
  await section.getByRole('button', { name: copy.submit }).click();
  release();
  await expect(page.getByText(toast.title, { exact: true })).toBeVisible();
  await expect(email).toHaveValue('');
});

test('a press on a button before its island is live is answered once it is', async ({ page }) => {
  const release = await delayIslandCode(page);
  await page.goto('/');
  const section = page.locator('#newsletter');
  await section.getByRole('button', { name: copy.submit }).click();
  // Held, not posted natively: still on the page, no browser bubble submitted anything.
  await expect(page).toHaveURL(/\/$/);
  release();
  await expect(section.getByLabel(emailLabel)).toHaveAccessibleDescription(
    'Please enter your email address.',
  );
});

test('no page breaks its Content-Security-Policy, its islands all live', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
  for (const { site, path } of listedRoutes()) {
    await page.goto(new URL(path, siteOrigin[site]).href);
    await hydrateWhatIsDue(page);
    const violations = await page.evaluate(
      () => (window as unknown as { violations: string[] }).violations,
    );
    expect(violations, `${site} ${path}`).toEqual([]);
  }
});

test('a returning reader of a post fetches no script until its sign-up comes near the screen', async ({
  page,
}) => {
  const post = openRoutes(ownerRoutes(content), Date.now()).find(
    ({ page: id }) => postSlugOfPage(id) !== null,
  );
  expect(post, 'the sample content has a published post').toBeDefined();
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto(post?.path ?? '', { waitUntil: 'networkidle' });
  const scriptsFetched = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );
  // Reading, the page still: nothing of ours beyond the module written into the page.
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(500);
  expect(await scriptsFetched()).toEqual([]);

  const signUp = page.locator('[data-island-root]');
  await expect(signUp).toHaveCount(1);
  await signUp.evaluate((root) => root.firstElementChild?.scrollIntoView({ block: 'center' }));
  await expect(signUp).toHaveAttribute('data-hydrated');
  expect(await scriptsFetched()).toContainEqual(expect.stringMatching(/\/page-runtime-/));
});
