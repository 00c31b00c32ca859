import { expect, it } from 'vitest';
import { addContactSubmission } from '../features/leads';
import { describeEachStore } from '../testing/stores';
import { claimDueJobs, listJobs, markJobSent, parkJob, retryFailedJobs } from './outbox';

describeEachStore('outbox store', ({ store, database }) => {
  it('hands each due job to one claimer only, however many claim at once', async () => {
    for (let i = 0; i < 60; i++) {
      await addContactSubmission(
        store(),
        { name: 'N', email: `n${i}@example.com`, message: 'M' },
        { ipHash: 'h', verified: true, host: 'localhost' },
        ['owner-notify'],
      );
    }
    const instances = [store(), await database().open(), await database().open()];
    const claims = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        claimDueJobs(instances[i % instances.length] ?? store(), {
          kinds: ['owner-notify'],
          limit: 5,
          leaseMs: 60_000,
        }),
      ),
    );
    await Promise.all(instances.slice(1).map((instance) => instance.close()));
    const ids = claims.flat().map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(60);
    // Leased jobs are not due again until the lease runs out.
    expect(
      await claimDueJobs(store(), { kinds: ['owner-notify'], limit: 5, leaseMs: 60_000 }),
    ).toEqual([]);
  });

  it('gives a failed job a clean slate on retry', async () => {
    await addContactSubmission(
      store(),
      { name: 'N', email: 'n@example.com', message: 'M' },
      { ipHash: 'h', verified: true, host: 'localhost' },
      ['owner-notify'],
    );
    const [job] = await claimDueJobs(store(), { kinds: ['owner-notify'], limit: 1, leaseMs: 1000 });
    if (!job) throw new Error('no job claimed');
    await parkJob(store(), job, 'SMTP failed with 550');
    expect(await retryFailedJobs(store())).toBe(1);
    expect(await listJobs(store(), ['pending'])).toEqual([
      expect.objectContaining({
        attempts: 0,
        locked_until: null,
        last_error: 'SMTP failed with 550',
      }),
    ]);
  });

  it('lets only the current claim mark a job: a worker whose lease ran out changes nothing', async () => {
    await addContactSubmission(
      store(),
      { name: 'N', email: 'n@example.com', message: 'M' },
      { ipHash: 'h', verified: true, host: 'localhost' },
      ['owner-notify'],
    );
    const claim = () => claimDueJobs(store(), { kinds: ['owner-notify'], limit: 1, leaseMs: 1 });
    const [slow] = await claim();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [current] = await claim();
    if (!slow || !current) throw new Error('no job claimed');
    expect(current.id).toBe(slow.id);
    expect(await markJobSent(store(), slow)).toBe(false);
    expect(await parkJob(store(), slow, 'late failure')).toBe(false);
    expect(await listJobs(store(), ['pending'])).toEqual([
      expect.objectContaining({ id: slow.id, last_error: null, attempts: 2 }),
    ]);
    expect(await markJobSent(store(), current)).toBe(true);
    expect(await listJobs(store(), ['sent'])).toHaveLength(1);
  });
});
