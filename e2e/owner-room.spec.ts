import { access, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { parseDocument } from 'yaml';
import { ownerPaths } from '../contracts/owner';
import { startFakeKit } from '../server/providers/fake-kit';
import { roomViews, titleOf, viewPath } from '../src/owner/room-views';
import { words } from '../src/owner/words';
import { axeViolations } from './axe';
import { content, escapeRegExp, withAnyNumber } from './content';
import { e2eDataDir, e2eKit, siteOrigin } from './hosts';
import { addAuthenticator, enrol, invite, openView } from './owner';
import { expect, test } from './test';

/**
 * The owner's room (docs/decisions/018-owner-sign-in.md) with Chromium's virtual authenticator
 * standing in for a phone or laptop (e2e/owner.ts): the invite printed by the owner's tool, a
 * passkey made through it, signing out and in again, and the invite spent; publishing; the
 * editor's refusals; the owner's own pages, an experiment, and a post with its newsletter.
 */

// One owner's room, one working copy: these tests take turns with it.
test.describe.configure({ mode: 'serial' });

/** What axe finds on the page, each rule with the elements it found. */
const axeFindings = async (page: Page) =>
  (await axeViolations(page)).map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.target)}`);

/** The room's word that a publish is done, whichever version it made: earlier tests made some. */
const anyVersion = withAnyNumber(words.publish.published);

test('an invite makes a passkey; the owner signs out and back in with it; the invite is spent', async ({
  page,
}) => {
  const name = `Jamie ${Date.now()}`;
  const link = await invite(name);
  await addAuthenticator(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: words.welcome.heading })).toBeVisible();
  await page.getByLabel(words.welcome.label).fill('Test laptop');
  await page.getByRole('button', { name: words.welcome.button }).click();

  await expect(page).toHaveURL(`${siteOrigin.main}${ownerPaths.room}`);
  await expect(page.getByText(`${words.room.signedInAs} ${name}`)).toBeVisible();
  await openView(page, 'passkeys');
  await expect(page.getByRole('listitem').filter({ hasText: 'Test laptop' })).toBeVisible();
  await openView(page, 'log');
  const log = page.getByRole('region', { name: words.room.audit, exact: true }).getByRole('table');
  // Other owners of other tests come in meanwhile: their rows carry their own names.
  await expect(
    log.getByRole('row').filter({ hasText: 'welcome' }).filter({ hasText: name }),
  ).toHaveCount(1);

  await page.getByRole('button', { name: words.room.signOut, exact: true }).click();
  await expect(page).toHaveURL(`${siteOrigin.main}${ownerPaths.signIn}`);
  await page.goto(ownerPaths.room);
  await expect(page).toHaveURL(`${siteOrigin.main}${ownerPaths.signIn}`);

  await page.getByRole('button', { name: words.signIn.button }).click();
  await expect(page).toHaveURL(`${siteOrigin.main}${ownerPaths.room}`);
  await expect(page.getByText(`${words.room.signedInAs} ${name}`)).toBeVisible();
  await openView(page, 'passkeys');
  await expect(page.getByRole('listitem').filter({ hasText: 'Test laptop' })).toContainText(
    words.room.lastUsed,
  );

  // The link worked once: the same link again is refused, and says what to do.
  await page.goto(link);
  await page.getByRole('button', { name: words.welcome.button }).click();
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
});

test('without a session every room page leads to the sign-in page, and nothing is cached', async ({
  page,
}) => {
  for (const path of [
    ...roomViews.map((view) => view.path),
    `${ownerPaths.room}/`,
    `${ownerPaths.room}/anything`,
  ]) {
    const response = await page.goto(path);
    await expect(page).toHaveURL(`${siteOrigin.main}${ownerPaths.signIn}`);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  }
  await expect(page.getByRole('button', { name: words.signIn.button })).toBeVisible();
});

/** Enrols a new owner through an invite in this page's virtual authenticator; ends in the room. */
/** What the editor's save does to the working copy: one value of a content file changed. */
async function editWorkingCopy(file: string, path: (string | number)[], value: string) {
  const at = join(e2eDataDir, 'content', file);
  const document = parseDocument(await readFile(at, 'utf8'));
  document.setIn(path, value);
  await writeFile(at, String(document));
}

test('a published edit reaches the public page, without JavaScript too; a rollback brings the old words back', async ({
  page,
  browser,
}) => {
  // Three publishes, each a render of every page in a child process.
  test.setTimeout(120_000);
  await enrol(page, `Publisher ${Date.now()}`);
  // Publish has a view of its own, with the versions (the first view has the button too).
  await openView(page, 'publish');
  const publishing = page.getByRole('region', { name: words.publish.heading, exact: true });
  const publish = publishing.getByRole('button', { name: words.publish.publish, exact: true });
  const status = publishing.getByRole('status');

  // Version 1: the content as built, so there is a version to come back to.
  await publish.click();
  await expect(status).toHaveText(words.publish.published(1), {
    timeout: 30_000,
  });
  // The room with a version and a lead in its lists, as a screen reader or a keyboard meets it.
  const signUp = await page.request.post('/api/subscriptions', {
    data: { list: 'newsletter', email: `room+${Date.now()}@example.com` },
    headers: { Origin: siteOrigin.main },
  });
  expect(signUp.status()).toBe(201);
  await page.reload();
  await expect(publishing.getByRole('table')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await openView(page, 'leads');
  await expect(page.getByRole('table')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await openView(page, 'publish');

  const original = content.home.hero.sub;
  const edited = `Edited in the owner's room at ${Date.now()}.`;
  await editWorkingCopy('home.yaml', ['hero', 'sub'], edited);
  await publish.click();
  await expect(status).toHaveText(words.publish.published(2), {
    timeout: 30_000,
  });

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const home = await visitor.newPage();
  await home.goto(`${siteOrigin.main}/`);
  await expect(home.getByText(edited)).toBeVisible();
  await expect(home.getByText(original)).toHaveCount(0);

  // The log names what changed, and version 1 can come back.
  const versions = publishing.getByRole('table');
  await expect(versions.getByRole('row').filter({ hasText: 'home.yaml' })).toHaveCount(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await publishing.getByRole('button', { name: words.publish.rollBackLabel(1) }).click();
  await expect(status).toHaveText(words.publish.rolledBack(1, 3), {
    timeout: 30_000,
  });

  await home.reload();
  await expect(home.getByText(original)).toBeVisible();
  await expect(home.getByText(edited)).toHaveCount(0);
  await visitor.close();
});

