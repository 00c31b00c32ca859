import { expect, it } from 'vitest';
import type { OwnerRoute } from '../../../contracts/routes';
import { contentOpenedPaths } from '../../../contracts/routes';
import { staticFile } from '../../http/static-files';
import { createTestApp, testIpHashKey } from '../../testing/app';
import { applyingCohort } from '../../testing/cohort';
import { seedApplication } from '../../testing/cohort-applications';
import { seedOffer } from '../../testing/cohort-offers';
import { testSite } from '../../testing/site';
import { describeEachStore } from '../../testing/stores';
import { offerLinks } from './offer-links';

/**
 * The offer page says "You're in" only for the checkout of a paid offer
 * (docs/decisions/034-selling-that-cannot-be-gamed.md): what the server decides for an address
 * of the page, through the whole app on both databases, read from the document it serves (the
 * attribute the page's CSS shows an outcome by: src/pages/outcomes.tsx).
 */

const sellable = 'sellablebusiness.localhost';
const intake = '2027-01-11';
const document = '<!doctype html><main><div data-proven="none"><h1>Outcomes</h1></div></main>';

/** The cohort's site, with its offer page's document and its addresses open. */
function offerSite() {
  const ownerRoutes: OwnerRoute[] = contentOpenedPaths['cohort-offer'].map(({ site, path }) => ({
    page: 'cohort-offer',
    site,
    path,
    noindex: true,
  }));
  return testSite({
    cohort: applyingCohort({ intakes: [{ starts: intake, applyBy: '2026-12-14', seats: 20 }] }),
    routes: { redirects: [], ownerRoutes },
    pages: new Map([
      ['cohort-offer', staticFile('cohort-offer.html', Buffer.from(document))],
      ['not-found', staticFile('not-found.html', Buffer.from('<h1>Not found</h1>'))],
    ]),
  });
}

/** What the page served for `path` on `host` shows: an outcome the server proved, or none. */
async function shown(app: ReturnType<typeof createTestApp>, path: string, host = sellable) {
  const answer = await app.request(path, { headers: { host } });
  const html = await answer.text();
  return {
    status: answer.status,
    proven: /data-proven="([a-z]+)"/.exec(html)?.[1] ?? null,
    cache: answer.headers.get('cache-control'),
  };
}

describeEachStore('the offer page’s word on a payment', ({ store }) => {
  async function offers() {
    const application = (email: string) => seedApplication(store(), { email });
    const paid = await seedOffer(store(), {
      applicationId: await application('ada@example.com'),
      intake,
      status: 'enrolled',
      paid: { checkoutSession: 'cs_test_paid', amount: 295_000, at: new Date().toISOString() },
    });
    const open = await seedOffer(store(), {
      applicationId: await application('bo@example.com'),
      intake,
    });
    await store()
      .db.updateTable('cohort_offers')
      .set({ checkout_session: 'cs_test_open' })
      .where('id', '=', open)
      .execute();
    return { paid, open };
  }

  it('says "You’re in" only for a paid offer’s checkout, on both of the page’s addresses', async () => {
    await offers();
    const app = createTestApp(store(), {}, undefined, undefined, offerSite());
    const paid = await shown(app, '/offer?checkout=cs_test_paid');
    expect(paid).toEqual({ status: 200, proven: 'paid', cache: 'private, no-store' });
    expect(
      (await shown(app, '/sellablebusiness/offer?checkout=cs_test_paid', 'localhost')).proven,
    ).toBe('paid');
    // Opened as it is, or with a session no offer paid, the page claims nothing.
    for (const path of [
      '/offer',
      '/offer?checkout=',
      '/offer?checkout=cs_test_unknown',
      '/offer?checkout=not-a-session',
      '/offer?paid=cs_test_paid',
    ]) {
      expect(await shown(app, path), path).toMatchObject({ status: 200, proven: 'none' });
    }
    // The main site's "/offer" is not the offer page, whatever its query.
    expect((await shown(app, '/offer?checkout=cs_test_paid', 'localhost')).status).toBe(404);
  });

  it('says the payment is being confirmed while its offer’s checkout is open, and nothing once the offer is over', async () => {
    const { open } = await offers();
    const app = createTestApp(store(), {}, undefined, undefined, offerSite());
    expect((await shown(app, '/offer?checkout=cs_test_open')).proven).toBe('pending');
    const set = (changes: { status?: 'withdrawn'; expires_at?: string }) =>
      store().db.updateTable('cohort_offers').set(changes).where('id', '=', open).execute();
    await set({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await shown(app, '/offer?checkout=cs_test_open')).proven).toBe('none');
    await set({ expires_at: new Date(Date.now() + 86_400_000).toISOString(), status: 'withdrawn' });
    expect((await shown(app, '/offer?checkout=cs_test_open')).proven).toBe('none');
  });

  it('leads a paid offer’s link to the page that says so, and a link cut short to the page that says it is not whole', async () => {
    const { paid } = await offers();
    const app = createTestApp(store(), {}, undefined, undefined, offerSite());
    const link = offerLinks(testIpHashKey).link(`http://${sellable}`, paid);
    const answer = await app.request(link);
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location') ?? '';
    expect(location).toBe(`http://${sellable}/offer?checkout=cs_test_paid`);
    expect((await shown(app, new URL(location).pathname + new URL(location).search)).proven).toBe(
      'paid',
    );
    for (const cut of [
      link.slice(0, -1),
      link.slice(0, -12),
      link.split('.').slice(0, -1).join('.'),
    ]) {
      expect((await app.request(cut)).headers.get('location'), cut).toBe(
        `http://${sellable}/offer#invalid`,
      );
    }
  });
});
