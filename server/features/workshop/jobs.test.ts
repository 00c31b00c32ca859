import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { loadContent } from '../../../contracts/content/load';
import { workshopSlice } from '../../../contracts/render-slices/workshop';
import { enqueue, enqueueOnce, listJobs } from '../../db/outbox';
import { parseEnv } from '../../env';
import { outboxForwarding, type Providers } from '../../outbox/forwarding';
import { type OutboxWorker, startOutboxWorker } from '../../outbox/worker';
import { createAttendeeMail } from '../../providers/attendee-mail';
import { startFakeKit } from '../../providers/fake-kit';
import { createKit } from '../../providers/kit';
import { smtpOptions } from '../../providers/owner-mail';
import { readInvite } from '../../testing/calendar';
import { type FakeSmtp, type ReceivedMail, startFakeSmtp } from '../../testing/fake-smtp';
import { describeEachStore } from '../../testing/stores';
import { addAttendee, refundAttendee } from './attendees';
import { ukDate } from './emails';
import { type WorkshopDeliveryWords, workshopJobs } from './jobs';
import { followBuildSessions, workshopPublishHook } from './publish-hook';
import { queueAttendeeEmails } from './queue-emails';
import { cancelSession, followSessions, setSessionLinks } from './sessions';

const joiningLink = 'https://zoom.example/j/8675309?pwd=private-joining-secret';
const replayLink = 'https://video.example/replay/private-replay-secret';
const env = parseEnv({ SITE_URL: 'https://jamie.example' });
const hour = 3_600_000;
const fast = { pollMs: 10, baseDelayMs: 5, maxDelayMs: 40, rateLimitPauseMs: 30, maxAttempts: 3 };

let relay: FakeSmtp;
let kit: Awaited<ReturnType<typeof startFakeKit>>;
let delivery: WorkshopDeliveryWords;
beforeAll(async () => {
  relay = await startFakeSmtp();
  kit = await startFakeKit('workshop-kit-key');
  delivery = (await loadContent(resolve(import.meta.dirname, '../../../content'))).workshop
    .delivery;
});
afterAll(async () => {
  await relay.stop();
  await kit.close();
});

/** Every line the worker logged, as written. */
const logLines: string[] = [];
const logger = pino({ level: 'trace' }, { write: (line: string) => logLines.push(line) });

const providers = (oauth = true): Providers => ({
  kit: createKit({
    apiKey: 'workshop-kit-key',
    baseUrl: kit.url,
    ...(oauth ? { oauthToken: 'workshop-kit-key-oauth' } : {}),
  }),
  ownerMail: null,
  attendeeMail: createAttendeeMail({
    transport: nodemailer.createTransport(
      smtpOptions(relay.url, readFileSync(relay.caFile, 'utf8')),
    ),
    from: { name: 'Jamie Castell', address: 'hello@jamie.example' },
  }),
});

/** Each attendee gets an address of their own, so each test reads only its own mail. */
let counter = 0;

