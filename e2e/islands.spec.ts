import { expect, type Page, test } from '@playwright/test';
import { content } from './content';

/**
 * Islands on the home page: only the interactive parts hydrate, React arrives after the page
 * has loaded, and nothing the visitor does before an island is live is lost.
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

/** Holds island code back until `release()`, to act as a visitor on a slow phone would. */
async function delayIslandCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(sign-up-form|hydrate-root)-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
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

test('no script is fetched before the page has loaded, React included', async ({ page }) => {
  await page.goto('/');
  await hydrateEverything(page);
  const early = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .filter((entry) => entry.startTime < (navigation?.loadEventStart ?? 0))
      .map((entry) => new URL(entry.name).pathname.replace(/-[\w-]{8}\.js$/, ''));
  });
  // Only the page's tiny entry and its start-up module (no React) run before `load`.
  expect(early.sort()).toEqual(['/assets/home', '/assets/start-page']);
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
