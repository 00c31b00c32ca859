import { content } from './content';
import { siteOrigin } from './hosts';
import { expect, test } from './test';

/**
 * The sample experiment on the waitlist headline (content/experiments.yaml, decision 027): each
 * visitor is sent the prerendered page of their variant, without JavaScript and without a cookie.
 * A visitor here is a browser of an address of its own, as the server's trusted proxy
 * (TRUST_PROXY, playwright.config.ts) names it: the tests all run from one.
 */
const [sample] = content.experiments.experiments;

test('two visitors see the two headlines, with JavaScript off and no cookie', async ({
  browser,
}) => {
  if (!sample) throw new Error('the sample content has no experiment');
  const variantHeading = sample.variants[0]?.changes[0]?.text;
  const seen = new Set<string>();
  for (let visitor = 0; visitor < 24 && seen.size < 2; visitor++) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitor}` },
    });
    const page = await context.newPage();
    const response = await page.goto(`${siteOrigin.waitlist}/`);
    expect(response?.status()).toBe(200);
    const headers = await response?.allHeaders();
    expect(headers?.['set-cookie']).toBeUndefined();
    expect(headers?.['cache-control']).toBe('private, no-cache');
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    // The same visitor again: the same page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(await context.cookies()).toEqual([]);
    seen.add(heading);
    await context.close();
  }
  expect([...seen].sort()).toEqual([content.waitlist.hero.heading, variantHeading].sort());
});
