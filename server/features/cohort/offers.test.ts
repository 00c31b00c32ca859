import { expect, it } from 'vitest';
import { intakeSeatsKey } from '../../../contracts/cohort-intakes';
import type { OutboxJobKind } from '../../db/schema';
import type { Store } from '../../db/store';
import { applyingCohort } from '../../testing/cohort';
import { seedApplication } from '../../testing/cohort-applications';
import { cohortJobKinds, offerCheckoutEvent, recordOfferEvent } from '../../testing/cohort-offers';
import { describeEachStore } from '../../testing/stores';
import { type CheckoutSessionEventType, chargeRefundedEvent } from '../../testing/stripe';
import { auditEntries } from '../room';
import { forgetApplications } from './applications';
import { applicationStatusCommand } from './commands/review';
import { type CohortOffer, cohortSeatsTaken, recordCheckout } from './offers';

/**
 * The offer's seat (docs/decisions/033-cohort-applications.md, "The offer that pays"), on both
 * databases: accepting holds one in the move's transaction or refuses the whole move, leaving
 * accepted or the window passing frees it, a payment enrols once however its events race, and a
 * refund in full frees it again.
 */

const intake = '2027-01-11';
const hour = 3_600_000;
const t0 = new Date('2026-11-27T12:00:00.000Z');
const later = (hours: number) => new Date(t0.getTime() + hours * hour);
const quiet = { warn: () => {} };

/** The cohort served with `seats` in the applications' intake. */
const served = (seats: number) =>
  applyingCohort({ intakes: [{ starts: intake, applyBy: '2026-12-14', seats }] });

interface Move {
  seats?: number;
  at?: Date;
  jobs?: readonly OutboxJobKind[];
  expire?: ((session: string) => Promise<void>) | null;
}

const move = (store: Store, application: string, status: string, options: Move = {}) =>
  applicationStatusCommand.run(
    {
      store,
      now: options.at ?? t0,
      ownerId: null,
      offers: {
        cohort: served(options.seats ?? 2),
        jobs: options.jobs ?? cohortJobKinds,
        expire: options.expire ?? null,
        logger: quiet,
      },
    },
    applicationStatusCommand.input.parse({ application, status }),
  );

const offers = (store: Store): Promise<CohortOffer[]> =>
  store.db.selectFrom('cohort_offers').selectAll().orderBy('created_at').execute();
const offerOf = (store: Store, application: string) =>
  store.db
    .selectFrom('cohort_offers')
    .selectAll()
    .where('application_id', '=', application)
    .executeTakeFirstOrThrow();
const jobs = (store: Store) =>
  store.db.selectFrom('outbox_jobs').select(['id', 'kind', 'lead_id']).orderBy('id').execute();
const seats = async (store: Store, at = t0) =>
  (await cohortSeatsTaken(store, at.toISOString()))[intakeSeatsKey(intake)];

/** A paid Checkout Session of an offer, as Stripe's event says it. */
const paid = (
  offer: string,
  session: string,
  type: CheckoutSessionEventType = 'checkout.session.completed',
) => offerCheckoutEvent(type, offer, session);

const record = (store: Store, event: object) => recordOfferEvent(store, event);

