import { expect, it } from 'vitest';
import { addContactSubmission, addSubscriber } from '../../server/db/leads';
import { claimDueJobs, listJobs, parkJob } from '../../server/db/outbox';
import { describeEachStore } from '../../server/testing/stores';
import { runLeadsCli } from './cli';

describeEachStore('npm run leads', ({ store, database }) => {
  async function leads(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runLeadsCli(argv, {
      // The tool opens and closes its own connection, as it does beside a running server.
      openStore: () => database().open(),
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
    });
    return { code, stdout, stderr };
  }

  const meta = { ipHash: 'h', host: 'localhost' };
  async function seed() {
    await addContactSubmission(
      store(),
      { name: '=cmd|calc', email: 'ada@example.com', message: 'Hi, "there"' },
      meta,
      ['owner-notify'],
    );
    await addSubscriber(store(), { list: 'waitlist', email: 'ada@example.com' }, meta, [
      'kit-subscribe',
    ]);
    await addSubscriber(
      store(),
      { list: 'newsletter', email: 'bo@example.com', firstName: 'Bo' },
      meta,
      [],
    );
  }

  it('prints usage and exits 0 for help, 2 for wrong usage', async () => {
    expect(await leads('help')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Usage'),
    });
    expect((await leads()).code).toBe(0);
    for (const wrong of [
      ['frobnicate'],
      ['export', 'contacts'],
      ['export', 'people', '--format', 'csv'],
      ['export', 'subscribers', '--format', 'csv', '--list', 'vip'],
      ['export', 'contacts', '--format', 'csv', '--since', 'yesterday'],
      ['export', 'contacts', '--format', 'csv', '--bogus'],
      ['forget'],
      ['prune'],
      ['prune', '--older-than', '1y'],
      ['outbox', 'purge'],
    ]) {
      const result = await leads(...wrong);
      expect(result.code, wrong.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage');
    }
  });

  it('exports contacts and subscribers as formula-safe CSV or JSON', async () => {
    await seed();
    const contacts = await leads('export', 'contacts', '--format', 'csv');
    expect(contacts.code).toBe(0);
    const [header, row] = contacts.stdout.split('\r\n');
    expect(header).toBe('"id","created_at","name","email","message"');
    expect(row).toContain(`"'=cmd|calc","ada@example.com","Hi, ""there"""`);

    const waitlist = await leads('export', 'subscribers', '--list', 'waitlist', '--format', 'json');
    expect(JSON.parse(waitlist.stdout)).toEqual([
      expect.objectContaining({ list: 'waitlist', email: 'ada@example.com' }),
    ]);
    const all = await leads('export', 'subscribers', '--format', 'json', '--since', '1h');
    expect(JSON.parse(all.stdout)).toHaveLength(2);
    const future = await leads(
      'export',
      'subscribers',
      '--format',
      'json',
      '--since',
      '2999-01-01',
    );
    expect(JSON.parse(future.stdout)).toEqual([]);
  });

  it('lists the outbox and queues failed jobs again', async () => {
    await seed();
    expect((await leads('outbox')).stdout).toContain('2 pending, 0 failed');
    const [job] = await claimDueJobs(store(), { kinds: ['owner-notify'], limit: 1, leaseMs: 1 });
    await parkJob(store(), job?.id ?? '', 'SMTP failed with 550');
    const listing = await leads('outbox');
    expect(listing.stdout).toContain('last error: SMTP failed with 550');
    expect(listing.stdout).toContain('1 pending, 1 failed');
    expect(listing.stdout).not.toContain('ada@example.com');
    expect(await leads('outbox', 'retry', 'no-such-job')).toMatchObject({ code: 1 });
    expect(await leads('outbox', 'retry', job?.id ?? '')).toMatchObject({
      code: 0,
      stdout: '1 failed job queued again.\n',
    });
    expect(await listJobs(store(), ['failed'])).toEqual([]);
  });

  it('forgets a person everywhere', async () => {
    await seed();
    const result = await leads('forget', 'ADA@example.com');
    expect(result).toMatchObject({
      code: 0,
      stdout: 'Erased 1 contact submission(s), 1 sign-up(s), 2 outbox job(s).\n',
    });
    const remaining = await leads('export', 'subscribers', '--format', 'json');
    expect(remaining.stdout).not.toContain('ada@example.com');
    expect(remaining.stdout).toContain('bo@example.com');
    expect((await leads('export', 'contacts', '--format', 'json')).stdout).toBe('[]\n');
  });

  it('prunes leads older than the given age', async () => {
    await seed();
    await store()
      .db.updateTable('subscribers')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('email', '=', 'ada@example.com')
      .execute();
    const result = await leads('prune', '--older-than', '365d');
    expect(result).toMatchObject({
      code: 0,
      stdout: 'Deleted 0 contact submission(s), 1 sign-up(s), 1 outbox job(s).\n',
    });
    expect(await listJobs(store(), ['pending'])).toEqual([
      expect.objectContaining({ kind: 'owner-notify' }),
    ]);
  });
});
