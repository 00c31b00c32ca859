import { expect, it } from 'vitest';
import { intakeSeatsKey } from '../../../contracts/cohort-intakes';
import { londonMidnight } from '../../../contracts/london-day';
import type { OutboxJobKind } from '../../db/schema';
import type { Store } from '../../db/store';
import { createTestApp } from '../../testing/app';
import { applyingCohort } from '../../testing/cohort';
import { seedApplication } from '../../testing/cohort-applications';
import { offerCheckoutEvent, recordOfferEvent } from '../../testing/cohort-offers';
import { describeEachStore } from '../../testing/stores';
import {
  chargeRefundedEvent,
  checkoutSessionEvent,
  delivery,
  signed,
  testWebhookSecret,
} from '../../testing/stripe';
import { soldSession, workshopSite } from '../../testing/workshop-checkout';
import { forgetApplications } from './applications';
import { applicationStatusCommand } from './commands/review';
import { type CohortOffer, cohortSeatsTaken, recordCheckout } from './offers';

/**
 * The cohort's fulfilment of Stripe's events (docs/decisions/033-cohort-applications.md, "The
 * offer that pays"), through the sales' `recordStripeEvent` as the webhook calls it, on both
 * databases; and the app's one fulfilment handing each event to the cohort or the workshop.
 */

const intake = '2027-01-11';
const served = applyingCohort({ intakes: [{ starts: intake, applyBy: '2026-12-14', seats: 2 }] });
const everyJob: OutboxJobKind[] = ['cohort-enrolled', 'kit-cohort-enrolled', 'kit-cohort-purchase'];

describeEachStore('the cohort’s fulfilment of Stripe’s events', ({ store }) => {
  const warnings: unknown[] = [];
  const record = (event: object) =>
    recordOfferEvent(store(), event, {
      jobs: () => everyJob,
      logger: { warn: (...args: unknown[]) => warnings.push(args) },
    });
  const queued = async (event: object) => {
    const outcome = await record(event);
    return outcome.kind === 'recorded' ? outcome.queued : [];
  };
  /** Ada's application, accepted: her open offer. */
  const offered = async (email = 'ada@example.com') => {
    const application = await seedApplication(store(), { email });
    const offers = { cohort: served, jobs: [], expire: null, logger: { warn: () => {} } };
    await applicationStatusCommand.run(
      { store: store(), now: new Date(), ownerId: null, offers },
      { application, status: 'accepted' },
    );
    return offerOf(store(), application);
  };

  it('keeps the seat of a payment on its way until the intake starts: paid, enrolled; failed, the seat free', async () => {
    const ada = await offered();
    const grace = await offered('grace@example.com');
    for (const offer of [ada, grace]) {
      const pending = offerCheckoutEvent('checkout.session.completed', offer.id, `cs_${offer.id}`, {
        paymentStatus: 'unpaid',
      });
      await record(pending);
    }
    const startsAt = new Date(londonMidnight(intake)).toISOString();
    expect(await offerOf(store(), ada.application_id)).toMatchObject({
      status: 'open',
      expires_at: startsAt,
    });
    const beforeStart = new Date(londonMidnight(intake) - 60_000).toISOString();
    expect(await seats(store(), beforeStart)).toEqual({ sold: 0, held: 2, cancelled: false });
    expect(
      await queued(
        offerCheckoutEvent('checkout.session.async_payment_succeeded', ada.id, `cs_${ada.id}`),
      ),
    ).toEqual(everyJob);
    await record(
      offerCheckoutEvent('checkout.session.async_payment_failed', grace.id, `cs_${grace.id}`, {
        paymentStatus: 'unpaid',
      }),
    );
    expect(await seats(store(), beforeStart)).toEqual({ sold: 1, held: 0, cancelled: false });
  });

  it('enrols a payment made after the offer was withdrawn: the applicant paid', async () => {
    const ada = await offered();
    await applicationStatusCommand.run(
      {
        store: store(),
        now: new Date(),
        ownerId: null,
        offers: { cohort: served, jobs: [], expire: null, logger: { warn: () => {} } },
      },
      { application: ada.application_id, status: 'declined' },
    );
    expect(
      await queued(offerCheckoutEvent('checkout.session.completed', ada.id, 'cs_late')),
    ).toEqual(everyJob);
    expect(await offerOf(store(), ada.application_id)).toMatchObject({ status: 'enrolled' });
  });

  it('keeps a payment refunded before its event came as refunded, its seat free and nothing queued', async () => {
    const ada = await offered();
    await record(
      chargeRefundedEvent({ paymentIntent: 'pi_cs_ada', refunded: 295000, amount: 295000 }),
    );
    expect(
      await queued(offerCheckoutEvent('checkout.session.completed', ada.id, 'cs_ada')),
    ).toEqual([]);
    expect(await offerOf(store(), ada.application_id)).toMatchObject({ status: 'refunded' });
    expect(await seats(store(), new Date().toISOString())).toBeUndefined();
  });

  it('enrols once when one offer is paid twice, and tells the owner to refund the second', async () => {
    const ada = await offered();
    warnings.length = 0;
    expect(
      await queued(offerCheckoutEvent('checkout.session.completed', ada.id, 'cs_first')),
    ).toEqual(everyJob);
    expect(
      await queued(offerCheckoutEvent('checkout.session.completed', ada.id, 'cs_second')),
    ).toEqual([]);
    expect(await offerOf(store(), ada.application_id)).toMatchObject({
      status: 'enrolled',
      checkout_session: 'cs_first',
    });
    expect(warnings).toEqual([
      [
        { offer: ada.id, checkoutSession: 'cs_second' },
        'a cohort offer paid a second time: refund this payment in Stripe',
      ],
    ]);
    // The same session's second event is no second payment.
    await record(
      offerCheckoutEvent('checkout.session.async_payment_succeeded', ada.id, 'cs_first'),
    );
    expect(warnings).toHaveLength(1);
  });

  it('lets the link open another checkout once its last one expired, and only that one', async () => {
    const ada = await offered();
    const now = new Date();
    await recordCheckout(store(), {
      offer: ada.id,
      checkoutSession: 'cs_new',
      url: 'https://checkout.stripe.com/c/pay/cs_new',
      checkoutExpiresAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
      holdUntil: new Date(now.getTime() + 35 * 60_000).toISOString(),
      now: now.toISOString(),
    });
    await record(offerCheckoutEvent('checkout.session.expired', ada.id, 'cs_old'));
    expect(await offerOf(store(), ada.application_id)).toMatchObject({
      checkout_url: expect.any(String),
    });
    await record(offerCheckoutEvent('checkout.session.expired', ada.id, 'cs_new'));
    expect(await offerOf(store(), ada.application_id)).toMatchObject({
      status: 'open',
      checkout_session: 'cs_new',
      checkout_url: null,
    });
    expect(await seats(store(), now.toISOString())).toEqual({ sold: 0, held: 1, cancelled: false });
  });

  it('enrols an applicant erased before the payment came, queuing nothing for them', async () => {
    const ada = await offered();
    // Erasure withdrew the offer; the payment made in time still enrols.
    await store().write((trx) =>
      forgetApplications(trx, 'ada@example.com', new Date().toISOString()),
    );
    expect(
      await queued(offerCheckoutEvent('checkout.session.completed', ada.id, 'cs_ada')),
    ).toEqual([]);
    expect(await offerOf(store(), ada.application_id)).toMatchObject({ status: 'enrolled' });
  });
});

