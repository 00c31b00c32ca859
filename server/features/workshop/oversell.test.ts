import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Store } from '../../db/store';
import { createTestApp } from '../../testing/app';
import { type FakeStripe, startFakeStripe } from '../../testing/fake-stripe';
import { describeEachDatabase } from '../../testing/stores';
import { testWebhookSecret } from '../../testing/stripe';
import { seedAttendee } from '../../testing/workshop-attendees';
import {
  clickAtOnce,
  clickFigures,
  ownCheckoutSettings,
  soldSession,
  standInStripeKey,
  workshopSite,
} from '../../testing/workshop-checkout';

/**
 * No oversell, ever (docs/decisions/032-workshop-delivered.md): 1,000 visitors click for the last
 * 3 seats of a session at once; exactly 3 Checkout Sessions are made at the stand-in Stripe and
 * every other click is told "sold out". On SQLite, and on PostgreSQL with two instances of the
 * app on one database, the clicks spread over both. `npm run bench:seats` prints the same
 * figures.
 */
const session = soldSession(
  'december-2026',
  new Date(Date.now() + 10 * 86_400_000).toISOString(),
  20,
);

let stripe: FakeStripe;
beforeEach(async () => {
  stripe = await startFakeStripe({ apiKey: standInStripeKey, webhookSecret: testWebhookSecret });
});
afterEach(async () => {
  await stripe.stop();
});

describeEachDatabase('1,000 clicks for the last 3 seats', ({ database }) => {
  it('make exactly 3 Checkout Sessions; every other click is told the session is sold out', async () => {
    const instances = database().dialect === 'postgres' ? 2 : 1;
    const stores: Store[] = [];
    for (let i = 0; i < instances; i++) stores.push(await database().open());
    try {
      const [first] = stores as [Store];
      // 17 of its 20 seats are sold.
      for (let i = 0; i < 17; i++)
        await seedAttendee(first, { id: `cs_test_sold_${i}`, session: session.id });
      const apps = stores.map((store) =>
        createTestApp(
          store,
          ownCheckoutSettings(stripe.url),
          undefined,
          undefined,
          workshopSite([session]),
        ),
      );
      const answers = await clickAtOnce(apps, 1000, `?session=${session.id}`);
      const figures = clickFigures(answers, stripe.sessions().length);
      expect(figures).toMatchObject({ clicks: 1000, sessionsMade: 3, soldOut: 997 });
      const toStripe = answers.filter((answer) => answer.location.startsWith(stripe.url));
      expect(toStripe.map((answer) => answer.status)).toEqual([303, 303, 303]);
      expect(answers.every((answer) => answer.status === 303)).toBe(true);
      const held = await first.db
        .selectFrom('workshop_holds')
        .select(['status', 'checkout_session'])
        .execute();
      expect(held.map((hold) => hold.status)).toEqual(['open', 'open', 'open']);
      expect(new Set(held.map((hold) => hold.checkout_session))).toEqual(
        new Set(stripe.sessions().map((made) => made.id)),
      );
    } finally {
      for (const store of stores) await store.close();
    }
  }, 60_000);
});
