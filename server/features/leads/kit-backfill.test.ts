import { expect, it, vi } from 'vitest';
import { subscriptionLists } from '../../../contracts/subscription';
import { claimDueJobs, listJobs } from '../../db/outbox';
import type { OutboxJobKind } from '../../db/schema';
import type { Store } from '../../db/store';
import { createForwarding } from '../../forwarding';
import { createLogger } from '../../logger';
import { startOutboxWorker } from '../../outbox/worker';
import { startFakeKit } from '../../providers/fake-kit';
import { createKit } from '../../providers/kit';
import { countRows, describeEachStore } from '../../testing/stores';
import { backfillKitJobs, kitBackfillSpacingMs } from './kit-backfill';
import { addSubscriber } from './store';

const everyList = subscriptionLists;

describeEachStore('Kit backfill', ({ store, database }) => {
  async function signUp(
    list: (typeof subscriptionLists)[number],
    email: string,
    jobs: OutboxJobKind[] = [],
  ) {
    const { id } = await addSubscriber(
      store(),
      { list, email },
      { ipHash: 'h', verified: true, host: 'localhost' },
      jobs,
    );
    return id;
  }

  /** Sign-ups from before Kit was configured, and some that were forwarded as they came. */
  async function seed() {
    const unsent = [
      await signUp('waitlist', 'ada@example.com'),
      await signUp('newsletter', 'bo@example.com'),
      await signUp('handbook', 'cy@example.com'),
    ];
    await signUp('waitlist', 'pending@example.com', ['kit-subscribe']);
    await signUp('waitlist', 'sent@example.com', ['kit-subscribe']);
    await signUp('newsletter', 'failed@example.com', ['kit-subscribe']);
    const [pending, sent, failed] = await listJobs(store(), ['pending']);
    const finish = (id: string | undefined, status: 'sent' | 'failed') =>
      store()
        .db.updateTable('outbox_jobs')
        .set({ status })
        .where('id', '=', id ?? '')
        .execute();
    await finish(sent?.id, 'sent');
    await finish(failed?.id, 'failed');
    expect(pending).toBeDefined();
    return unsent;
  }

  const kitJobs = async (s: Store = store()) =>
    (await listJobs(s, ['pending', 'sent', 'failed'])).filter(
      (job) => job.kind === 'kit-subscribe',
    );

  it('queues a job for each sign-up that never had one, once', async () => {
    const unsent = await seed();
    expect(await backfillKitJobs(store(), { lists: everyList })).toBe(3);
    const jobs = await kitJobs();
    expect(jobs).toHaveLength(6);
    expect(
      jobs
        .filter((job) => unsent.includes(job.lead_id))
        .map(({ status, attempts }) => ({ status, attempts })),
    ).toEqual(Array(3).fill({ status: 'pending', attempts: 0 }));
    // Sent, failed or still pending: a sign-up that has a job gets no second one.
    expect(new Set(jobs.map((job) => job.lead_id)).size).toBe(6);
    expect(await backfillKitJobs(store(), { lists: everyList })).toBe(0);
    expect(await kitJobs()).toHaveLength(6);
  });

  it('keeps to the lists and dates asked for, and a dry run queues nothing', async () => {
    const [ada] = await seed();
    expect(await backfillKitJobs(store(), { lists: everyList, dryRun: true })).toBe(3);
    expect(await backfillKitJobs(store(), { lists: ['waitlist'], dryRun: true })).toBe(1);
    expect(await kitJobs()).toHaveLength(3);
    const future = new Date(Date.now() + 60_000);
    expect(await backfillKitJobs(store(), { lists: everyList, since: future })).toBe(0);
    expect(await backfillKitJobs(store(), { lists: ['waitlist'] })).toBe(1);
    expect((await kitJobs()).filter((job) => job.lead_id === ada)).toHaveLength(1);
    expect(await backfillKitJobs(store(), { lists: everyList, dryRun: true })).toBe(2);
  });

  it('spreads the jobs out, oldest sign-up first, so Kit is not flooded', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) {
      const id = await signUp('newsletter', `n${i}@example.com`);
      await store()
        .db.updateTable('subscribers')
        .set({ created_at: `2026-01-0${i + 1}T00:00:00.000Z` })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    const now = new Date();
    expect(await backfillKitJobs(store(), { lists: everyList, now })).toBe(5);
    const due = (await kitJobs())
      .map((job) => [job.lead_id, job.next_attempt_at])
      .sort(([, a], [, b]) => String(a).localeCompare(String(b)));
    expect(due).toEqual(
      ids.map((id, i) => [id, new Date(now.getTime() + i * kitBackfillSpacingMs).toISOString()]),
    );
    // The worker finds one due now; the next only 1.5 s later.
    const claim = () => claimDueJobs(store(), { kinds: ['kit-subscribe'], limit: 10, leaseMs: 1 });
    expect((await claim()).map((job) => job.lead_id)).toEqual([ids[0]]);
  });

  it('queues each sign-up once when two runs overlap', async () => {
    await seed();
    const other = await database().open();
    try {
      let results: number[];
      if (database().dialect === 'postgres') {
        // The second run starts while the first has inserted but not committed: it cannot see
        // those rows yet, so only the job ids keep it from queuing the same sign-ups again.
        let second: Promise<number> | undefined;
        const first = await store()
          .db.transaction()
          .execute(async (trx) => {
            const queued = await backfillKitJobs({ ...store(), db: trx }, { lists: everyList });
            second = backfillKitJobs(other, { lists: everyList });
            await new Promise((resolve) => setTimeout(resolve, 300));
            return queued;
          });
        results = [first, (await second) ?? -1];
      } else {
        // SQLite has one writer at a time: the runs take turns.
        results = await Promise.all([
          backfillKitJobs(store(), { lists: everyList }),
          backfillKitJobs(other, { lists: everyList }),
        ]);
      }
      expect(results.sort()).toEqual([0, 3]);
      expect(await countRows(store(), 'outbox_jobs')).toBe(6);
    } finally {
      await other.close();
    }
  });

  it("hands backfilled sign-ups to the server's worker, which sends them to Kit", async () => {
    const apiKey = 'kit-test-key';
    const kit = await startFakeKit(apiKey);
    await signUp('waitlist', 'ada@example.com');
    await signUp('waitlist', 'bo@example.com');
    expect(await backfillKitJobs(store(), { lists: ['waitlist'] })).toBe(2);
    const forwarding = createForwarding(
      { SITE_URL: 'https://founder.example', KIT_FORM_ID_WAITLIST: '4242' },
      { kit: createKit({ apiKey, baseUrl: kit.url }), ownerMail: null },
    );
    const worker = startOutboxWorker(store(), forwarding, createLogger({ LOG_LEVEL: 'silent' }), {
      pollMs: 20,
    });
    try {
      await vi.waitFor(async () => expect(await listJobs(store(), ['sent'])).toHaveLength(2), {
        timeout: 10_000,
        interval: 50,
      });
      // Both, once each (two sign-ups in the same millisecond have no order to keep).
      expect([...(kit.formAdds.get('4242')?.entries() ?? [])].sort()).toEqual([
        ['ada@example.com', 1],
        ['bo@example.com', 1],
      ]);
    } finally {
      await worker.stop();
      await kit.close();
    }
  });
});