describeEachStore("the workshop's outbox jobs", ({ store }) => {
  const workers: OutboxWorker[] = [];
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
  });

  function startWorker(withProviders = providers(), maxAttempts = fast.maxAttempts) {
    const forwarding = outboxForwarding(env, withProviders, [
      workshopJobs({ env, providers: withProviders, clock: Date.now, delivery: () => delivery }),
    ]);
    const worker = startOutboxWorker(store(), forwarding, logger, { ...fast, maxAttempts });
    workers.push(worker);
    return worker;
  }

  /** A session starting `startsIn` from now, with its joining link, and one attendee of it. */
  async function attendeeOf(startsIn: number, { link = true, session = 'december-2026' } = {}) {
    const now = new Date().toISOString();
    // A start on the minute, as the content writes one.
    const start = new Date(Math.ceil((Date.now() + startsIn) / 60_000) * 60_000).toISOString();
    const id = `cs_test_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
    const email = `buyer${counter}@example.com`;
    await store().write(async (trx) => {
      await followSessions(trx, [{ id: session, start }], now);
      await addAttendee(trx, {
        id,
        session_id: session,
        hold_id: null,
        created_at: now,
        status: 'confirmed',
        name: 'Ada Lovelace',
        email,
        amount: 4900,
        currency: 'gbp',
        expected_amount: 4900,
        expected_currency: 'gbp',
        mismatch: 0,
        payment_intent: `pi_${id}`,
        livemode: 0,
        host: 'jamie.example',
        path: '/assetworkshop',
        source: null,
        experiment: null,
        variant: null,
        refunded_at: null,
        erased_at: null,
      });
    });
    if (link) await setSessionLinks(store(), session, { joining: joiningLink }, now);
    return { id, email, start, session };
  }

  const mailTo = (email: string, predicate: (mail: ReceivedMail) => boolean = () => true) =>
    relay.waitFor((mail) => mail.envelope.to.includes(email) && predicate(mail));
  const mailsTo = (email: string) =>
    relay.messages().filter((mail) => mail.envelope.to.includes(email));
  const settled = async (status: 'sent' | 'failed' = 'sent', count = 1) =>
    vi.waitFor(async () => expect(await listJobs(store(), [status])).toHaveLength(count), {
      timeout: 5_000,
    });
  /** A publish of the december session at `start`, as the room's publisher runs the hook. */
  async function publish(start: string): Promise<string> {
    const renderInput = join(mkdtempSync(join(tmpdir(), 'workshop-publish-')), 'render-input.json');
    const sessions = [
      {
        id: 'december-2026',
        start,
        price: { amount: 49, currency: 'GBP' },
        seats: 40,
        checkout: 'https://buy.stripe.com/test',
      },
    ];
    writeFileSync(renderInput, JSON.stringify({ content: { workshop: { sessions, delivery } } }));
    const starts = await workshopPublishHook().starts?.(renderInput);
    if (!starts) throw new Error('the workshop starts nothing on publish');
    await store().write((trx) => starts(trx, { now: Date.now(), confirmed: [] }));
    return renderInput;
  }

  const invite = (mail: ReceivedMail) => {
    const file = mail.mail.attachments.find((part) => part.filename === 'invite.ics');
    if (!file) throw new Error('no invite attached');
    return readInvite(file.content.toString());
  };

  it('confirms a seat: the words filled, the joining link, Google Calendar and the invite', async () => {
    const buyer = await attendeeOf(10 * 24 * hour);
    await store().write((trx) =>
      enqueue(trx, buyer.id, ['workshop-confirmation'], new Date().toISOString()),
    );
    startWorker();
    const confirmation = await mailTo(buyer.email);
    const { mail } = confirmation;
    expect(mail.subject).toMatch(
      /^You're in: Make Your Business an Asset, \w+day, \d+ \w+ 20\d\d$/,
    );
    expect(mail.text).toContain('Hi Ada Lovelace,');
    expect(mail.text).toMatch(/booked: \w+day, \d+ \w+ 20\d\d, \d\d:\d\d UK time/);
    expect(mail.text).toContain(`Join here: ${joiningLink}`);
    const google = /Add to Google Calendar: (\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(new URL(google).searchParams.get('location')).toBe(joiningLink);
    expect(mail.html).toContain('<a href="https://zoom.example/j/8675309');
    expect(invite(confirmation)).toMatchObject({
      method: 'REQUEST',
      uid: `${buyer.id}.december-2026@jamie.example`,
      sequence: 0,
      zone: 'Europe/London',
      start: buyer.start,
      location: joiningLink,
    });
    await settled();
    // The joining link is private: no log line carries it.
    expect(logLines.join('\n')).not.toContain('private-joining-secret');
  });

  it('confirms without the joining line while the owner has not entered the link', async () => {
    const buyer = await attendeeOf(10 * 24 * hour, { link: false, session: 'february-2027' });
    await store().write((trx) =>
      enqueue(trx, buyer.id, ['workshop-confirmation'], new Date().toISOString()),
    );
    startWorker();
    const { mail } = await mailTo(buyer.email);
    expect(mail.text).not.toContain('Join here');
    expect(mail.text).not.toContain('{joiningLink}');
    expect(mail.text).toContain('The calendar invite is attached.');
  });

  it('sends a refunded attendee nothing, and the job is done', async () => {
    const buyer = await attendeeOf(10 * 24 * hour);
    await store().write(async (trx) => {
      await refundAttendee(trx, `pi_${buyer.id}`, 4900, new Date().toISOString());
      await enqueue(
        trx,
        buyer.id,
        ['workshop-confirmation', 'kit-purchase', 'kit-workshop-tag'],
        new Date().toISOString(),
      );
    });
    const purchases = kit.purchases.length;
    startWorker();
    await settled('sent', 3);
    expect(mailsTo(buyer.email)).toHaveLength(0);
    expect(kit.purchases).toHaveLength(purchases);
  });

  it('reminds a day before with the joining link, once the owner has entered it', async () => {
    const buyer = await attendeeOf(23 * hour, { link: false });
    await store().write((trx) =>
      enqueue(trx, buyer.id, ['workshop-reminder-day'], new Date().toISOString()),
    );
    startWorker(providers(), 10_000);
    // No link yet: the reminder waits for it rather than go without.
    await vi.waitFor(async () => {
      const [job] = await listJobs(store(), ['pending']);
      expect(job?.last_error).toMatch(/no joining link yet/);
    });
    expect(mailsTo(buyer.email)).toHaveLength(0);
    await setSessionLinks(
      store(),
      buyer.session,
      { joining: joiningLink },
      new Date().toISOString(),
    );
    const { mail } = await mailTo(buyer.email);
    expect(mail.subject).toMatch(/^Tomorrow: Make Your Business an Asset, \d\d:\d\d UK time$/);
    expect(mail.text).toContain(`Join here: ${joiningLink}`);
    expect(mail.attachments).toHaveLength(0);
    // Neither the failures logged while it waited nor the send logged name the link.
    await settled();
    expect(logLines.join('\n')).toContain('no joining link yet');
    expect(logLines.join('\n')).not.toContain('private-joining-secret');
  });

  it('sends no reminder for a cancelled session, nor one too late to be true', async () => {
    const cancelled = await attendeeOf(30 * 60_000, { session: 'cancelled-one' });
    await store().write((trx) => cancelSession(trx, 'cancelled-one', new Date().toISOString()));
    // "Tomorrow" 50 minutes before the start is not sent; the hour's reminder goes.
    const late = await attendeeOf(50 * 60_000, { session: 'soon' });
    const now = new Date().toISOString();
    await store().write(async (trx) => {
      await enqueue(trx, cancelled.id, ['workshop-reminder-hour'], now);
      await enqueue(trx, late.id, ['workshop-reminder-day', 'workshop-reminder-hour'], now);
    });
    startWorker();
    await settled('sent', 3);
    expect(mailsTo(cancelled.email)).toHaveLength(0);
    expect(mailsTo(late.email).map(({ mail }) => mail.subject)).toEqual([
      'Starting in an hour: Make Your Business an Asset',
    ]);
  });

  it('queues a reminder again for its time when the session has moved later since', async () => {
    const buyer = await attendeeOf(5 * 24 * hour);
    await store().write((trx) =>
      enqueue(trx, buyer.id, ['workshop-reminder-day'], new Date().toISOString()),
    );
    startWorker();
    await settled();
    expect(mailsTo(buyer.email)).toHaveLength(0);
    const [again] = await listJobs(store(), ['pending']);
    expect(again?.kind).toBe('workshop-reminder-day');
    expect(again?.next_attempt_at).toBe(
      new Date(Date.parse(buyer.start) - 24 * hour).toISOString(),
    );
  });

  it('tells of a new time on publish: the same UID, the sequence raised, what changed', async () => {
    const buyer = await attendeeOf(10 * 24 * hour);
    // The reminders as the payment queued them, for the first start.
    await store().write(async (trx) => {
      for (const [kind, before] of [
        ['workshop-reminder-day', 24 * hour],
        ['workshop-reminder-hour', hour],
      ] as const) {
        const dueAt = new Date(Date.parse(buyer.start) - before).toISOString();
        const now = new Date().toISOString();
        await enqueueOnce(trx, { id: `${kind}:${buyer.id}`, kind, leadId: buyer.id, now, dueAt });
      }
    });
    const moved = new Date(Date.parse(buyer.start) + 7 * 24 * hour).toISOString();
    const renderInput = await publish(moved);
    // Followed again (a deploy's start at boot): told once.
    expect(
      await followBuildSessions(
        store(),
        workshopSlice.parse(JSON.parse(readFileSync(renderInput, 'utf8'))),
        Date.now(),
      ),
    ).toBe(0);
    startWorker();
    const told = await mailTo(buyer.email, ({ mail }) => /^New time/.test(mail.subject ?? ''));
    expect(told.mail.text).toMatch(
      /has moved from \w+day, \d+ \w+ 20\d\d to \w+day, \d+ \w+ 20\d\d, \d\d:\d\d UK time/,
    );
    expect(invite(told)).toMatchObject({
      method: 'REQUEST',
      uid: `${buyer.id}.december-2026@jamie.example`,
      sequence: 1,
      zone: 'Europe/London',
      start: moved,
    });
    await settled();
    // The reminders moved with the start, none added.
    const waiting = await listJobs(store(), ['pending']);
    expect(waiting.map((job) => [job.id, job.next_attempt_at]).sort()).toEqual([
      [`workshop-reminder-day:${buyer.id}`, new Date(Date.parse(moved) - 24 * hour).toISOString()],
      [`workshop-reminder-hour:${buyer.id}`, new Date(Date.parse(moved) - hour).toISOString()],
    ]);
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });

  it('tells of two moves made before the email went as one, from the start the buyer knew', async () => {
    const buyer = await attendeeOf(10 * 24 * hour);
    const later = (days: number) =>
      new Date(Date.parse(buyer.start) + days * 24 * hour).toISOString();
    await publish(later(7));
    await publish(later(14));
    startWorker();
    await settled('sent', 2);
    const told = mailsTo(buyer.email);
    expect(told).toHaveLength(1);
    const [only] = told;
    if (!only) throw new Error('no email');
    expect(only.mail.text).toContain(`moved from ${ukDate(buyer.start)} to ${ukDate(later(14))}`);
    expect(invite(only)).toMatchObject({ sequence: 2, start: later(14) });
  });

  it('sends the replay link, and a cancellation that takes the entry off the calendar', async () => {
    const buyer = await attendeeOf(-3 * hour);
    const now = new Date().toISOString();
    await setSessionLinks(store(), buyer.session, { replay: replayLink }, now);
    await store().write((trx) => queueAttendeeEmails(trx, 'workshop-replay', [buyer.id], now));
    const other = await attendeeOf(10 * 24 * hour, { session: 'to-cancel' });
    await store().write(async (trx) => {
      await cancelSession(trx, 'to-cancel', now);
      await queueAttendeeEmails(trx, 'workshop-cancelled', [other.id], now);
      // Asked twice: one email.
      await queueAttendeeEmails(trx, 'workshop-cancelled', [other.id], now);
    });
    startWorker();
    const replay = await mailTo(buyer.email);
    expect(replay.mail.text).toContain(replayLink);
    const cancelled = await mailTo(other.email);
    expect(cancelled.mail.subject).toMatch(/^Cancelled: Make Your Business an Asset/);
    expect(invite(cancelled)).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: `${other.id}.to-cancel@jamie.example`,
      sequence: 1,
    });
    await settled('sent', 2);
    expect(mailsTo(other.email)).toHaveLength(1);
    expect(logLines.join('\n')).not.toContain('private-replay-secret');
  });

  it("records Kit's purchase once, by the app's token, and tags the buyer with the session", async () => {
    const buyer = await attendeeOf(10 * 24 * hour);
    await store().write((trx) =>
      enqueue(trx, buyer.id, ['kit-purchase', 'kit-workshop-tag'], new Date().toISOString()),
    );
    startWorker();
    await settled('sent', 2);
    const made = kit.purchases.filter((purchase) => purchase.transaction_id === buyer.id);
    expect(made).toEqual([
      expect.objectContaining({
        email_address: buyer.email,
        status: 'paid',
        total: 49,
        currency: 'GBP',
        products: [
          expect.objectContaining({ pid: 'workshop-december-2026', quantity: 1, unit_price: 49 }),
        ],
      }),
    ]);
    expect(kit.taggings.get('workshop-december-2026')?.has(buyer.email)).toBe(true);
    // Made a subscriber to be tagged, but inactive: no newsletter without opting in.
    expect(kit.subscribers.get(buyer.email)?.state).toBe('inactive');
    // A second try (an answer lost) finds the purchase and makes no other.
    await store().write((trx) =>
      enqueue(trx, buyer.id, ['kit-purchase'], new Date().toISOString()),
    );
    await settled('sent', 3);
    expect(kit.purchases.filter((purchase) => purchase.transaction_id === buyer.id)).toHaveLength(
      1,
    );
  });

  it('parks a purchase without the OAuth token: the API key cannot record one', async () => {
    const buyer = await attendeeOf(10 * 24 * hour);
    await store().write((trx) =>
      enqueue(trx, buyer.id, ['kit-purchase'], new Date().toISOString()),
    );
    startWorker(providers(false));
    await settled('failed');
    const [job] = await listJobs(store(), ['failed']);
    expect(job?.last_error).toMatch(/KIT_OAUTH_TOKEN/);
  });
});