/**
 * Where a table on the page is not in a region of its own that scrolls it, can be focused and
 * ends within the screen: a table cut off at the screen's edge.
 */
const tablesCutOff = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table) => {
      const region = table.parentElement;
      const name = table.querySelector('caption')?.textContent;
      const fits =
        region?.tagName === 'SECTION' &&
        Boolean(region.getAttribute('aria-label')) &&
        region.tabIndex === 0 &&
        getComputedStyle(region).overflowX === 'auto' &&
        region.getBoundingClientRect().right <= window.innerWidth;
      return fits ? [] : [name];
    }),
  );

test('each view of the room at its own address: the navigation leads there and marks it, the back button returns, a shared link opens it, nothing is cut off and axe finds nothing at 375 and 1440 px', async ({
  page,
}) => {
  // Eleven pages at two widths, axe over each.
  test.setTimeout(300_000);
  await enrol(page, `Walker ${Date.now()}`);
  // A lead, so that the leads' table is there to check.
  const signUp = await page.request.post('/api/subscriptions', {
    data: { list: 'newsletter', email: `walker+${Date.now()}@example.com`, source: 'Instagram' },
    headers: { Origin: siteOrigin.main },
  });
  expect(signUp.status()).toBe(201);
  const nav = page.getByRole('navigation', { name: words.nav.label });
  const heading = page.getByRole('heading', { level: 1 });

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // An address the room has no view at: it says so, inside the room.
    await page.goto(`${ownerPaths.room}/anything`);
    await expect(heading).toHaveText(words.notFound.heading);
    expect(await axeFindings(page)).toEqual([]);
    for (const view of roomViews) {
      const link = nav.getByRole('link', { name: words.views[view.id], exact: true });
      // On a phone the navigation is behind the menu's button; a choice closes the menu.
      const menu = page.getByRole('button', { name: words.nav.menu });
      if (width === 375) await menu.click();
      await link.click();
      await expect(page).toHaveURL(`${siteOrigin.main}${view.path}`);
      await expect(heading).toBeFocused();
      await expect(page).toHaveTitle(titleOf(view));
      if (width === 375) {
        await expect(menu).toHaveAttribute('aria-expanded', 'false');
        await menu.click();
      }
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
      if (width === 375) {
        await page.keyboard.press('Escape');
        await expect(menu).toBeFocused();
        await expect(nav).toBeHidden();
      }
      await page.waitForLoadState('networkidle');
      expect(await axeFindings(page), `${view.id} at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      expect(await tablesCutOff(page), `${view.id} at ${width} px`).toEqual([]);
    }
  }

  // The back button returns to the view before, inside the same document (on a wide screen,
  // where the side list shows which).
  await page.setViewportSize({ width: 1440, height: 900 });
  const [last, before] = roomViews.slice(-2).reverse();
  await page.goBack();
  await expect(page).toHaveURL(`${siteOrigin.main}${before?.path}`);
  await expect(heading).toHaveText(words.room.passkeys);
  await expect(heading).toBeFocused();
  await expect(
    nav.getByRole('link', { name: words.views[before?.id ?? 'needs-you'], exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await page.goForward();
  await expect(page).toHaveURL(`${siteOrigin.main}${last?.path}`);
  await expect(heading).toHaveText(words.room.audit);

  // A link to a view, opened in a new tab or shared, opens that view.
  const shared = await page.context().newPage();
  await shared.goto(viewPath('outbox'));
  await expect(shared.getByRole('heading', { level: 1 })).toHaveText(words.outbox.heading);
  await expect(shared).toHaveTitle(titleOf(roomViews.find(({ id }) => id === 'outbox') ?? null));
  await shared.close();
});

test('content that does not fit publishes nothing and the room says which field', async ({
  page,
}) => {
  await enrol(page, `Careless ${Date.now()}`);
  await editWorkingCopy('workshop.yaml', ['sessions', 0, 'start'], '22/09/2025');
  try {
    const publishing = page.getByRole('region', { name: words.publish.heading, exact: true });
    await publishing.getByRole('button', { name: words.publish.publish, exact: true }).click();
    const problem = publishing.getByRole('alert');
    await expect(problem).toContainText('workshop.yaml', { timeout: 30_000 });
    await expect(problem).toContainText('sessions[0].start');
  } finally {
    await editWorkingCopy(
      'workshop.yaml',
      ['sessions', 0, 'start'],
      content.workshop.sessions[0]?.start ?? '',
    );
  }
});

test('the editor refuses a drawing that carries script, and says why', async ({ page }) => {
  await enrol(page, `Illustrator ${Date.now()}`);
  const images = join(e2eDataDir, 'content', 'images');
  const siteFile = join(e2eDataDir, 'content', 'site.yaml');
  const before = await readFile(siteFile, 'utf8');

  // The site file has one picture: the book's cover.
  await page.goto(`${ownerPaths.editor}/singleton/site`);
  await expect(page.getByRole('heading', { level: 1, name: 'Site' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  // A script behind a namespace prefix: it runs when the file is opened on its own.
  await (await chooser).setFiles({
    name: 'bad.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><x:script xmlns:x="http://www.w3.org/2000/svg">alert(document.domain)</x:script><rect width="4" height="4"/></svg>',
    ),
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const refusal = page.getByRole('alert').filter({ hasText: 'Not saved' });
  await expect(refusal).toContainText(
    'image "bad.svg" is an SVG with scripts, event handlers or outside links',
  );
  await expect(refusal).toContainText('<x:script>');
  // Nothing reached the working copy: neither the picture nor the field naming it.
  await expect(access(join(images, 'bad.svg'))).rejects.toThrow();
  expect(await readFile(siteFile, 'utf8')).toBe(before);
});

// After the publishing tests, whose version numbers count from the first publish.
test('an old path sent on from the editor: a loop is refused at Save, and once published the old path answers 301', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await enrol(page, `Mover ${Date.now()}`);
  const siteFile = join(e2eDataDir, 'content', 'site.yaml');
  const before = await readFile(siteFile, 'utf8');
  const oldPath = `/masterclass-${Date.now()}`;
  try {
    await page.goto(`${ownerPaths.editor}/singleton/site`);
    const redirects = page.getByRole('group', { name: 'Redirects' });
    await redirects.getByRole('button', { name: 'Add' }).click();
    const item = page.getByRole('dialog', { name: 'Add item' });
    await item.getByRole('textbox', { name: 'From' }).fill(oldPath);
    // A slip: the old path sent to itself.
    await item.getByRole('textbox', { name: 'To' }).fill(oldPath);
    await item.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await expect(refusal).toContainText(
      `redirects[1].to: a redirect loop: ${oldPath} → ${oldPath}, so the page never loads`,
    );
    // Where the owner finds it, in the editor's own words.
    await expect(refusal).toContainText('(in the editor: Site › Redirects › item 2 › To)');
    expect(await readFile(siteFile, 'utf8')).toBe(before);

    await redirects.getByRole('row', { name: oldPath }).getByRole('gridcell').click();
    const editing = page.getByRole('dialog', { name: 'Edit item' });
    await editing.getByRole('textbox', { name: 'To' }).fill('/11cheatcodes');
    await editing.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => readFile(siteFile, 'utf8')).toContain(`from: ${oldPath}`);

    await page.goto(ownerPaths.room);
    const publishing = page.getByRole('region', { name: words.publish.heading, exact: true });
    await publishing.getByRole('button', { name: words.publish.publish, exact: true }).click();
    await expect(publishing.getByRole('status')).toHaveText(anyVersion, {
      timeout: 30_000,
    });
    const answer = await page.request.get(`${siteOrigin.main}${oldPath}?utm_source=email`, {
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe('/11cheatcodes?utm_source=email');
  } finally {
    await writeFile(siteFile, before);
  }
});

test('a page the owner makes in the editor: previewed, published, served without JavaScript, its enquiries in the room, on the sitemap; deleted, its path sent on', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await enrol(page, `Maker ${Date.now()}`);
  const stamp = Date.now();
  const name = `Speaking ${stamp}`;
  const slug = `speaking-${stamp}`;
  const path = `/speaker-${stamp}`;
  const heading = `Book Jamie to speak ${stamp}`;
  const pageFile = join(e2eDataDir, 'content', 'pages', `${slug}.yaml`);
  const siteFile = join(e2eDataDir, 'content', 'site.yaml');
  // The working copy is made when the editor first opens.
  await page.goto(`${ownerPaths.editor}/collection/pages/create`);
  const siteBefore = await readFile(siteFile, 'utf8');
  const publishing = page.getByRole('region', { name: words.publish.heading, exact: true });
  async function publish() {
    await page.goto(ownerPaths.room);
    await publishing.getByRole('button', { name: words.publish.publish, exact: true }).click();
    await expect(publishing.getByRole('status')).toHaveText(anyVersion, { timeout: 60_000 });
  }
  /** Adds a block of `kind` and fills its fields (by their labels in the editor). */
  async function addBlock(kind: string, fields: Record<string, string>) {
    await page.getByRole('group', { name: 'Blocks' }).getByRole('button', { name: 'Add' }).click();
    await page.getByRole('menuitem', { name: kind, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Add ${kind}` });
    for (const [label, value] of Object.entries(fields)) {
      await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    return dialog;
  }

  try {
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Path', exact: true }).fill(path);
    const meta = page.getByRole('group', { name: 'Meta' });
    await meta.getByRole('textbox', { name: 'Title' }).fill(`Speaking | ${stamp}`);
    await meta.getByRole('textbox', { name: 'Description' }).fill('Keynotes, panels, podcasts.');

    await (await addBlock('Hero', { Heading: heading, Sub: 'Keynotes, panels and podcasts.' }))
      .getByRole('button', { name: 'Add', exact: true })
      .click();
    await (
      await addBlock('Text', {
        Heading: 'What the talk gives your audience',
        Body: 'A plan they can start on Monday.\n\n- Why founders stall\n- What buyers check first',
      })
    )
      .getByRole('button', { name: 'Add', exact: true })
      .click();
    const testimonials = await addBlock('Testimonials', { Heading: 'What organisers say' });
    await testimonials
      .getByRole('group', { name: 'Items' })
      .getByRole('button', { name: 'Add' })
      .click();
    const quote = page.getByRole('dialog', { name: 'Add item' });
    await quote.getByRole('textbox', { name: 'Quote' }).fill('The best session of the day.');
    await quote.getByRole('textbox', { name: 'Name' }).fill('Lena Kovac');
    await quote.getByRole('textbox', { name: 'Role' }).fill('Programme lead');
    await quote.getByRole('button', { name: 'Add', exact: true }).click();
    await testimonials.getByRole('button', { name: 'Add', exact: true }).last().click();
    const enquiry = await addBlock('Enquiry', {
      Kicker: 'Get in touch',
      Heading: 'Ask about a date',
      Sub: 'We answer within two working days.',
      'Name label': 'Your name',
      'Email label': 'Email address',
      'Message label': 'Your message',
      'Message placeholder': 'The event, the date and the audience',
      Submit: 'Send enquiry',
      Submitting: 'Sending…',
      Success: 'Thanks: your enquiry is in.',
      Error: 'Your enquiry could not be sent.',
    });
    await enquiry.getByRole('button', { name: 'Add', exact: true }).last().click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => readFile(pageFile, 'utf8').catch(() => '')).toContain(`path: ${path}`);

    // The preview shows it to the owner before anyone else.
    await page.goto(ownerPaths.room);
    await publishing.getByRole('button', { name: words.publish.preview, exact: true }).click();
    const previewLink = page
      .getByRole('navigation', { name: words.publish.previewPages })
      .getByRole('link', { name: `pages/${slug}` });
    const preview = await page.request.get(
      (await previewLink.getAttribute('href', { timeout: 60_000 })) ?? '',
    );
    expect(await preview.text()).toContain(heading);
    expect(
      (await page.request.get(`${siteOrigin.main}${path}`, { maxRedirects: 0 })).status(),
    ).toBe(404);

    await publish();
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const plain = await visitor.newPage();
    const response = await plain.goto(`${siteOrigin.main}${path}`);
    expect(response?.status()).toBe(200);
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(plain.getByText('The best session of the day.')).toBeVisible();
    await expect(
      plain.getByRole('listitem').filter({ hasText: 'What buyers check first' }),
    ).toBeVisible();
    await visitor.close();
    const sitemap = await page.request.get(`${siteOrigin.main}/sitemap.xml`);
    expect(await sitemap.text()).toContain(`${siteOrigin.main}${path}</loc>`);

    // An enquiry from the page reaches the room, with the page it came from.
    const email = `organiser+${stamp}@example.com`;
    const visit = await browser.newPage();
    await visit.goto(`${siteOrigin.main}${path}`);
    await visit.getByLabel('Your name').fill('Ada Organiser');
    await visit.getByLabel('Email address').fill(email);
    await visit.getByLabel('Your message').fill('A keynote in March for 300 founders.');
    await visit.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(
      visit.getByRole('status').filter({ hasText: 'Thanks: your enquiry is in.' }),
    ).toBeVisible();
    await visit.close();
    await page.goto(viewPath('leads'));
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(path);

    // Deleted in the editor, with a redirect to the home page for links already sent.
    await page.goto(`${ownerPaths.editor}/collection/pages/item/${slug}`);
    await page.getByRole('button', { name: 'Delete entry…' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /delete/i })
      .click();
    await expect
      .poll(() =>
        access(pageFile).then(
          () => 'there',
          () => 'gone',
        ),
      )
      .toBe('gone');
    const site = parseDocument(await readFile(siteFile, 'utf8'));
    site.setIn(['redirects'], [{ site: 'main', from: path, to: '/', kind: 'permanent' }]);
    await writeFile(siteFile, String(site));
    await publish();
    const gone = await page.request.get(`${siteOrigin.main}${path}`, { maxRedirects: 0 });
    expect(gone.status()).toBe(301);
    expect(gone.headers().location).toBe('/');
    expect(await (await page.request.get(`${siteOrigin.main}/sitemap.xml`)).text()).not.toContain(
      path,
    );
  } finally {
    await writeFile(siteFile, siteBefore);
    await rm(pageFile, { force: true });
  }
});

