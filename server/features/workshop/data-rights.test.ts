import { expect, it } from 'vitest';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import { erasureAnswerSchema } from '../../../contracts/room/leads';
import { workshopAttendeesSchema } from '../../../contracts/room/workshop';
import { enqueueOnce } from '../../db/outbox';
import type { Store } from '../../db/store';
import { createTestApp } from '../../testing/app';
import { roomHeaders, signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';
import { seedAttendee } from '../../testing/workshop-attendees';
import { exportCommand, exportCsv, pruneCommand } from '../leads';
import { auditEntries } from '../room';
import { forgetAttendees } from './attendees';
import { holdSeat, seatsTaken } from './seats';
import { ensureSession } from './sessions';

/**
 * The attendees in the owner's data-rights tools (docs/decisions/032-workshop-delivered.md, and
 * the privacy notice): the export, erasure by email and the 12 months' pruning. A place is kept
 * for the books without the person, as a sale is.
 */

const session = 'december-2026';

/** Ada, with an email still waiting for her, and Grace, who stays. */
async function seedTwo(store: Store, adaPaid = '2026-11-26T10:00:00.000Z') {
  // As the fulfilment makes it with the first attendee.
  await store.write((trx) =>
    ensureSession(trx, { id: session, start: '2026-12-10T18:00:00.000Z' }, adaPaid),
  );
  await seedAttendee(store, {
    id: 'cs_test_ada',
    session,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    createdAt: adaPaid,
    refunded: 900,
  });
  await seedAttendee(store, {
    id: 'cs_test_grace',
    session,
    name: '=cmd|"/c calc"!A1',
    email: 'grace@example.com',
  });
  await store.write(async (trx) => {
    for (const id of ['cs_test_ada', 'cs_test_grace']) {
      await enqueueOnce(trx, {
        id: `workshop-reminder-day:${id}`,
        kind: 'workshop-reminder-day',
        leadId: id,
        now: adaPaid,
        dueAt: '2026-12-09T18:00:00.000Z',
      });
    }
  });
}

const attendeeRows = (store: Store) =>
  store.db.selectFrom('workshop_attendees').selectAll().orderBy('id').execute();
const jobsOf = async (store: Store, lead: string) =>
  (await store.db.selectFrom('outbox_jobs').select('kind').where('lead_id', '=', lead).execute())
    .length;

describeEachStore('the workshop’s attendees in the data rights', ({ store }) => {
  it('erases an attendee by email from the room: the place and its amount stay, the person and their emails go', async () => {
    await seedTwo(store());
    const app = createTestApp(store(), {}, undefined, undefined, siteWithRoom);
    const { token } = await signedIn(store());
    const erased = await app.request(`${ownerPaths.api}${roomApi.erasure}`, {
      method: 'POST',
      headers: roomHeaders(token),
      body: JSON.stringify({ email: ' ADA@example.com ' }),
    });
    expect(erasureAnswerSchema.parse(await erased.json())).toMatchObject({
      attendees: 1,
      sales: 1,
      outboxJobs: 1,
    });
    const [ada, grace] = await attendeeRows(store());
    expect(ada).toMatchObject({
      id: 'cs_test_ada',
      name: null,
      email: null,
      status: 'confirmed',
      amount: 4900,
      currency: 'gbp',
      payment_intent: 'pi_cs_test_ada',
      session_id: session,
    });
    expect(ada?.erased_at).toEqual(expect.any(String));
    expect(grace).toMatchObject({ email: 'grace@example.com', erased_at: null });
    expect(await jobsOf(store(), 'cs_test_ada')).toBe(0);
    expect(await jobsOf(store(), 'cs_test_grace')).toBe(1);
    // The seat was paid for: it stays taken.
    const taken = await seatsTaken(store(), new Date().toISOString());
    expect(taken[session]?.sold).toBe(2);

    const listed = await app.request(
      `${ownerPaths.api}${roomApi.workshopAttendees}?session=${session}`,
      { headers: roomHeaders(token) },
    );
    const { attendees } = workshopAttendeesSchema.parse(await listed.json());
    expect(attendees.find((attendee) => attendee.id === 'cs_test_ada')).toMatchObject({
      erased: true,
      name: null,
      email: null,
      amount: 4900,
      refunded: 900,
    });
    const resend = await app.request(`${ownerPaths.api}${roomApi.workshopResend}`, {
      method: 'POST',
      headers: roomHeaders(token),
      body: JSON.stringify({ attendee: 'cs_test_ada' }),
    });
    expect(resend.status).toBe(409);
    expect(JSON.stringify(await auditEntries(store(), 10))).not.toContain('ada@');
  });

  it('takes an attendee’s own jobs with them, whatever the sales’ erasure does', async () => {
    await seedTwo(store());
    const erased = await store().write((trx) =>
      forgetAttendees(trx, 'ada@example.com', '2026-11-27T12:00:00.000Z'),
    );
    expect(erased).toStrictEqual({ attendees: 1, outboxJobs: 1 });
    expect(await jobsOf(store(), 'cs_test_ada')).toBe(0);
    expect(await jobsOf(store(), 'cs_test_grace')).toBe(1);
  });

  it('prunes the attendees who paid before the cutoff, as the buyers, and keeps the younger', async () => {
    await seedTwo(store(), '2025-01-10T10:00:00.000Z');
    // A checkout left open last month: its hold ended long ago, whatever age is pruned.
    await holdSeat(store(), {
      session: {
        id: session,
        start: '2026-12-10T18:00:00.000Z',
        seats: 40,
        price: { amount: 49, currency: 'GBP' },
      },
      holder: { client: 'a-client', network: 'a-network' },
      now: '2026-10-27T12:00:00.000Z',
      expiresAt: '2026-10-27T12:35:00.000Z',
    });
    const pruned = await pruneCommand.run(
      { store: store(), now: new Date('2026-11-27T12:00:00.000Z'), applicationRetentionMonths: 12 },
      { olderThan: 365 * 86_400_000 },
    );
    expect(pruned).toMatchObject({ attendees: 1, sales: 1 });
    const [ada, grace] = await attendeeRows(store());
    expect(ada).toMatchObject({ name: null, email: null, amount: 4900 });
    expect(grace).toMatchObject({ email: 'grace@example.com', erased_at: null });
    expect(await jobsOf(store(), 'cs_test_ada')).toBe(0);
    const holds = await store().db.selectFrom('workshop_holds').select('client_hash').execute();
    expect(holds).toEqual([{ client_hash: '' }]);
    // Pruned once, a place is not counted again.
    const again = await pruneCommand.run(
      { store: store(), now: new Date('2026-11-27T12:00:00.000Z'), applicationRetentionMonths: 12 },
      { olderThan: 365 * 86_400_000 },
    );
    expect(again.attendees).toBe(0);
  });

  it('exports every session’s attendees, by email, as CSV a spreadsheet opens safely', async () => {
    await seedTwo(store());
    const exported = await exportCommand.run(
      { store: store(), now: new Date() },
      { leads: 'attendees' },
    );
    expect(exported.rows).toEqual([
      expect.objectContaining({
        id: 'cs_test_ada',
        session: session,
        email: 'ada@example.com',
        amount: 4900,
        refunded: 900,
        emails: 'workshop-reminder-day:pending',
      }),
      expect.objectContaining({ id: 'cs_test_grace', email: 'grace@example.com' }),
    ]);
    const csv = exportCsv(exported);
    expect(csv).toContain(`"'=cmd|""/c calc""!A1"`);
    const since = await exportCommand.run(
      { store: store(), now: new Date('2026-11-26T12:00:00.000Z') },
      { leads: 'attendees', since: { ageMs: 3_600_000 } },
    );
    expect(since.rows).toEqual([]);

    const app = createTestApp(store(), {}, undefined, undefined, siteWithRoom);
    const { token } = await signedIn(store());
    const file = await app.request(`${ownerPaths.api}${roomApi.leadsCsv}?leads=attendees`, {
      headers: roomHeaders(token),
    });
    expect(file.headers.get('content-disposition')).toMatch(/filename="attendees-/);
    expect(await file.text()).toContain('"ada@example.com"');
  });
});
