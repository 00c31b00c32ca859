import { expect, it, vi } from 'vitest';
import { listJobs, type OutboxJob } from '../db/outbox';
import type { Store } from '../db/store';
import { parseEnv } from '../env';
import { addContactSubmission } from '../features/leads';
import { createForwarding } from '../forwarding';
import { createLogger } from '../logger';
import { kitTimeoutMs } from '../providers/kit';
import { smtpTimeoutsMs } from '../providers/owner-mail';
import { ProviderError } from '../providers/provider-error';
import { describeEachStore } from '../testing/stores';
import type { Forwarding } from './forwarding';
import { defaultOutboxWorkerOptions, type OutboxWorkerOptions, startOutboxWorker } from './worker';

const logger = createLogger({ LOG_LEVEL: 'silent' });
const fast: Partial<OutboxWorkerOptions> = {
  pollMs: 10,
  baseDelayMs: 5,
  maxDelayMs: 20,
  rateLimitPauseMs: 20,
  maxAttempts: 4,
};

/** A Forwarding whose deliveries do what `deliver` says and are counted per job. */
function fakeForwarding(deliver: (job: OutboxJob) => Promise<void> = async () => {}) {
  const deliveries = new Map<string, number>();
  const forwarding: Forwarding = {
    jobsForSubscriber: () => [],
    jobsForContact: () => ['owner-notify'],
    jobsForSale: () => [],
    jobsForAttendee: () => [],
    jobsForCohort: () => [],
    makesBroadcasts: false,
    async deliver(_store, job) {
      deliveries.set(job.id, (deliveries.get(job.id) ?? 0) + 1);
      await deliver(job);
    },
    async deliverDigest(store, jobs) {
      for (const job of jobs) await this.deliver(store, job);
    },
  };
  return { forwarding, deliveries };
}

async function addLeads(store: Store, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await addContactSubmission(
      store,
      { name: 'N', email: `n${i}@example.com`, message: 'M' },
      { ipHash: 'h', verified: true, host: 'localhost' },
      ['owner-notify'],
    );
  }
}

const untilNoPendingJobs = (store: Store) =>
  vi.waitFor(
    async () => {
      expect(await listJobs(store, ['pending'])).toEqual([]);
    },
    { timeout: 15_000, interval: 20 },
  );

