import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { claimDueJobs, listJobs, parkJob } from '../../server/db/outbox';
import { addContactSubmission, addSubscriber } from '../../server/features/leads/store';
import { readSaleEvent, recordStripeEvent } from '../../server/features/sales';
import { startFakeKit } from '../../server/providers/fake-kit';
import { countRows, describeEachStore } from '../../server/testing/stores';
import {
  chargeRefundedEvent,
  checkoutSessionEvent,
  testReferences,
} from '../../server/testing/stripe';
import type { LeadsEnv } from './cli';
import { leadsOn } from './testing';

describeEachStore('npm run leads', ({ store, database }) => {
  const leads = (...argv: string[]) => leadsOn(database(), {}, argv);

  const meta = { ipHash: 'h', verified: true, host: 'localhost' };
  async function seed() {
    await addContactSubmission(
      store(),
      {
        name: '=cmd|calc',
        email: 'ada@example.com',
        message: 'Hi, "there"',
        page: '/whatsstoppingyou',
      },
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
      ['outbox', '--dry-run'],
      ['kit'],
      ['kit', 'sync'],
      ['kit', 'backfill', '--list', 'vip'],
      ['kit', 'backfill', '--since', 'soon'],
      ['backup'],
      ['backup', 'a.sqlite', 'b.sqlite'],
      ['restore'],
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
    expect(header).toBe('"id","created_at","name","email","message","page","verified"');
    expect(row).toContain(`"'=cmd|calc","ada@example.com","Hi, ""there""","/whatsstoppingyou","1"`);

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
    if (!job) throw new Error('no job claimed');
    await parkJob(store(), job, 'SMTP failed with 550');
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

  /** A Stripe event as the webhook records it (server/features/sales/stripe-webhook.ts). */
  async function stripeEvent(event: object, jobs: ('owner-sale' | 'kit-buyer')[] = []) {
    const parsed = readSaleEvent(JSON.stringify(event), event, testReferences.read);
    if (parsed.kind !== 'record') throw new Error('not a sale event');
    await recordStripeEvent(store(), parsed.event, () => jobs);
  }

  it('exports sales, with what was refunded, and keeps their amounts when the buyer is forgotten', async () => {
    await seed();
    await stripeEvent(
      checkoutSessionEvent('checkout.session.completed', {
        session: 'cs_ada',
        email: 'Ada@Example.com',
        created: Date.parse('2026-11-20T10:00:00Z') / 1000,
      }),
      ['owner-sale'],
    );
    await stripeEvent(
      chargeRefundedEvent({ charge: 'ch_ada', paymentIntent: 'pi_ada', refunded: 900 }),
    );
    const exported = JSON.parse((await leads('export', 'sales', '--format', 'json')).stdout);
    expect(exported).toEqual([
      expect.objectContaining({
        id: 'cs_ada',
        created_at: '2026-11-20T10:00:00.000Z',
        status: 'paid',
        amount: 4900,
        refunded: 900,
        currency: 'gbp',
        email: 'ada@example.com',
        payment_intent: 'pi_ada',
      }),
    ]);
    const csv = (await leads('export', 'sales', '--format', 'csv')).stdout.split('\r\n');
    expect(csv[0]).toBe(
      '"id","created_at","status","livemode","amount","refunded","currency","product","source","host","path","click_day","experiment","variant","reference","email","payment_intent","customer","payment_link","erased_at"',
    );

    const result = await leads('forget', 'ada@example.com');
    expect(result.stdout).toBe(
      'Erased 1 contact submission(s), 1 sign-up(s), 3 outbox job(s); 1 sale(s) kept without the buyer.\n',
    );
    const [kept] = JSON.parse((await leads('export', 'sales', '--format', 'json')).stdout);
    expect(kept).toMatchObject({ id: 'cs_ada', amount: 4900, refunded: 900, email: null });
    expect(kept.erased_at).toEqual(expect.any(String));
    // The raw events held the address too: their payloads are gone, their ids stay (no replay).
    const events = await store().db.selectFrom('stripe_events').select(['id', 'payload']).execute();
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.payload === null)).toBe(true);
    // Stripe sends the sale again: it is known, and the buyer does not come back.
    await stripeEvent(
      checkoutSessionEvent('checkout.session.async_payment_succeeded', {
        session: 'cs_ada',
        email: 'ada@example.com',
      }),
    );
    await stripeEvent(
      chargeRefundedEvent({ charge: 'ch_ada', paymentIntent: 'pi_ada', refunded: 4900 }),
    );
    const again = await store().db.selectFrom('sales').selectAll().executeTakeFirstOrThrow();
    expect(again.email).toBeNull();
    const late = await store().db.selectFrom('stripe_events').select('payload').execute();
    expect(late.every((event) => event.payload === null)).toBe(true);
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

describeEachStore('npm run leads: Kit backfill', ({ store, database }) => {
  const kit = {
    KIT_API_KEY: 'kit-key',
    KIT_FORM_ID_NEWSLETTER: '1717',
    KIT_FORM_ID_WAITLIST: '4242',
    KIT_FORM_ID_HANDBOOK: '5151',
    KIT_FORM_ID_WORKSHOP: '6262',
  };
  const leads = (settings: Partial<LeadsEnv>, ...argv: string[]) =>
    leadsOn(database(), settings, argv);

  it('refuses while Kit or the list is not configured, since the jobs would only fail', async () => {
    await addSubscriber(
      store(),
      { list: 'waitlist', email: 'ada@example.com' },
      { ipHash: 'h', verified: true, host: 'localhost' },
      [],
    );
    expect(await leads({}, 'kit', 'backfill')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('KIT_API_KEY is not set'),
    });
    const noWaitlistForm = { ...kit, KIT_FORM_ID_WAITLIST: undefined };
    expect(await leads(noWaitlistForm, 'kit', 'backfill')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('KIT_FORM_ID_WAITLIST not set'),
    });
    expect(await leads(noWaitlistForm, 'kit', 'backfill', '--list', 'waitlist')).toMatchObject({
      code: 1,
    });
    expect(await countRows(store(), 'outbox_jobs')).toBe(0);
    // A dry run queues nothing, so the owner can size the backlog before setting Kit up.
    expect(await leads({}, 'kit', 'backfill', '--dry-run')).toMatchObject({
      code: 0,
      stdout:
        'Would queue 1 sign-up for Kit (newsletter, waitlist, handbook, workshop); queued nothing.\n',
    });
    // Another list whose form is set is fine.
    expect(await leads(noWaitlistForm, 'kit', 'backfill', '--list', 'newsletter')).toMatchObject({
      code: 0,
      stdout: 'Queued 0 sign-ups for Kit (newsletter).\n',
    });
  });

  it('says how many it would queue, queues them once, and says how long sending takes', async () => {
    for (const email of ['ada@example.com', 'bo@example.com']) {
      await addSubscriber(
        store(),
        { list: 'waitlist', email },
        { ipHash: 'h', verified: true, host: 'localhost' },
        [],
      );
    }
    await addSubscriber(
      store(),
      { list: 'handbook', email: 'cy@example.com' },
      { ipHash: 'h', verified: true, host: 'localhost' },
      ['kit-subscribe'],
    );
    expect(await leads(kit, 'kit', 'backfill', '--dry-run')).toMatchObject({
      code: 0,
      stdout:
        'Would queue 2 sign-ups for Kit (newsletter, waitlist, handbook, workshop); queued nothing.\n',
    });
    expect(await countRows(store(), 'outbox_jobs')).toBe(1);
    expect(await leads(kit, 'kit', 'backfill', '--since', '1h')).toMatchObject({
      code: 0,
      stdout:
        'Queued 2 sign-ups for Kit (newsletter, waitlist, handbook, workshop); the server sends them one every 1.5 s, over about 1 minute.\n',
    });
    expect(await leads(kit, 'kit', 'backfill')).toMatchObject({
      code: 0,
      stdout: 'Queued 0 sign-ups for Kit (newsletter, waitlist, handbook, workshop).\n',
    });
    expect(await countRows(store(), 'outbox_jobs')).toBe(3);
  });
});

describeEachStore('npm run leads: backup and restore', ({ store, database }) => {
  const leads = (...argv: string[]) => leadsOn(database(), {}, argv);

  it('backs up and restores SQLite; with PostgreSQL, points to pg_dump and pg_restore', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leads-backup-'));
    try {
      const file = join(dir, 'leads-backup.sqlite');
      await addSubscriber(
        store(),
        { list: 'waitlist', email: 'ada@example.com' },
        { ipHash: 'h', verified: true, host: 'localhost' },
        [],
      );
      const backup = await leads('backup', file);
      if (database().dialect === 'postgres') {
        for (const result of [backup, await leads('restore', file)]) {
          expect(result.code).toBe(1);
          expect(result.stderr).toContain('pg_dump --format=custom');
          expect(result.stderr).toContain('pg_restore --clean --if-exists --no-owner');
        }
        expect(existsSync(file)).toBe(false);
        return;
      }
      expect(backup).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(
          /^Backed up 1 sign-up\(s\) and 0 contact submission\(s\) \(\d+ KiB, integrity ok\) to .*leads-backup\.sqlite in \d+ ms\.\n$/,
        ),
      });
      expect(statSync(file).mode & 0o777).toBe(0o600);

      await addSubscriber(
        store(),
        { list: 'waitlist', email: 'bo@example.com' },
        { ipHash: 'h', verified: true, host: 'localhost' },
        [],
      );
      // The store above is a running server's connection: restore waits for it to stop.
      const refused = await leads('restore', file);
      expect(refused).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('server is running'),
      });
      await store().close();

      const restored = await leads('restore', file);
      expect(restored).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Restored 1 sign-up(s) and 0 contact submission(s)'),
      });
      expect(restored.stdout).toMatch(/kept as .*leads\.sqlite\.before-restore-/);
      const exported = await leads('export', 'subscribers', '--format', 'csv');
      expect(exported.stdout).toContain('ada@example.com');
      expect(exported.stdout).not.toContain('bo@example.com');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('invites an owner with a one-time link on the main site, lists them, and revokes them', async () => {
    const invited = await leads('owner', 'invite', '--name', 'Jamie');
    expect(invited.code).toBe(0);
    const link = /https:\/\/jamie\.example\/owner\/welcome#([A-Za-z0-9_-]{43})/.exec(
      invited.stdout,
    );
    expect(link, invited.stdout).not.toBeNull();

    const listed = await leads('owner', 'list');
    expect(listed.stdout).toMatch(/^Jamie\tsince \S+\t0 passkey\(s\), 0 open session\(s\)$/m);

    expect((await leads('owner', 'revoke', '--name', 'Jamie')).code).toBe(0);
    expect((await leads('owner', 'list')).stdout).toMatch(/^Jamie\t.*revoked/m);
    const again = await leads('owner', 'revoke', '--name', 'Jamie');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('No active owner is called "Jamie"');
  });

  it('refuses an owner command without a name, or with a name that is not printable', async () => {
    expect((await leads('owner', 'invite')).code).toBe(2);
    const control = await leads('owner', 'invite', '--name', 'Ja\u0007mie');
    expect(control.code).toBe(2);
    expect(control.stderr).toContain('--name An owner name is 1 to 60 printable characters.');
    expect((await leads('owner', 'promote', '--name', 'Jamie')).code).toBe(2);
  });
});

