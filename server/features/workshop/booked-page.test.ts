import { expect, it } from 'vitest';
import { staticFile } from '../../http/static-files';
import { createTestApp } from '../../testing/app';
import { testSite } from '../../testing/site';
import { describeEachStore } from '../../testing/stores';
import { seedAttendee } from '../../testing/workshop-attendees';

/**
 * The workshop's "You're in" page says so only for the checkout of a confirmed attendee
 * (docs/decisions/034-selling-that-cannot-be-gamed.md): what the server decides for an address
 * of the page (`?checkout=`, Stripe's success_url), through the whole app on both databases,
 * read from the document it serves (src/pages/outcomes.tsx).
 */

const sellable = 'sellablebusiness.localhost';
const document = '<!doctype html><main><div data-proven="none"><h1>Outcomes</h1></div></main>';

function bookedSite() {
  return testSite({
    pages: new Map([
      ['workshop-booked', staticFile('workshop-booked.html', Buffer.from(document))],
      ['not-found', staticFile('not-found.html', Buffer.from('<h1>Not found</h1>'))],
    ]),
  });
}

async function proven(app: ReturnType<typeof createTestApp>, path: string, host = sellable) {
  const answer = await app.request(path, { headers: { host } });
  expect(answer.status, path).toBe(200);
  return /data-proven="([a-z]+)"/.exec(await answer.text())?.[1] ?? null;
}

describeEachStore('the workshop’s "You’re in" page', ({ store }) => {
  async function hold(id: string, session: string, status: 'open' | 'released', minutes = 30) {
    await store()
      .db.insertInto('workshop_holds')
      .values({
        id,
        session_id: 'december-2026',
        client_hash: 'hash',
        network_hash: 'network',
        status,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + minutes * 60_000).toISOString(),
        checkout_session: session,
        amount: 4900,
        currency: 'gbp',
        released_at: status === 'released' ? new Date().toISOString() : null,
      })
      .execute();
  }

  it('says "You’re in" for a confirmed attendee’s checkout, on both sites, and nothing for any other address', async () => {
    await seedAttendee(store(), { id: 'cs_test_paid', session: 'december-2026' });
    await seedAttendee(store(), {
      id: 'cs_test_refunded',
      session: 'december-2026',
      status: 'refunded',
    });
    const app = createTestApp(store(), {}, undefined, undefined, bookedSite());
    expect(await proven(app, '/cohort/booked?checkout=cs_test_paid')).toBe('paid');
    expect(await proven(app, '/assetworkshop/booked?checkout=cs_test_paid', 'localhost')).toBe(
      'paid',
    );
    for (const path of [
      '/cohort/booked',
      '/cohort/booked?checkout=cs_test_unknown',
      '/cohort/booked?checkout=cs_test_refunded',
      '/cohort/booked?checkout={CHECKOUT_SESSION_ID}',
    ]) {
      expect(await proven(app, path), path).toBe('none');
    }
  });

  it('says the payment is being confirmed while its hold holds the seat, and nothing once it is released or lapsed', async () => {
    await hold('hold-open', 'cs_test_open', 'open');
    await hold('hold-lapsed', 'cs_test_lapsed', 'open', -1);
    await hold('hold-released', 'cs_test_released', 'released');
    const app = createTestApp(store(), {}, undefined, undefined, bookedSite());
    expect(await proven(app, '/cohort/booked?checkout=cs_test_open')).toBe('pending');
    expect(await proven(app, '/cohort/booked?checkout=cs_test_lapsed')).toBe('none');
    expect(await proven(app, '/cohort/booked?checkout=cs_test_released')).toBe('none');
  });
});