describeEachStore('outbox worker', ({ store, database }) => {
  it('sends a pending job once and marks it sent', async () => {
    await addLeads(store(), 1);
    const { forwarding, deliveries } = fakeForwarding();
    const worker = startOutboxWorker(store(), forwarding, logger, fast);
    await untilNoPendingJobs(store());
    await worker.stop();
    const [job] = await listJobs(store(), ['sent']);
    expect(job).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(job?.sent_at).toBeTruthy();
    expect([...deliveries.values()]).toEqual([1]);
  });

  it('retries a failing job and parks it after the last try, with its last error', async () => {
    await addLeads(store(), 1);
    const { forwarding, deliveries } = fakeForwarding(async () => {
      throw new ProviderError('Kit answered 503');
    });
    const worker = startOutboxWorker(store(), forwarding, logger, fast);
    await untilNoPendingJobs(store());
    await worker.stop();
    const [job] = await listJobs(store(), ['failed']);
    expect(job).toMatchObject({ status: 'failed', attempts: 4, last_error: 'Kit answered 503' });
    expect([...deliveries.values()]).toEqual([4]);
  });

  it('parks a job at once when the provider refuses it for good', async () => {
    await addLeads(store(), 1);
    const { forwarding } = fakeForwarding(async () => {
      throw new ProviderError('Kit answered 422', { permanent: true });
    });
    const worker = startOutboxWorker(store(), forwarding, logger, fast);
    await untilNoPendingJobs(store());
    await worker.stop();
    expect(await listJobs(store(), ['failed'])).toEqual([
      expect.objectContaining({ attempts: 1, last_error: 'Kit answered 422' }),
    ]);
  });

  it('honours a 429: the job waits at least as long as the provider asked', async () => {
    await addLeads(store(), 1);
    let calls = 0;
    const { forwarding } = fakeForwarding(async () => {
      calls++;
      if (calls === 1) throw new ProviderError('429', { rateLimited: true, retryAfterMs: 60_000 });
    });
    const before = Date.now();
    const worker = startOutboxWorker(store(), forwarding, logger, fast);
    await vi.waitFor(async () => expect(calls).toBe(1), { timeout: 15_000, interval: 10 });
    await worker.stop();
    const [job] = await listJobs(store(), ['pending']);
    expect(Date.parse(job?.next_attempt_at ?? '')).toBeGreaterThanOrEqual(before + 60_000);
    expect(job?.last_error).toBe('429');
  });

  it('never gives one job to two workers sharing the database', async () => {
    await addLeads(store(), 30);
    const instances = [store(), await database().open(), await database().open()];
    const { forwarding, deliveries } = fakeForwarding(async () => {
      // Yield so that the workers really interleave.
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
    const workers = instances.map((instance) =>
      startOutboxWorker(instance, forwarding, logger, fast),
    );
    await untilNoPendingJobs(store());
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all(instances.slice(1).map((instance) => instance.close()));
    expect(deliveries.size).toBe(30);
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
    expect(await listJobs(store(), ['sent'])).toHaveLength(30);
  });

  it('gives up a send that outlives half its lease, and leaves the job to be tried again', async () => {
    await addLeads(store(), 1);
    const { forwarding } = fakeForwarding(() => new Promise(() => {})); // never answers
    const worker = startOutboxWorker(store(), forwarding, logger, { ...fast, leaseMs: 200 });
    await vi.waitFor(
      async () =>
        expect(await listJobs(store(), ['pending'])).toEqual([
          expect.objectContaining({ last_error: 'timed out within the lease', locked_until: null }),
        ]),
      { timeout: 15_000, interval: 20 },
    );
    await worker.stop();
  });

  it('sends the due digest entries together, as one email', async () => {
    const mails: { count: number; messageId: string }[] = [];
    const forwarding = createForwarding(parseEnv({ SITE_URL: 'http://localhost' }), {
      kit: null,
      ownerMail: {
        notify: async () => {},
        digest: async (contacts, messageId) => {
          mails.push({ count: contacts.length, messageId });
        },
        report: async () => {},
        sale: async () => {},
      },
    });
    for (let i = 0; i < 3; i++) {
      await addContactSubmission(
        store(),
        { name: 'N', email: `n${i}@example.com`, message: 'M' },
        { ipHash: 'h', verified: false, host: 'localhost' },
        forwarding.jobsForContact({ verified: false }),
      );
    }
    // Due at the next hour; make it now.
    await store()
      .db.updateTable('outbox_jobs')
      .set({ next_attempt_at: new Date().toISOString() })
      .execute();
    const worker = startOutboxWorker(store(), forwarding, logger, fast);
    await untilNoPendingJobs(store());
    await worker.stop();
    const sent = await listJobs(store(), ['sent']);
    expect(sent).toHaveLength(3);
    expect(mails).toEqual([{ count: 3, messageId: expect.stringMatching(/^[\w-]{36}$/) }]);
    expect(sent.map((job) => job.id)).toContain(mails[0]?.messageId);
  });
});

it('lets every provider call end well inside the outbox lease', () => {
  const smtpWorstCase = smtpTimeoutsMs.connection + smtpTimeoutsMs.greeting + smtpTimeoutsMs.socket;
  // Kit's subscribe makes two calls, each with its own timeout.
  expect(2 * kitTimeoutMs).toBeLessThan(defaultOutboxWorkerOptions.leaseMs / 2);
  expect(smtpWorstCase).toBeLessThan(defaultOutboxWorkerOptions.leaseMs / 2);
});