describeEachStore('npm run leads: Kit webhooks install', ({ database }) => {
  it('makes the endpoint for the four events and prints the secret to set', async () => {
    const kit = await startFakeKit('kit-key');
    try {
      const settings = { KIT_API_KEY: 'kit-key', KIT_API_URL: kit.url };
      const result = await leadsOn(database(), settings, ['kit', 'webhooks', 'install']);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(kit.webhookEndpoints).toEqual([
        {
          url: 'https://jamie.example/api/kit/webhook',
          events: [
            'subscriber.activated',
            'subscriber.unsubscribed',
            'subscriber.bounced',
            'subscriber.complained',
          ],
          name: expect.any(String),
        },
      ]);
      expect(result.stdout).toContain('KIT_WEBHOOK_SECRET=fake-kit-signing-secret-1\n');
      const elsewhere = await leadsOn(database(), settings, [
        'kit',
        'webhooks',
        'install',
        '--url',
        'https://staging.jamie.example/api/kit/webhook',
      ]);
      expect(elsewhere.code).toBe(0);
      expect(kit.webhookEndpoints[1]?.url).toBe('https://staging.jamie.example/api/kit/webhook');
    } finally {
      await kit.close();
    }
  });

  it('refuses without KIT_API_KEY, with a wrong key, or a wrong command line', async () => {
    const kit = await startFakeKit('kit-key');
    try {
      expect(
        await leadsOn(database(), { KIT_API_URL: kit.url }, ['kit', 'webhooks', 'install']),
      ).toMatchObject({ code: 1, stderr: expect.stringContaining('KIT_API_KEY is not set') });
      expect(
        await leadsOn(database(), { KIT_API_KEY: 'wrong', KIT_API_URL: kit.url }, [
          'kit',
          'webhooks',
          'install',
        ]),
      ).toMatchObject({ code: 1, stderr: expect.stringContaining('Kit answered 401') });
      for (const argv of [
        ['kit', 'webhooks'],
        ['kit', 'webhooks', 'remove'],
        ['kit', 'webhooks', 'install', '--url', 'not a url'],
      ]) {
        expect((await leadsOn(database(), {}, argv)).code, argv.join(' ')).toBe(2);
      }
      expect(kit.webhookEndpoints).toEqual([]);
    } finally {
      await kit.close();
    }
  });
});
