import { canonicalUrl, ownerRoutes } from '../contracts/routes';
import { axeViolations } from './axe';
import { content } from './content';
import { siteOrigin } from './hosts';
import { expect, test } from './test';

/**
 * The owner's pages of the content the site was built from (content/pages/): each whole without
 * JavaScript, with every block's section, and accessible at phone and desk widths
 * (docs/decisions/026-owner-pages.md).
 */
const owner = ownerRoutes(content);

for (const { page: id } of owner.filter(({ page }) => page.startsWith('pages/'))) {
  const slug = id.slice('pages/'.length);
  const page = content.pages[slug];
  const url = canonicalUrl(id, siteOrigin, owner) ?? '';
  const headings = (page?.blocks ?? []).flatMap((block) =>
    'heading' in block.value ? [block.value.heading] : [],
  );

  test(`${slug}: every block's section is in the HTML, in order, without JavaScript`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const tab = await context.newPage();
    const response = await tab.goto(url);
    expect(response?.status()).toBe(200);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(headings[0] ?? '');
    const shown = await tab.getByRole('heading').allTextContents();
    const places = headings.map((heading) => shown.findIndex((text) => text.includes(heading)));
    expect(
      places.every((place) => place >= 0),
      headings.join(' | '),
    ).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    await context.close();
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`${slug}: axe finds no violations at ${viewport.width} px`, async ({ page: tab }) => {
      await tab.setViewportSize(viewport);
      await tab.goto(url, { waitUntil: 'networkidle' });
      expect(await axeViolations(tab)).toEqual([]);
    });
  }
}
