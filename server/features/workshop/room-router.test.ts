import { expect, it } from 'vitest';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import {
  workshopAnswerSchema,
  workshopAttendeesSchema,
  workshopHoldsSchema,
  workshopLinksAnswerSchema,
} from '../../../contracts/room/workshop';
import type { Store } from '../../db/store';
import { createTestApp, expectApiError } from '../../testing/app';
import { roomHeaders, signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';
import { seedAttendee } from '../../testing/workshop-attendees';
import { soldSession, workshopSite } from '../../testing/workshop-checkout';
import { auditEntries } from '../room';
import { seatsTaken } from './seats';
import { ensureSession, sessionRow } from './sessions';

/**
 * The room's Workshop view's API (docs/decisions/032-workshop-delivered.md) as the owner's page
 * calls it, on both databases. What every room call shares (no session, an ended one, another
 * site's Origin) is tried for these calls too in server/features/room/router.test.ts.
 */

const api = (path: string) => `${ownerPaths.api}${path}`;
const hour = 3_600_000;
const past = new Date(Date.now() - 2 * hour).toISOString();
const ahead = new Date(Date.now() + 30 * 24 * hour).toISOString();

async function room(store: Store, settings: Record<string, string> = {}, site = siteWithRoom) {
  const app = createTestApp(store, settings, undefined, undefined, site);
  const { token } = await signedIn(store);
  const headers = roomHeaders(token);
  const call = (method: string, path: string, body?: unknown) =>
    app.request(api(path), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { app, headers, call };
}

/** A session the store knows, starting at `start`, with three paid attendees, one refunded. */
async function seedSession(store: Store, id: string, start: string) {
  // A Checkout Session's id has letters, digits and underscores only.
  const attendee = (letter: string) => `cs_test_${id.replaceAll('-', '')}_${letter}`;
  await store.write((trx) => ensureSession(trx, { id, start }, past));
  await seedAttendee(store, { id: attendee('a'), session: id, createdAt: past });
  await seedAttendee(store, {
    id: attendee('b'),
    session: id,
    name: '=HYPERLINK("https://evil.example")',
    amount: 3900,
    createdAt: past,
  });
  await seedAttendee(store, {
    id: attendee('c'),
    session: id,
    status: 'refunded',
    refunded: 4900,
    createdAt: past,
  });
}

async function queuedFor(store: Store, lead: string) {
  const jobs = await store.db
    .selectFrom('outbox_jobs')
    .select(['kind', 'next_attempt_at'])
    .where('lead_id', '=', lead)
    .orderBy('kind')
    .execute();
  return jobs.map((job) => job.kind);
}

describeEachStore('the room’s Workshop view', ({ store }) => {
  it('shows each session’s seats, revenue net of refunds and mismatches, and says when seats are not enforced', async () => {
    await seedSession(store(), 'december-2026', ahead);
    const { call } = await room(store());
    const answer = workshopAnswerSchema.parse(await (await call('GET', roomApi.workshop)).json());
    expect(answer.seatsEnforced).toBe(false);
    expect(answer.sessions).toStrictEqual([
      expect.objectContaining({
        id: 'december-2026',
        sold: 2,
        held: 0,
        refunded: 1,
        revenue: { gbp: 4900 + 3900 },
        mismatches: 1,
        cancelledAt: null,
        started: false,
      }),
    ]);
    const enforced = await room(store(), { STRIPE_SECRET_KEY: 'sk_test_123' });
    const withKey = await enforced.call('GET', roomApi.workshop);
    expect(workshopAnswerSchema.parse(await withKey.json()).seatsEnforced).toBe(true);
  });

  it('lists a session’s attendees with their payments in Stripe and their emails, and exports them as CSV a spreadsheet opens safely', async () => {
    await seedSession(store(), 'december-2026', ahead);
    await seedAttendee(store(), {
      id: 'cs_live_paid',
      session: 'december-2026',
      livemode: 1,
      createdAt: past,
    });
    const { call } = await room(store());
    await call('POST', roomApi.workshopResend, { attendee: 'cs_test_december2026_a' });
    const listed = await call('GET', `${roomApi.workshopAttendees}?session=december-2026`);
    const { attendees } = workshopAttendeesSchema.parse(await listed.json());
    expect(attendees.map((attendee) => attendee.id)).toHaveLength(4);
    const [a, b, c] = [...attendees].sort((x, y) => (x.id < y.id ? -1 : 1)).slice(1);
    expect(a).toMatchObject({
      email: 'cs_test_december2026_a@example.com',
      source: 'Instagram',
      mismatch: false,
      refunded: 0,
      payment: 'https://dashboard.stripe.com/test/payments/pi_cs_test_december2026_a',
      emails: [{ kind: 'workshop-confirmation', status: 'pending', sentAt: null }],
    });
    expect(b).toMatchObject({ amount: 3900, mismatch: true, expectedAmount: 4900 });
    expect(c).toMatchObject({ status: 'refunded', refunded: 4900 });
    const live = attendees.find((attendee) => attendee.id === 'cs_live_paid');
    expect(live?.payment).toBe('https://dashboard.stripe.com/payments/pi_cs_live_paid');

    const csv = await call('GET', `${roomApi.workshopAttendeesCsv}?session=december-2026`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="attendees-december-2026-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toMatch(/^"id","created_at","session","status","name","email"/);
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(text).not.toContain('"=HYPERLINK');
    const [logged] = await auditEntries(store(), 1);
    expect(logged).toMatchObject({
      action: 'export',
      detail: { attendees: 'december-2026', rows: 4 },
    });
  });

  it('lists the sessions the site sells with their seats, and those only the store still knows', async () => {
    await seedSession(store(), 'october-2026', past);
    await seedAttendee(store(), { id: 'cs_test_dec_a', session: 'december-2026' });
    const site = {
      ...workshopSite([soldSession('december-2026', ahead, 40)]),
      pages: siteWithRoom.pages,
      room: siteWithRoom.room,
    };
    const { call } = await room(store(), {}, site);
    const overview = workshopAnswerSchema.parse(await (await call('GET', roomApi.workshop)).json());
    expect(overview.sessions).toStrictEqual([
      expect.objectContaining({ id: 'october-2026', published: false, seats: null, left: null }),
      expect.objectContaining({
        id: 'december-2026',
        published: true,
        start: ahead,
        seats: 40,
        sold: 1,
        left: 39,
      }),
    ]);
    // A session nobody has bought yet takes its links, and its cancellation stops its sale.
    await store()
      .db.deleteFrom('workshop_attendees')
      .where('session_id', '=', 'december-2026')
      .execute();
    await store().db.deleteFrom('workshop_sessions').where('id', '=', 'december-2026').execute();
    const links = await call('PUT', roomApi.workshopLinks, {
      session: 'december-2026',
      joining: 'https://meet.example/abc',
    });
    expect(links.status).toBe(200);
    const cancelled = await call('POST', roomApi.workshopCancel, { session: 'december-2026' });
    expect(await cancelled.json()).toStrictEqual({ queued: 0 });
    expect((await seatsTaken(store(), new Date().toISOString()))['december-2026']).toMatchObject({
      cancelled: true,
    });
  });

  it('counts the open holds by client hash, never by address', async () => {
    await store().write((trx) => ensureSession(trx, { id: 'december-2026', start: ahead }, past));
    const hold = (id: string, client: string, status: 'open' | 'released', expires: string) =>
      store()
        .db.insertInto('workshop_holds')
        .values({
          id,
          session_id: 'december-2026',
          client_hash: client,
          network_hash: `network of ${client}`,
          status,
          created_at: past,
          expires_at: expires,
          checkout_session: null,
          amount: 4900,
          currency: 'gbp',
          released_at: null,
        })
        .execute();
    await hold('h1', 'a'.repeat(64), 'open', ahead);
    await hold('h2', 'a'.repeat(64), 'open', ahead);
    await hold('h3', 'b'.repeat(64), 'open', ahead);
    await hold('h4', 'c'.repeat(64), 'open', past);
    await hold('h5', 'd'.repeat(64), 'released', ahead);
    const { call } = await room(store());
    const answer = await call('GET', `${roomApi.workshopHolds}?session=december-2026`);
    expect(workshopHoldsSchema.parse(await answer.json())).toStrictEqual({
      session: 'december-2026',
      open: 3,
      clients: [
        { client: 'a'.repeat(12), holds: 2 },
        { client: 'b'.repeat(12), holds: 1 },
      ],
    });
    const overview = workshopAnswerSchema.parse(await (await call('GET', roomApi.workshop)).json());
    expect(overview.sessions[0]).toMatchObject({ held: 3, sold: 0 });
  });

  it('keeps the joining and replay links the owner enters, logs that they changed but never them, and refuses an unsafe one', async () => {
    const { call } = await room(store());
    const unknown = await call('PUT', roomApi.workshopLinks, {
      session: 'december-2026',
      joining: 'https://zoom.us/j/1',
    });
    await expectApiError(unknown, 404);
    await store().write((trx) => ensureSession(trx, { id: 'december-2026', start: ahead }, past));

    const joining = 'https://zoom.us/j/9876543210?pwd=private';
    const set = await call('PUT', roomApi.workshopLinks, { session: 'december-2026', joining });
    expect(workshopLinksAnswerSchema.parse(await set.json())).toStrictEqual({
      session: 'december-2026',
      joiningLink: joining,
      replayLink: null,
    });
    const replay = await call('PUT', roomApi.workshopLinks, {
      session: 'december-2026',
      replay: 'https://vimeo.com/123',
    });
    expect(await replay.json()).toMatchObject({ joiningLink: joining });
    const [logged] = await auditEntries(store(), 1);
    expect(logged).toMatchObject({
      action: 'workshop-links',
      detail: { session: 'december-2026', replay: 'set' },
    });
    expect(JSON.stringify(await auditEntries(store(), 10))).not.toContain('zoom.us');

    for (const bad of ['javascript:alert(1)', 'http://zoom.us/j/1', 'https://zoom.us/\u0000']) {
      const refused = await call('PUT', roomApi.workshopLinks, {
        session: 'december-2026',
        joining: bad,
      });
      expect((await expectApiError(refused, 400)).fields).toHaveProperty('joining');
    }
    expect((await sessionRow(store(), 'december-2026'))?.joining_link).toBe(joining);
    const cleared = await call('PUT', roomApi.workshopLinks, {
      session: 'december-2026',
      joining: '',
    });
    expect(await cleared.json()).toMatchObject({ joiningLink: null });
  });

  it('refuses the links from another site, and changes nothing', async () => {
    await store().write((trx) => ensureSession(trx, { id: 'december-2026', start: ahead }, past));
    const { app, headers } = await room(store());
    const response = await app.request(api(roomApi.workshopLinks), {
      method: 'PUT',
      headers: { ...headers, Origin: 'https://evil.example' },
      body: JSON.stringify({ session: 'december-2026', joining: 'https://evil.example/j' }),
    });
    await expectApiError(response, 403);
    expect((await sessionRow(store(), 'december-2026'))?.joining_link).toBeNull();
  });

  it('sends a confirmation again to a confirmed attendee only', async () => {
    await seedSession(store(), 'december-2026', ahead);
    const { call } = await room(store());
    const sent = await call('POST', roomApi.workshopResend, { attendee: 'cs_test_december2026_a' });
    expect(await sent.json()).toStrictEqual({ queued: 1 });
    expect(await queuedFor(store(), 'cs_test_december2026_a')).toStrictEqual([
      'workshop-confirmation',
    ]);
    const refunded = await call('POST', roomApi.workshopResend, {
      attendee: 'cs_test_december2026_c',
    });
    expect((await expectApiError(refunded, 409)).error).toMatch(/refunded/);
    const unknown = await call('POST', roomApi.workshopResend, { attendee: 'cs_test_nobody' });
    await expectApiError(unknown, 404);
    expect(await queuedFor(store(), 'cs_test_december2026_c')).toStrictEqual([]);
    const [logged] = await auditEntries(store(), 1);
    expect(logged).toMatchObject({
      action: 'workshop-resend',
      detail: { attendee: 'cs_test_december2026_a' },
    });
  });

  it('cancels a session once: each confirmed attendee is told, their reminders called off', async () => {
    await seedSession(store(), 'december-2026', ahead);
    await store()
      .db.insertInto('outbox_jobs')
      .values({
        id: 'workshop-reminder-day:cs_test_december2026_a',
        created_at: past,
        kind: 'workshop-reminder-day',
        lead_id: 'cs_test_december2026_a',
        status: 'pending',
        attempts: 0,
        next_attempt_at: ahead,
      })
      .execute();
    const { call } = await room(store());
    const cancelled = await call('POST', roomApi.workshopCancel, { session: 'december-2026' });
    expect(await cancelled.json()).toStrictEqual({ queued: 2 });
    expect(await queuedFor(store(), 'cs_test_december2026_a')).toStrictEqual([
      'workshop-cancelled',
    ]);
    expect(await queuedFor(store(), 'cs_test_december2026_b')).toStrictEqual([
      'workshop-cancelled',
    ]);
    expect(await queuedFor(store(), 'cs_test_december2026_c')).toStrictEqual([]);
    const again = await call('POST', roomApi.workshopCancel, { session: 'december-2026' });
    expect((await expectApiError(again, 409)).error).toMatch(/already/);
    expect(await queuedFor(store(), 'cs_test_december2026_a')).toHaveLength(1);
    const overview = workshopAnswerSchema.parse(await (await call('GET', roomApi.workshop)).json());
    expect(overview.sessions[0]?.cancelledAt).not.toBeNull();
    const resend = await call('POST', roomApi.workshopResend, {
      attendee: 'cs_test_december2026_a',
    });
    expect((await expectApiError(resend, 409)).error).toMatch(/cancelled/);
    const [logged] = await auditEntries(store(), 1);
    expect(logged).toMatchObject({
      action: 'workshop-cancel',
      detail: { session: 'december-2026', told: 2 },
    });
  });

  it('sends the replay once, only after the start and once its link is entered', async () => {
    await seedSession(store(), 'december-2026', ahead);
    await seedSession(store(), 'october-2026', past);
    const { call } = await room(store());
    const early = await call('POST', roomApi.workshopReplay, { session: 'december-2026' });
    expect((await expectApiError(early, 409)).error).toMatch(/not started/);
    const noLink = await call('POST', roomApi.workshopReplay, { session: 'october-2026' });
    expect((await expectApiError(noLink, 409)).error).toMatch(/replay link first/);
    await call('PUT', roomApi.workshopLinks, {
      session: 'october-2026',
      replay: 'https://vimeo.com/1',
    });
    const sent = await call('POST', roomApi.workshopReplay, { session: 'october-2026' });
    expect(await sent.json()).toStrictEqual({ queued: 2 });
    expect(await queuedFor(store(), 'cs_test_october2026_b')).toStrictEqual(['workshop-replay']);
    expect(await queuedFor(store(), 'cs_test_october2026_c')).toStrictEqual([]);
    const again = await call('POST', roomApi.workshopReplay, { session: 'october-2026' });
    expect((await expectApiError(again, 409)).error).toMatch(/already/);
    expect(await queuedFor(store(), 'cs_test_october2026_b')).toHaveLength(1);
  });

  it('refuses a session or attendee named otherwise than the content names them, and unknown fields', async () => {
    const { call } = await room(store());
    for (const [method, path, body] of [
      ['GET', `${roomApi.workshopAttendees}?session=../etc`, undefined],
      ['GET', `${roomApi.workshopHolds}?session=december-2026&extra=1`, undefined],
      ['POST', roomApi.workshopCancel, { session: 'December 2026' }],
      ['POST', roomApi.workshopReplay, { session: 'december-2026', now: 'later' }],
      ['POST', roomApi.workshopResend, { attendee: "cs_test_1' or 1=1" }],
    ] as const) {
      await expectApiError(await call(method, path, body), 400);
    }
    const unknown = await call('GET', `${roomApi.workshopAttendees}?session=march-2030`);
    await expectApiError(unknown, 404);
  });
});