test('an experiment made in the editor: two visitors see its two headlines without JavaScript or a cookie, a sign-up under B shows under B in the room, and making B the page shows it to everyone', async ({
  page,
  browser,
}) => {
  // Three publishes, and visitors enough to meet both variants.
  test.setTimeout(240_000);
  await enrol(page, `Experimenter ${Date.now()}`);
  const stamp = Date.now();
  const name = `headline-${stamp}`;
  const headingB = `Headline B ${stamp}`;
  const control = content.waitlist.hero.heading;
  const experimentsFile = join(e2eDataDir, 'content', 'experiments.yaml');
  const waitlistFile = join(e2eDataDir, 'content', 'waitlist.yaml');
  // The working copy is made when the editor first opens.
  await page.goto(`${ownerPaths.editor}/singleton/experiments`);
  const before = {
    experiments: await readFile(experimentsFile, 'utf8'),
    waitlist: await readFile(waitlistFile, 'utf8'),
  };
  const text = words.experiments;
  const experiments = page.getByRole('region', { name: text.heading, exact: true });
  /** "Make this the page" in the room for `variant` of the experiment `experiment`. */
  async function makeThePage(experiment: string, variant: string) {
    await page.goto(viewPath('experiments'));
    const article = experiments.getByRole('article', { name: new RegExp(`^${experiment}\\b`) });
    await article.getByLabel(text.choose).selectOption(variant);
    await article.getByRole('button', { name: text.makeThePage }).click();
    await article.getByRole('button', { name: text.yes }).click();
    await expect(experiments.getByRole('status')).toHaveText(
      withAnyNumber((version) => text.made(variant, version)),
      { timeout: 60_000 },
    );
  }
  /**
   * A visitor's own address, as the server's trusted proxy (TRUST_PROXY, playwright.config.ts)
   * names it: an experiment counts no address that was shown both variants, and every test
   * browses from 127.0.0.1. The run's stamp keeps them apart from an earlier run's.
   */
  const visitorAddress = (visitor: number) => ({
    'X-Forwarded-For': `2001:db8:${(stamp % 0xffff).toString(16)}::${visitor.toString(16)}`,
  });
  /** The waitlist page as a visitor of their own browser and address sees it, without JavaScript. */
  async function visit(visitor: number) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: visitorAddress(visitor),
    });
    const tab = await context.newPage();
    const response = await tab.goto(`${siteOrigin.waitlist}/`);
    expect(response?.status()).toBe(200);
    const headers = (await response?.allHeaders()) ?? {};
    expect(headers['set-cookie']).toBeUndefined();
    const heading = (await tab.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(await context.cookies()).toEqual([]);
    await context.close();
    return { heading, cacheControl: headers['cache-control'] };
  }

  try {
    // One experiment per page at once: the sample ends first, the page as it is kept.
    await makeThePage('waitlist-headline', 'control');

    // The experiment, made in the editor.
    await page.goto(`${ownerPaths.editor}/singleton/experiments`);
    await page
      .getByRole('group', { name: 'Experiments' })
      .getByRole('button', { name: 'Add' })
      .click();
    const experiment = page.getByRole('dialog', { name: 'Add item' });
    await experiment.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await experiment.getByRole('textbox', { name: 'Page', exact: true }).fill('waitlist');
    await experiment.getByRole('textbox', { name: 'Control share' }).fill('50');
    await experiment.getByRole('textbox', { name: 'Sample size' }).fill('100');
    await experiment
      .getByRole('group', { name: 'Variants' })
      .getByRole('button', { name: 'Add' })
      .click();
    const variant = page.getByRole('dialog', { name: 'Add item' }).last();
    await variant.getByRole('textbox', { name: 'Name', exact: true }).fill('b');
    await variant.getByRole('textbox', { name: 'Share' }).fill('50');
    await variant
      .getByRole('group', { name: 'Changes' })
      .getByRole('button', { name: 'Add' })
      .click();
    const change = page.getByRole('dialog', { name: 'Add item' }).last();
    await change.getByRole('textbox', { name: 'Field', exact: true }).fill('hero.heading');
    await change.getByRole('textbox', { name: 'Text', exact: true }).fill(headingB);
    // Each dialog's own Add, once the one above it has closed.
    const dialogs = page.getByRole('dialog');
    await change.getByRole('button', { name: 'Add', exact: true }).last().click();
    await expect(dialogs).toHaveCount(2);
    await variant.getByRole('button', { name: 'Add', exact: true }).last().click();
    await expect(dialogs).toHaveCount(1);
    await experiment.getByRole('button', { name: 'Add', exact: true }).last().click();
    await expect(dialogs).toHaveCount(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => readFile(experimentsFile, 'utf8')).toContain(`name: ${name}`);

    await page.goto(ownerPaths.room);
    const publishing = page.getByRole('region', { name: words.publish.heading, exact: true });
    await publishing.getByRole('button', { name: words.publish.publish, exact: true }).click();
    await expect(publishing.getByRole('status')).toHaveText(anyVersion, { timeout: 60_000 });

    // Visitors of their own browsers, without JavaScript, until both headlines have been seen.
    const seen = new Map<string, number>();
    for (let visitor = 0; visitor < 40 && seen.size < 2; visitor++) {
      const { heading, cacheControl } = await visit(visitor);
      expect(cacheControl).toBe('private, no-cache');
      if (!seen.has(heading)) seen.set(heading, visitor);
    }
    expect([...seen.keys()].sort()).toEqual([control, headingB].sort());

    // Visitor B signs up from the page it was shown.
    const visitorB = seen.get(headingB) ?? 0;
    const context = await browser.newContext({
      extraHTTPHeaders: visitorAddress(visitorB),
    });
    const tab = await context.newPage();
    await tab.goto(`${siteOrigin.waitlist}/`);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(headingB);
    await tab.getByLabel(content.site.forms.emailLabel).fill(`b+${stamp}@example.com`);
    await tab.getByRole('button', { name: content.waitlist.hero.copy.submit }).click();
    await expect(
      tab.getByRole('status').filter({ hasText: content.waitlist.hero.copy.success }),
    ).toBeVisible();
    await context.close();

    // The room counts it under B, once the page views of B's visit are written (every few
    // seconds: a variant converts no more visitors than it has).
    const standing = experiments.getByRole('table', { name: `${text.heading}: ${name}` });
    const rowB = standing
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^b\b/ }) });
    await expect
      .poll(
        async () => {
          await page.goto(viewPath('experiments'));
          return rowB.getByRole('cell').nth(2).textContent();
        },
        { timeout: 30_000 },
      )
      .toBe('1');
    const rowControl = standing.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(text.control)}`) }),
    });
    await expect(rowControl.getByRole('cell').nth(2)).toHaveText('0');

    // Ended with B: everyone sees B, and the page may be cached again.
    await makeThePage(name, 'b');
    for (let visitor = 100; visitor < 104; visitor++) {
      const { heading, cacheControl } = await visit(visitor);
      expect(heading).toBe(headingB);
      expect(cacheControl).toBe('public, max-age=0, must-revalidate');
    }
  } finally {
    await writeFile(experimentsFile, before.experiments);
    await writeFile(waitlistFile, before.waitlist);
  }
});

/** The writing (docs/decisions/028-writing.md) from the owner's side. */
const writing = content.writing;
const pictureWords = 'A to-do list, three lines long';

/**
 * The Edit button of Keystatic's toolbar under a picture in the text: its buttons carry no name,
 * so it is found as the first button just below the picture.
 */
async function pictureEditButton(page: Page, below: number) {
  const index = await page.evaluate(
    (y) =>
      [...document.querySelectorAll('button')].findIndex((button) => {
        const { top } = button.getBoundingClientRect();
        return top > y && top < y + 80;
      }),
    below,
  );
  return page.locator('button').nth(index);
}

/** What a reader without JavaScript gets at `path` of the main site: its status and its text. */
async function read(browser: Browser, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const response = await context.request.get(`${siteOrigin.main}${path}`);
    return { status: response.status(), text: await response.text() };
  } finally {
    await context.close();
  }
}

test('a post written in the editor and scheduled ahead appears on time without JavaScript, in the index, the home page and the feeds, and Kit gets exactly one broadcast of it', async ({
  page,
  browser,
}) => {
  // A publish, then the wait for the post's time and the minute it may take to appear.
  test.setTimeout(300_000);
  const kit = await startFakeKit(e2eKit.apiKey, undefined, e2eKit.port);
  try {
    await enrol(page, `Writer ${Date.now()}`);
    const stamp = Date.now();
    const title = `Hand over the inbox ${stamp}`;
    const slug = `hand-over-the-inbox-${stamp}`;
    const postPath = `${writing.path}/${slug}`;
    const postFile = join(e2eDataDir, 'content', 'posts', `${slug}.md`);

    await page.goto(`${ownerPaths.editor}/collection/posts/create`);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('The inbox is the last job a founder hands over, and the first that should go.');
    await page.getByRole('checkbox', { name: 'Newsletter' }).check();
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    await text.click();
    await page.keyboard.type('Your inbox is a queue of decisions that other people could make.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Write the three answers you give most, then hand them over.');
    await page.keyboard.press('Enter');
    // A picture, uploaded from the text's insert menu, with the words that say what it shows.
    // Chosen with the keyboard, which the editor reads in order: a click that came while the
    // menu was still opening was lost under load, and no file chooser came.
    await page.keyboard.type('/');
    const image = page.getByRole('option', { name: /^Image/ });
    await expect(image).toBeVisible();
    await page.keyboard.type('image');
    await expect(image).toBeVisible();
    const upload = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await upload).setFiles({
      name: 'Inbox Zero.png',
      mimeType: 'image/png',
      buffer: await sharp({
        create: { width: 1200, height: 675, channels: 3, background: '#1f3a33' },
      })
        .png()
        .toBuffer(),
    });
    const picture = text.locator('img[data-filename]');
    const box = await picture.boundingBox();
    if (!box) throw new Error('the uploaded picture is not in the text');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await (await pictureEditButton(page, box.y + box.height)).click();
    const details = page.getByRole('dialog', { name: 'Image details' });
    await details.getByRole('textbox', { name: 'Alt text' }).fill(pictureWords);
    await details.getByRole('button', { name: 'Save' }).click();
    // A minute ahead of the press: the publish is done well before then (its time is checked).
    const due = Date.now() + 60_000;
    await page
      .getByRole('textbox', { name: 'Date', exact: true })
      .fill(new Date(due).toISOString().replace(/\.\d{3}Z$/, '+00:00'));
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => readFile(postFile, 'utf8').catch(() => '')).toContain(title);
    expect(await readFile(postFile, 'utf8')).toContain(`![${pictureWords}](inbox-zero.png)`);

    const publishing = page.getByRole('region', { name: words.publish.heading, exact: true });
    await page.goto(ownerPaths.room);
    // Before Publish, the room says what becomes of its newsletter: a draft in Kit by its time.
    await expect(
      publishing
        .getByRole('region', { name: words.publish.newsletters, exact: true })
        .getByRole('listitem')
        .filter({ hasText: title }),
    ).toContainText(/will be a draft in Kit by .+, for you to send to \d+ subscribers?$/);
    await publishing.getByRole('button', { name: words.publish.publish, exact: true }).click();
    await expect(publishing.getByRole('status')).toHaveText(anyVersion, { timeout: 60_000 });
    // The first view lists it as coming out, with the moment it appears.
    await expect(
      page
        .getByRole('region', { name: words.needsYou.comingOut, exact: true })
        .getByRole('listitem')
        .filter({ hasText: title }),
    ).toContainText(words.writing.ahead(''));

    // Published, and not yet out: on no page, in no feed, at no address.
    expect(Date.now(), 'the publish ended before the post was due').toBeLessThan(due);
    expect((await read(browser, writing.path)).text).not.toContain(title);
    expect((await read(browser, `${writing.path}/rss.xml`)).text).not.toContain(slug);
    expect((await read(browser, `${writing.path}/atom.xml`)).text).not.toContain(slug);
    expect((await read(browser, postPath)).status).toBe(404);
    // Nor in the home page's latest writing, nor the JSON Feed.
    expect((await read(browser, '/')).text).not.toContain(title);
    expect((await read(browser, `${writing.path}/feed.json`)).text).not.toContain(slug);

    // Its newsletter is made in Kit now, as a draft to send from Kit, once.
    const made = () => kit.broadcasts.filter((broadcast) => broadcast.subject === title);
    await expect.poll(() => made().length, { timeout: 30_000 }).toBe(1);
    const [broadcast] = made();
    expect(broadcast?.send_at).toBeNull();
    expect(broadcast?.content).toContain(
      `<p><a href="${siteOrigin.main}${postPath}">${writing.newsletter.readOnline}</a></p>`,
    );
    expect(broadcast?.content).toContain(
      '<p>Your inbox is a queue of decisions that other people could make.</p>',
    );
    expect(broadcast?.content).toMatch(
      new RegExp(`<img src="${siteOrigin.main}/[^"]+\\.png" alt="${pictureWords}"`),
    );
    expect(broadcast?.content).toContain(
      '<p>Write the three answers you give most, then hand them over.</p>',
    );
    const room = page.getByRole('region', { name: words.writing.heading, exact: true });
    await page.goto(viewPath('writing'));
    await expect(room.getByRole('row', { name: new RegExp(title) })).toContainText(
      /Draft in Kit since/,
    );

    // At its time it appears by itself: the index, the post, both feeds, within a minute.
    await expect
      .poll(async () => (await read(browser, writing.path)).text, {
        timeout: due - Date.now() + 60_000,
        intervals: [2_000],
      })
      .toContain(title);
    expect(Date.now()).toBeGreaterThanOrEqual(due);
    const post = await read(browser, postPath);
    expect(post.status).toBe(200);
    expect(post.text).toContain('Write the three answers you give most, then hand them over.');
    expect(post.text).toContain(`alt="${pictureWords}"`);
    expect((await read(browser, `${writing.path}/rss.xml`)).text).toContain(
      `${siteOrigin.main}${postPath}`,
    );
    expect((await read(browser, `${writing.path}/atom.xml`)).text).toContain(
      `${siteOrigin.main}${postPath}`,
    );
    // The home page's latest writing lists it, rendered again at its time, with no script.
    await expect
      .poll(async () => (await read(browser, '/')).text, { timeout: 60_000, intervals: [2_000] })
      .toContain(title);
    // Each feed carries the post in full, not only its summary.
    expect((await read(browser, `${writing.path}/rss.xml`)).text).toContain(
      'Write the three answers you give most, then hand them over.',
    );
    expect((await read(browser, `${writing.path}/feed.json`)).text).toContain(
      `${siteOrigin.main}${postPath}`,
    );
    expect(made()).toHaveLength(1);
  } finally {
    await kit.close();
  }
});
