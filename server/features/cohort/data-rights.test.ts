import { expect, it } from 'vitest';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import { erasureAnswerSchema } from '../../../contracts/room/leads';
import { enqueueOnce } from '../../db/outbox';
import type { Store } from '../../db/store';
import { createTestApp } from '../../testing/app';
import { seedApplication } from '../../testing/cohort-applications';
import { roomHeaders, signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';
import { exportCommand, exportCsv, pruneCommand } from '../leads';
import { auditEntries } from '../room';
import { confirmResubmission } from './applications';
import { applicationNoteCommand, applicationStatusCommand } from './commands/review';

/**
 * The applications in the owner's data-rights tools (docs/decisions/033-cohort-applications.md,
 * and the privacy notice): the export, erasure by email, and pruning past the content's
 * retention. An erased application keeps what counts it and nothing of the applicant.
 */

const now = new Date('2026-11-27T12:00:00.000Z');
const monthsAgo = (months: number, days = 0) => {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return new Date(at.getTime() - days * 86_400_000);
};

const review = (store: Store, at: Date) => ({ store, now: at, ownerId: null });

const rows = (store: Store) =>
  store.db.selectFrom('cohort_applications').selectAll().orderBy('email').execute();
const eventsOf = (store: Store, id: string) =>
  store.db
    .selectFrom('cohort_application_events')
    .select(['kind', 'detail'])
    .where('application_id', '=', id)
    .orderBy('at')
    .execute();

/** Ada applied to two intakes (updated once, noted, shortlisted, with a job waiting); Grace stays. */
async function seedTwo(store: Store) {
  const ada = await seedApplication(store, { email: 'ada@example.com', name: 'Ada Lovelace' });
  // Applying again updates it once its link confirms it; one more waits unconfirmed beside it.
  const again = await seedApplication(store, {
    email: 'ada@example.com',
    name: 'Ada L.',
    answers: { business: 'A bakery' },
    at: '2026-11-26T11:00:00.000Z',
  });
  await confirmResubmission(store, again, '2026-11-26T11:00:00.000Z');
  await seedApplication(store, {
    email: 'ada@example.com',
    name: 'Ada Again',
    at: '2026-11-26T11:30:00.000Z',
  });
  const later = await seedApplication(store, { email: 'ada@example.com', intake: '2027-04-12' });
  const grace = await seedApplication(store, { email: 'grace@example.com', name: 'Grace' });
  const at = new Date('2026-11-26T12:00:00.000Z');
  await applicationStatusCommand.run(review(store, at), {
    application: ada,
    status: 'shortlisted',
  });
  await applicationNoteCommand.run(review(store, at), { application: ada, text: 'Ring her.' });
  await applicationNoteCommand.run(review(store, at), { application: grace, text: 'Keep.' });
  await store.write((trx) =>
    enqueueOnce(trx, {
      id: `offer:${ada}`,
      kind: 'owner-notify',
      leadId: ada,
      now: at.toISOString(),
      dueAt: at.toISOString(),
    }),
  );
  return { ada, later, grace };
}

describeEachStore('the cohort’s applications in the data rights', ({ store }) => {
  it('erases an applicant by email from the room: what counts the application stays, the person, answers and notes go', async () => {
    const { ada, later, grace } = await seedTwo(store());
    const app = createTestApp(store(), {}, undefined, undefined, siteWithRoom);
    const { token } = await signedIn(store());
    const erased = await app.request(`${ownerPaths.api}${roomApi.erasure}`, {
      method: 'POST',
      headers: roomHeaders(token),
      body: JSON.stringify({ email: ' ADA@example.com ' }),
    });
    expect(erasureAnswerSchema.parse(await erased.json())).toMatchObject({
      applications: 2,
      outboxJobs: 1,
    });
    const all = await rows(store());
    const [first, second] = all.filter((row) => row.erased_at !== null);
    const kept = all.find((row) => row.erased_at === null);
    for (const row of [first, second]) {
      expect(row).toMatchObject({
        email: null,
        name: null,
        answers: '{}',
        ip_hash: '',
        erased_at: expect.any(String),
        // What counts it: its intake, status, dates and where it came from.
        source: 'Instagram',
        page: '/sellablebusiness/apply',
        created_at: expect.any(String),
      });
    }
    expect([first?.id, second?.id].sort()).toStrictEqual([ada, later].sort());
    expect(first?.id === ada ? first : second).toMatchObject({ status: 'shortlisted' });
    expect(kept).toMatchObject({ id: grace, email: 'grace@example.com', erased_at: null });
    // The history keeps its steps and moves; what the applicant said and the notes are gone.
    expect(await eventsOf(store(), ada)).toStrictEqual([
      { kind: 'submitted', detail: '{}' },
      { kind: 'updated', detail: '{}' },
      { kind: 'status', detail: '{"from":"new","to":"shortlisted"}' },
      { kind: 'note', detail: '{}' },
    ]);
    expect((await eventsOf(store(), grace)).at(-1)).toStrictEqual({
      kind: 'note',
      detail: '{"text":"Keep."}',
    });
    const jobs = await store().db.selectFrom('outbox_jobs').select('lead_id').execute();
    expect(jobs.map((job) => job.lead_id)).not.toContain(ada);
    // What was sent again with the address goes with it, confirmed or not.
    expect(
      await store().db.selectFrom('cohort_resubmissions').select('id').execute(),
    ).toStrictEqual([]);
    // The log says what was erased, never whose.
    const [logged] = await auditEntries(store(), 1);
    expect(logged).toMatchObject({ action: 'erase', detail: { applications: 2 } });
    expect(JSON.stringify(logged)).not.toContain('ada@');

    // An erased application is reviewed no more.
    const refused = await applicationStatusCommand.run(review(store(), now), {
      application: ada,
      status: 'accepted',
    });
    expect(refused).toMatchObject({ status: 409 });
    expect(
      await applicationNoteCommand.run(review(store(), now), { application: ada, text: 'x' }),
    ).toMatchObject({ status: 409 });
  });

  it('prunes by the content’s months: decided ones after their decision, undecided ones after their last change', async () => {
    const seeded = async (email: string, applied: Date) =>
      seedApplication(store(), { email, at: applied.toISOString() });
    const oldDecision = await seeded('old-decision@example.com', monthsAgo(30));
    await applicationStatusCommand.run(review(store(), monthsAgo(12, 1)), {
      application: oldDecision,
      status: 'declined',
    });
    const recentDecision = await seeded('recent-decision@example.com', monthsAgo(30));
    await applicationStatusCommand.run(review(store(), monthsAgo(11)), {
      application: recentDecision,
      status: 'accepted',
    });
    const stale = await seeded('stale@example.com', monthsAgo(12, 1));
    const reviewed = await seeded('reviewed@example.com', monthsAgo(30));
    // Moved back to shortlisted a month ago: undecided again, and changed since.
    await applicationStatusCommand.run(review(store(), monthsAgo(20)), {
      application: reviewed,
      status: 'waitlisted',
    });
    await applicationStatusCommand.run(review(store(), monthsAgo(1)), {
      application: reviewed,
      status: 'shortlisted',
    });
    // Applied long ago and again this month, confirmed by its link: its last change is this
    // month's (docs/decisions/034-selling-that-cannot-be-gamed.md).
    await seeded('again@example.com', monthsAgo(30));
    const again = await seeded('again@example.com', monthsAgo(0, 3));
    await confirmResubmission(store(), again, monthsAgo(0, 3).toISOString());

    const prune = (applicationRetentionMonths: number, olderThanDays = 3650) =>
      pruneCommand.run(
        { store: store(), now, applicationRetentionMonths },
        { olderThan: olderThanDays * 86_400_000 },
      );
    // A longer promise in the content keeps every one of them, whatever age the prune is given.
    expect(await prune(24, 1)).toMatchObject({ applications: 0 });
    expect(await prune(12)).toMatchObject({ applications: 2 });
    const erased = (await rows(store())).filter((row) => row.erased_at !== null);
    expect(erased.map((row) => row.id).sort()).toStrictEqual([oldDecision, stale].sort());
    // Pruned once, an application is not counted again.
    expect(await prune(12)).toMatchObject({ applications: 0 });
    expect(await prune(1)).toMatchObject({ applications: 1 });
  });

  it('exports every application with its answers, as CSV a spreadsheet opens safely, the erased without them', async () => {
    await seedApplication(store(), {
      email: 'ada@example.com',
      name: '=HYPERLINK("https://evil.example")',
      answers: { business: '@SUM(1+1)', goals: ['Sell'] },
    });
    await seedApplication(store(), { email: 'grace@example.com', at: '2026-11-26T11:00:00.000Z' });
    const exported = await exportCommand.run({ store: store(), now }, { leads: 'applications' });
    expect(exported.rows).toHaveLength(2);
    expect(exported.rows[0]).toMatchObject({
      email: 'ada@example.com',
      status: 'new',
      intake: '2027-01-11',
      source: 'Instagram',
      erased: 0,
    });
    const csv = exportCsv(exported);
    const [header, ada] = csv.split('\r\n');
    expect(header).toBe(
      '"id","created_at","updated_at","intake","status","decided_at","name","email","answers","host","page","source","experiment","variant","verified","erased"',
    );
    expect(ada).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(ada).toContain('"{""business"":""@SUM(1+1)"",""goals"":[""Sell""]}"');

    const app = createTestApp(store(), {}, undefined, undefined, siteWithRoom);
    const { token } = await signedIn(store());
    await app.request(`${ownerPaths.api}${roomApi.erasure}`, {
      method: 'POST',
      headers: roomHeaders(token),
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    const file = await app.request(`${ownerPaths.api}${roomApi.leadsCsv}?leads=applications`, {
      headers: roomHeaders(token),
    });
    expect(file.headers.get('content-disposition')).toMatch(/filename="applications-/);
    const text = await file.text();
    expect(text).not.toContain('HYPERLINK');
    expect(text).not.toContain('SUM(1+1)');
    const [logged] = await auditEntries(store(), 1);
    expect(logged).toMatchObject({ action: 'export', detail: { leads: 'applications', rows: 2 } });
  });
});