describeEachStore(
  'the app’s one fulfilment: the cohort’s events to the cohort, the rest to the workshop',
  ({ store }) => {
    const session = soldSession(
      'december-2026',
      new Date(Date.now() + 10 * 86_400_000).toISOString(),
      3,
    );

    it('enrols an offer’s payment and refunds it without touching the workshop; a workshop payment and refund stay the workshop’s', async () => {
      const site = workshopSite([session]);
      site.cohort = served;
      const app = createTestApp(
        store(),
        { STRIPE_WEBHOOK_SECRET: testWebhookSecret },
        undefined,
        undefined,
        site,
      );
      const post = (event: object) => app.request('/api/stripe/webhook', delivery(signed(event)));
      const application = await seedApplication(store(), { email: 'ada@example.com' });
      const offers = { cohort: served, jobs: [], expire: null, logger: { warn: () => {} } };
      await applicationStatusCommand.run(
        { store: store(), now: new Date(), ownerId: null, offers },
        { application, status: 'accepted' },
      );
      const offer = await offerOf(store(), application);

      // Its reference is a counted click's, as a Payment Link's sale of the workshop would be.
      expect(
        (await post(offerCheckoutEvent('checkout.session.completed', offer.id, 'cs_offer'))).status,
      ).toBe(200);
      expect(await offerOf(store(), application)).toMatchObject({ status: 'enrolled' });
      expect(await attendees(store())).toEqual([]);

      const workshopEvent = checkoutSessionEvent('checkout.session.completed', {
        session: 'cs_workshop',
        paymentLink: null,
        paymentIntent: 'pi_workshop',
        metadata: { workshop_session: session.id },
      });
      expect((await post(workshopEvent)).status).toBe(200);
      expect(await attendees(store())).toEqual([{ id: 'cs_workshop', status: 'confirmed' }]);
      expect(await offerOf(store(), application)).toMatchObject({ status: 'enrolled' });

      // A refund is each one's own payment's.
      await post(
        chargeRefundedEvent({
          charge: 'ch_offer',
          paymentIntent: 'pi_cs_offer',
          refunded: 295000,
          amount: 295000,
        }),
      );
      expect(await offerOf(store(), application)).toMatchObject({ status: 'refunded' });
      expect(await attendees(store())).toEqual([{ id: 'cs_workshop', status: 'confirmed' }]);
      await post(chargeRefundedEvent({ charge: 'ch_workshop', paymentIntent: 'pi_workshop' }));
      expect(await attendees(store())).toEqual([{ id: 'cs_workshop', status: 'refunded' }]);
    });
  },
);

const offerOf = (store: Store, application: string): Promise<CohortOffer> =>
  store.db
    .selectFrom('cohort_offers')
    .selectAll()
    .where('application_id', '=', application)
    .executeTakeFirstOrThrow();

const attendees = (store: Store) =>
  store.db.selectFrom('workshop_attendees').select(['id', 'status']).execute();

const seats = async (store: Store, at: string) =>
  (await cohortSeatsTaken(store, at))[intakeSeatsKey(intake)];
