import { resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { loadContent } from '../../../contracts/content/load';
import type { WorkshopCheckout } from '../../../contracts/render-slices';
import type { OutboxJob } from '../../db/outbox';
import type { OutboxJobKind } from '../../db/schema';
import { parseEnv } from '../../env';
import type { AttendeeMessage } from '../../providers/attendee-mail';
import { describeEachStore } from '../../testing/stores';
import {
  chargeDisputeEvent,
  chargeRefundedEvent,
  checkoutSessionEvent,
  type SessionOptions,
  testReferences,
} from '../../testing/stripe';
import { readSaleEvent, recordStripeEvent } from '../sales';
import { workshopConfirmCommand } from './commands/review';
import { workshopFulfilment } from './fulfil';
import { type WorkshopDeliveryWords, workshopJobs } from './jobs';
import { workshopOverview } from './owner-data';
import { referenceLifetimeMs } from './payment-check';
import { holdSeat, openHold, seatsTaken } from './seats';
import { ensureSession, setSessionLinks } from './sessions';

/**
 * What a payment buys (docs/decisions/034-selling-that-cannot-be-gamed.md), on both databases: a
 * reference from our redirect is good for its session, at its price, through its own checkout,
 * for two days; anything else is held for the owner and sent nothing. A dispute stops the
 * attendee's emails until it is settled; one lost frees the seat.
 */

const hour = 3_600_000;
const start = new Date(Date.now() + 10 * 24 * hour).toISOString();
const december: WorkshopCheckout = {
  id: 'december-2026',
  start,
  price: { amount: 49, currency: 'GBP' },
  seats: 3,
  checkout: 'https://buy.stripe.com/test_december',
  paymentLink: 'plink_december',
};
const allJobs: OutboxJobKind[] = [
  'workshop-confirmation',
  'kit-purchase',
  'kit-workshop-tag',
  'workshop-reminder-day',
  'workshop-reminder-hour',
];
const click = { day: '2026-11-27', host: 'localhost', path: '/assetworkshop', source: 'Instagram' };
const boughtAt = { product: 'workshop', unit: december.id, amount: 4900, currency: 'gbp' };
const joiningLink = 'https://zoom.example/j/8675309?pwd=private';

let delivery: WorkshopDeliveryWords;
beforeAll(async () => {
  delivery = (await loadContent(resolve(import.meta.dirname, '../../../content'))).workshop
    .delivery;
});

describeEachStore('what a payment buys', ({ store }) => {
  const fulfilment = workshopFulfilment({
    jobsForAttendee: () => allJobs,
    sessions: () => new Map([[december.id, december]]),
    sessionsSoldAt: () => [december],
    references: testReferences,
  });
  const record = (event: object) => {
    const parsed = readSaleEvent(JSON.stringify(event), event, testReferences.read);
    if (parsed.kind !== 'record') throw new Error(`${parsed.type} ignored`);
    return recordStripeEvent(store(), parsed.event, () => [], { fulfil: fulfilment });
  };
  /** A payment through a Payment Link, carrying a reference our redirect made `age` ago. */
  const throughLink = (session: string, options: SessionOptions & { age?: number } = {}) => {
    const { age = 60_000, ...rest } = options;
    const created = Math.floor(Date.now() / 1000);
    return checkoutSessionEvent('checkout.session.completed', {
      session,
      created,
      paymentLink: december.paymentLink,
      email: `${session}@example.com`,
      reference: testReferences.bind(click, boughtAt, new Date(created * 1000 - age)),
      ...rest,
    });
  };
  const attendee = (id: string) =>
    store()
      .db.selectFrom('workshop_attendees')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const jobsOf = async (id: string) =>
    (
      await store()
        .db.selectFrom('outbox_jobs')
        .select('kind')
        .where('lead_id', '=', id)
        .orderBy('kind')
        .execute()
    ).map((job) => job.kind);
  const sold = async () =>
    (await seatsTaken(store(), new Date().toISOString()))[december.id]?.sold ?? 0;

  it('holds for the owner a £5 payment through another Payment Link carrying a genuine reference: no seat, no email', async () => {
    await record(throughLink('cs_test_five', { amount: 500, paymentLink: 'plink_ebook' }));
    expect(await attendee('cs_test_five')).toMatchObject({
      session_id: december.id,
      status: 'review',
      review_reason: 'other-link,price',
      amount: 500,
      expected_amount: 4900,
    });
    expect(await jobsOf('cs_test_five')).toEqual([]);
    expect(await sold()).toBe(0);
  });

  it('holds for the owner a US$1 payment carrying the same reference, a second time', async () => {
    const reference = testReferences.bind(click, boughtAt, new Date(Date.now() - 60_000));
    await record(throughLink('cs_test_pound', { reference }));
    await record(throughLink('cs_test_dollar', { reference, amount: 100, currency: 'usd' }));
    expect(await attendee('cs_test_pound')).toMatchObject({ status: 'confirmed' });
    expect(await attendee('cs_test_dollar')).toMatchObject({
      status: 'review',
      review_reason: 'currency',
      mismatch: 1,
    });
    expect(await jobsOf('cs_test_dollar')).toEqual([]);
    expect(await sold()).toBe(1);
  });

  it('holds for the owner a payment whose reference is older than two days, or bound to another price', async () => {
    await record(throughLink('cs_test_stale', { age: referenceLifetimeMs + hour }));
    await record(throughLink('cs_test_fresh', { age: referenceLifetimeMs - hour }));
    // The June link's £39 paid with a reference for December's £49.
    await record(throughLink('cs_test_cheap', { amount: 3900 }));
    expect(await attendee('cs_test_stale')).toMatchObject({
      status: 'review',
      review_reason: 'expired',
    });
    expect(await attendee('cs_test_fresh')).toMatchObject({ status: 'confirmed' });
    expect(await attendee('cs_test_cheap')).toMatchObject({
      status: 'review',
      review_reason: 'price',
    });
    expect(await sold()).toBe(1);
  });

  it('confirms a payment the owner’s promotion code made cheaper, and holds one cheaper for no such reason', async () => {
    await record(throughLink('cs_test_friend', { promotionDiscount: 490 }));
    const unexplained = throughLink('cs_test_odd', { promotionDiscount: 490 });
    unexplained.data.object.discounts = [];
    await record(unexplained);
    expect(await attendee('cs_test_friend')).toMatchObject({
      status: 'confirmed',
      amount: 4410,
      mismatch: 0,
    });
    expect(await jobsOf('cs_test_friend')).toEqual([...allJobs].sort());
    expect(await attendee('cs_test_odd')).toMatchObject({
      status: 'review',
      review_reason: 'price',
    });
  });

  it('holds for the owner every Payment Link payment of a session whose content names no link id', async () => {
    const { paymentLink: _none, ...unnamed } = december;
    const onlyUrl = workshopFulfilment({
      jobsForAttendee: () => allJobs,
      sessions: () => new Map([[december.id, unnamed]]),
      sessionsSoldAt: () => [unnamed],
      references: testReferences,
    });
    const event = throughLink('cs_test_unnamed');
    const parsed = readSaleEvent(JSON.stringify(event), event, testReferences.read);
    if (parsed.kind !== 'record') throw new Error('ignored');
    await recordStripeEvent(store(), parsed.event, () => [], { fulfil: onlyUrl });
    expect(await attendee('cs_test_unnamed')).toMatchObject({
      status: 'review',
      review_reason: 'other-link',
    });
  });

  it('still reads a reference made before binding for its two days, and holds one older', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 4 * 24 * hour).toISOString().slice(0, 10);
    await record(
      throughLink('cs_test_v2', { reference: testReferences.make({ ...click, day: today }) }),
    );
    await record(
      throughLink('cs_test_v2old', { reference: testReferences.make({ ...click, day: old }) }),
    );
    expect(await attendee('cs_test_v2')).toMatchObject({ status: 'confirmed' });
    expect(await attendee('cs_test_v2old')).toMatchObject({
      status: 'review',
      review_reason: 'expired',
    });
  });

  it('holds our own checkout’s seat while the owner reviews a payment, and the confirm takes it and sends what a buyer gets', async () => {
    const now = new Date().toISOString();
    const held = await holdSeat(store(), {
      session: { ...december, seats: 3 },
      holder: { client: 'client', network: 'network' },
      now,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    if (held.kind !== 'held') throw new Error(held.kind);
    await openHold(store(), {
      hold: held.hold.id,
      checkoutSession: 'cs_test_ours',
      expiresAt: new Date(Date.now() + 35 * 60_000).toISOString(),
      now,
    });
    await record(
      checkoutSessionEvent('checkout.session.completed', {
        session: 'cs_test_ours',
        paymentLink: null,
        currency: 'usd',
        metadata: { workshop_session: december.id, hold: held.hold.id },
      }),
    );
    expect(await attendee('cs_test_ours')).toMatchObject({
      status: 'review',
      review_reason: 'currency',
    });
    // Not sold, yet its seat is still held for the owner's answer, until the session starts.
    expect((await seatsTaken(store(), new Date().toISOString()))[december.id]).toEqual({
      sold: 0,
      held: 1,
      cancelled: false,
    });
    const confirm = (attendee: string) =>
      workshopConfirmCommand.run(
        {
          store: store(),
          published: [],
          now: new Date(),
          ownerId: null,
          jobsForAttendee: () => allJobs,
        },
        { attendee },
      );
    expect(await confirm('cs_test_ours')).toEqual({ queued: 5 });
    expect(await attendee('cs_test_ours')).toMatchObject({
      status: 'confirmed',
      confirmed_at: expect.any(String),
    });
    expect(await jobsOf('cs_test_ours')).toEqual([...allJobs].sort());
    expect((await seatsTaken(store(), new Date().toISOString()))[december.id]).toEqual({
      sold: 1,
      held: 0,
      cancelled: false,
    });
    // Once: a second confirm, or one of an attendee never held, is refused.
    expect(await confirm('cs_test_ours')).toMatchObject({ status: 409 });
    expect(await jobsOf('cs_test_ours')).toHaveLength(5);
  });

  /** The attendee's emails, as the outbox would send them a day before: what reached the relay. */
  const sendAll = async (id: string) => {
    const sent: AttendeeMessage[] = [];
    const jobs = workshopJobs({
      env: parseEnv({ SITE_URL: 'https://jamie.example' }),
      providers: {
        kit: null,
        ownerMail: null,
        attendeeMail: {
          from: { name: 'Jamie', address: 'hello@jamie.example' },
          send: async (message) => void sent.push(message),
        },
      },
      // A day before the start: the day's reminder is due.
      clock: () => Date.parse(start) - 24 * hour,
      delivery: () => delivery,
    });
    const queued = (await store()
      .db.selectFrom('outbox_jobs')
      .selectAll()
      .where('lead_id', '=', id)
      .execute()) as OutboxJob[];
    for (const job of queued) {
      if (!job.kind.startsWith('workshop-')) continue;
      // The hour's reminder is not due yet, and says so.
      await jobs.send[job.kind]?.(store(), job).catch(() => {});
    }
    return sent.map((message) => message.subject);
  };

  it('stops a disputed attendee’s emails, shows the dispute in the room, and a dispute won lets them go again', async () => {
    await store().write((trx) => ensureSession(trx, { id: december.id, start }, start));
    await setSessionLinks(store(), december.id, { joining: joiningLink }, start);
    await record(throughLink('cs_test_disputed'));
    await record(
      chargeDisputeEvent('charge.dispute.created', { paymentIntent: 'pi_test_disputed' }),
    );
    expect(await attendee('cs_test_disputed')).toMatchObject({
      status: 'confirmed',
      dispute: 'open',
    });
    expect(await sendAll('cs_test_disputed')).toEqual([]);
    const [overview] = await workshopOverview(store(), {
      published: [december],
      now: new Date(),
    });
    expect(overview).toMatchObject({ disputed: 1, sold: 1 });
    await record(
      chargeDisputeEvent('charge.dispute.closed', {
        paymentIntent: 'pi_test_disputed',
        status: 'won',
      }),
    );
    expect(await attendee('cs_test_disputed')).toMatchObject({
      status: 'confirmed',
      dispute: 'won',
    });
    expect((await sendAll('cs_test_disputed')).length).toBeGreaterThan(0);
  });

  it('takes out an attendee whose dispute is lost, as a refund does, freeing the seat', async () => {
    await record(throughLink('cs_test_lost'));
    expect(await sold()).toBe(1);
    await record(chargeDisputeEvent('charge.dispute.created', { paymentIntent: 'pi_test_lost' }));
    expect(await sold()).toBe(1);
    await record(chargeDisputeEvent('charge.dispute.closed', { paymentIntent: 'pi_test_lost' }));
    expect(await attendee('cs_test_lost')).toMatchObject({
      status: 'refunded',
      dispute: 'lost',
      refunded_at: expect.any(String),
    });
    expect(await sold()).toBe(0);
    expect(await sendAll('cs_test_lost')).toEqual([]);
  });

  it('says how many refunded attendees still have the session’s joining link, until it changes', async () => {
    await store().write((trx) => ensureSession(trx, { id: december.id, start }, start));
    await setSessionLinks(store(), december.id, { joining: joiningLink }, start);
    await record(throughLink('cs_test_gone'));
    await record(throughLink('cs_test_never'));
    // The first got the link in their confirmation; the second was refunded before any email.
    expect(await sendAll('cs_test_gone')).not.toEqual([]);
    await record(chargeRefundedEvent({ paymentIntent: 'pi_test_gone', charge: 'ch_gone' }));
    await record(chargeRefundedEvent({ paymentIntent: 'pi_test_never', charge: 'ch_never' }));
    const overview = async () =>
      (await workshopOverview(store(), { published: [december], now: new Date() }))[0];
    expect(await overview()).toMatchObject({ refunded: 2, refundedWithLink: 1 });
    await setSessionLinks(store(), december.id, { joining: `${joiningLink}-new` }, start);
    expect(await overview()).toMatchObject({ refunded: 2, refundedWithLink: 0 });
  });
});