describeEachStore('a cohort offer’s seat', ({ store }) => {
  it('accepting makes an offer that holds a seat for the content’s window, with its email and Kit’s tag queued', async () => {
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    expect(await move(store(), ada, 'accepted')).toMatchObject({ from: 'new', status: 'accepted' });
    const [offer] = await offers(store());
    expect(offer).toMatchObject({
      application_id: ada,
      intake,
      status: 'open',
      amount: 295000,
      currency: 'gbp',
      created_at: t0.toISOString(),
      expires_at: later(72).toISOString(),
      checkout_session: null,
    });
    expect(await jobs(store())).toEqual([
      { id: `cohort-offer:${offer?.id}`, kind: 'cohort-offer', lead_id: offer?.id },
      { id: `kit-cohort-accepted:${offer?.id}`, kind: 'kit-cohort-accepted', lead_id: offer?.id },
    ]);
    expect(await seats(store())).toEqual({ sold: 0, held: 1, cancelled: false });

    // Only the jobs the providers set up can send are queued.
    const grace = await seedApplication(store(), { email: 'grace@example.com' });
    await move(store(), grace, 'accepted', { jobs: ['cohort-offer'] });
    expect((await jobs(store())).map((job) => job.kind)).toEqual([
      'cohort-offer',
      'cohort-offer',
      'kit-cohort-accepted',
    ]);
  });

  it('refuses to accept beyond the seats, and the whole move with it: nothing is written', async () => {
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    const grace = await seedApplication(store(), { email: 'grace@example.com' });
    await move(store(), ada, 'accepted', { seats: 1 });
    const audited = (await auditEntries(store(), 50)).length;
    const refused = await move(store(), grace, 'accepted', { seats: 1 });
    expect(refused).toEqual({
      refused:
        'No seat is left in this intake: 0 enrolled and 1 offer open. Waitlist the application, or raise the seats in the content.',
      status: 409,
    });
    const row = await store()
      .db.selectFrom('cohort_applications')
      .select(['status', 'decided_at'])
      .where('id', '=', grace)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'new', decided_at: null });
    const moves = await store()
      .db.selectFrom('cohort_application_events')
      .select('kind')
      .where('application_id', '=', grace)
      .execute();
    expect(moves.map((event) => event.kind)).toEqual(['submitted']);
    expect(await auditEntries(store(), 50)).toHaveLength(audited);
    expect((await offers(store())).map((offer) => offer.application_id)).toEqual([ada]);
    expect(await jobs(store())).toHaveLength(2);
    // With a seat more in the content, the same move is made.
    expect(await move(store(), grace, 'accepted', { seats: 2 })).toMatchObject({
      status: 'accepted',
    });
  });

  it('owners accepting four applications at once for the last seat: one offer, three refusals', async () => {
    const ids = await Promise.all(
      ['ada', 'grace', 'mary', 'emmy'].map((name) =>
        seedApplication(store(), { email: `${name}@example.com` }),
      ),
    );
    // An offer made and withdrawn before: the intake's row is there, free to be read at once.
    const before = await seedApplication(store(), { email: 'ann@example.com' });
    await move(store(), before, 'accepted', { seats: 1 });
    await move(store(), before, 'declined', { seats: 1 });
    const answers = await Promise.all(ids.map((id) => move(store(), id, 'accepted', { seats: 1 })));
    expect(answers.filter((answer) => 'from' in answer)).toHaveLength(1);
    expect(answers.filter((answer) => 'refused' in answer)).toHaveLength(3);
    const open = (await offers(store())).filter((offer) => offer.status === 'open');
    expect(open).toHaveLength(1);
    const accepted = await store()
      .db.selectFrom('cohort_applications')
      .select('id')
      .where('status', '=', 'accepted')
      .execute();
    expect(accepted.map((row) => row.id)).toEqual([open[0]?.application_id]);
  });

  it('leaving accepted withdraws the offer: its seat is free and its open checkout expired at Stripe', async () => {
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    const grace = await seedApplication(store(), { email: 'grace@example.com' });
    await move(store(), ada, 'accepted', { seats: 1 });
    const [offer] = await offers(store());
    await recordCheckout(store(), {
      offer: offer?.id ?? '',
      checkoutSession: 'cs_test_ada',
      url: 'https://checkout.stripe.com/c/pay/cs_test_ada',
      checkoutExpiresAt: later(1).toISOString(),
      holdUntil: later(1.1).toISOString(),
      now: t0.toISOString(),
    });
    const expired: string[] = [];
    const expire = async (session: string) => {
      expired.push(session);
    };
    await move(store(), ada, 'waitlisted', { seats: 1, expire, at: later(0.5) });
    expect(expired).toEqual(['cs_test_ada']);
    expect(await offers(store())).toEqual([
      expect.objectContaining({ status: 'withdrawn', closed_at: later(0.5).toISOString() }),
    ]);
    expect(await seats(store(), later(0.5))).toBeUndefined();
    expect(await move(store(), grace, 'accepted', { seats: 1, at: later(0.5) })).toMatchObject({
      status: 'accepted',
    });
    // The waitlist's email goes once, however often the owner moves the application back.
    await move(store(), ada, 'shortlisted', { at: later(1) });
    await move(store(), ada, 'waitlisted', { at: later(2) });
    expect((await jobs(store())).filter((job) => job.kind === 'cohort-waitlisted')).toEqual([
      { id: `cohort-waitlisted:${ada}`, kind: 'cohort-waitlisted', lead_id: ada },
    ]);
    // Stripe down: the move is made all the same.
    await move(store(), grace, 'declined', {
      at: later(3),
      expire: () => Promise.reject(new Error('Stripe down')),
    });
    expect((await offers(store())).map((each) => each.status)).toEqual(['withdrawn', 'withdrawn']);
  });

  it('erasing an applicant withdraws their open offer, its seat free, and drops its jobs', async () => {
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    const grace = await seedApplication(store(), { email: 'grace@example.com' });
    await move(store(), ada, 'accepted');
    await move(store(), grace, 'accepted');
    await store().write((trx) => forgetApplications(trx, 'ada@example.com', t0.toISOString()));
    const [adas, graces] = await Promise.all([offerOf(store(), ada), offerOf(store(), grace)]);
    expect(adas).toMatchObject({ status: 'withdrawn', closed_at: t0.toISOString() });
    expect(graces).toMatchObject({ status: 'open' });
    expect((await jobs(store())).map((job) => job.lead_id)).toEqual([graces.id, graces.id]);
    expect(await seats(store())).toEqual({ sold: 0, held: 1, cancelled: false });
  });

  it('an offer past its window frees its seat by time alone', async () => {
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    const grace = await seedApplication(store(), { email: 'grace@example.com' });
    await move(store(), ada, 'accepted', { seats: 1 });
    expect(await seats(store(), later(71.9))).toEqual({ sold: 0, held: 1, cancelled: false });
    expect(await move(store(), grace, 'accepted', { seats: 1, at: later(71.9) })).toMatchObject({
      status: 409,
    });
    expect(await seats(store(), later(72))).toBeUndefined();
    expect(await move(store(), grace, 'accepted', { seats: 1, at: later(72) })).toMatchObject({
      status: 'accepted',
    });
  });

  it('a paid offer enrols once, however its events race, and its application is not moved until refunded', async () => {
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    await move(store(), ada, 'accepted');
    const [offer] = await offers(store());
    const id = offer?.id ?? '';
    const outcomes = await Promise.all([
      record(store(), paid(id, 'cs_test_ada')),
      record(store(), paid(id, 'cs_test_ada')),
      record(store(), paid(id, 'cs_test_ada', 'checkout.session.async_payment_succeeded')),
    ]);
    expect(
      outcomes.flatMap((outcome) => (outcome.kind === 'recorded' ? outcome.queued : [])),
    ).toEqual(['cohort-enrolled', 'kit-cohort-enrolled', 'kit-cohort-purchase']);
    expect(await offers(store())).toEqual([
      expect.objectContaining({
        status: 'enrolled',
        paid_amount: 295000,
        payment_intent: 'pi_cs_test_ada',
        checkout_session: 'cs_test_ada',
        livemode: 0,
      }),
    ]);
    const enrolment = (await jobs(store())).filter((job) => job.kind !== 'cohort-offer');
    expect(enrolment.map((job) => job.id).sort()).toEqual(
      [
        `cohort-enrolled:${id}`,
        `kit-cohort-accepted:${id}`,
        `kit-cohort-enrolled:${id}`,
        `kit-cohort-purchase:${id}`,
      ].sort(),
    );
    expect(await seats(store(), later(100))).toEqual({ sold: 1, held: 0, cancelled: false });
    expect(await move(store(), ada, 'declined')).toEqual({
      refused: 'This applicant has paid and is enrolled: refund the payment in Stripe first.',
      status: 409,
    });
  });

  it('a refund in full frees the seat; a partial one keeps the enrolment', async () => {
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    await move(store(), ada, 'accepted', { seats: 1 });
    const [offer] = await offers(store());
    await record(store(), paid(offer?.id ?? '', 'cs_test_ada'));
    const refund = (refunded: number) =>
      chargeRefundedEvent({
        charge: 'ch_ada',
        paymentIntent: 'pi_cs_test_ada',
        refunded,
        amount: 295000,
      });
    await record(store(), refund(50000));
    expect(await seats(store())).toEqual({ sold: 1, held: 0, cancelled: false });
    await record(store(), refund(295000));
    expect(await seats(store())).toBeUndefined();
    expect((await offers(store()))[0]).toMatchObject({ status: 'refunded' });
    // Refunded, the application moves again, and the seat can be offered to another.
    expect(await move(store(), ada, 'waitlisted', { seats: 1 })).toMatchObject({
      status: 'waitlisted',
    });
    const grace = await seedApplication(store(), { email: 'grace@example.com' });
    expect(await move(store(), grace, 'accepted', { seats: 1 })).toMatchObject({
      status: 'accepted',
    });
  });
});
