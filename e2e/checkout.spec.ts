import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { checkoutSessionEvent, signed } from '../server/testing/stripe';
import { content } from './content';
import { e2eDataDir, siteOrigin } from './hosts';
import { expect, test } from './test';

/**
 * The workshop checkout end to end (decision 020): a visitor who signed up in this browser comes
 * from Instagram, clicks a checkout button, and lands on Stripe with our reference and their
 * address; Stripe's signed event for that reference makes a sale the owner's funnel shows
 * under Instagram. Stripe's page is answered here; its event is signed here, as Stripe would.
 */

const run = promisify(execFile);

/** `npm run leads -- ARGS` against the e2e server's database. */
async function leads(...argv: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...argv], {
    env: { ...process.env, DATA_DIR: e2eDataDir, DATABASE_URL: '', SITE_URL: siteOrigin.main },
  });
  return stdout;
}

test('a checkout click from an Instagram visit becomes one £49 sale from Instagram', async ({
  page,
  context,
  request,
}) => {
  await context.route('https://buy.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title>' }),
  );
  const { home, workshop, site } = content;
  const email = `buyer+${Date.now()}@example.com`;

  // Signed up earlier in this browser: the checkout will not ask for the address again.
  await page.goto('/');
  const newsletter = page.locator('#newsletter');
  await newsletter.getByLabel(site.forms.emailLabel).fill(email);
  await newsletter.getByRole('button', { name: home.newsletter.copy.submit }).click();
  await expect(page.getByText(home.newsletter.toast.title, { exact: true })).toBeVisible();

  // Once the page's code has run (after its first paint), its checkout links carry the address;
  // a click before then goes on without it, as a plain link (src/lib/checkout-link.ts).
  await page.goto('/assetworkshop?utm_source=instagram', { waitUntil: 'networkidle' });
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: workshop.hero.cta, exact: true }).click();
  const checkout = await opened;
  await checkout.waitForURL(/^https:\/\/buy\.stripe\.com\//);
  const target = new URL(checkout.url());
  expect(target.searchParams.get('prefilled_email')).toBe(email);
  const reference = target.searchParams.get('client_reference_id') ?? '';
  // Ours (signed, then a nonce and the click's fields, bound to the session and its price:
  // docs/decisions/034-selling-that-cannot-be-gamed.md), in Stripe's alphabet, nothing personal.
  const fields = /^v3-[A-Za-z0-9_-]{22}-[A-Za-z0-9]{8}-([A-Za-z0-9_-]+)$/.exec(reference)?.[1];
  expect(fields).toBeDefined();
  expect(reference.length).toBeLessThanOrEqual(200);
  expect(Buffer.from(fields ?? '', 'base64url').toString()).not.toContain('buyer');
  await checkout.close();

  // Stripe tells our server the payment went through.
  const delivery = signed(
    checkoutSessionEvent('checkout.session.completed', {
      session: `cs_test_e2e${Date.now()}`,
      reference,
      email,
    }),
  );
  const response = await request.post(`${siteOrigin.main}/api/stripe/webhook`, {
    data: delivery.payload,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': delivery.signature },
  });
  expect(response.status()).toBe(200);

  // The owner's funnel: one sale of £49 from Instagram, and the click that started it.
  const table = (await leads('stats', '--by', 'source', '--since', '1d')).split('\n');
  const cells = (first: string) =>
    table
      .find((line) => line.startsWith(first))
      ?.trim()
      .split(/\s+/) ?? [];
  const [header, instagram] = [cells('source'), cells('Instagram')];
  expect(instagram[header.indexOf('sales')]).toBe('1');
  expect(instagram[header.indexOf('revenue')]).toBe('£49.00');
  const json = JSON.parse(
    await leads('stats', '--by', 'source', '--since', '1d', '--format', 'json'),
  );
  expect(json.rows).toContainEqual(
    expect.objectContaining({ source: 'Instagram', sales: 1, revenue: { gbp: 4900 } }),
  );
  const row = json.rows.find((line: { source: string }) => line.source === 'Instagram');
  expect(row.checkouts).toBeGreaterThanOrEqual(1);
});
