import { expect, it } from 'vitest';
import type { Store } from '../../server/db/store';
import { auditEntries } from '../../server/features/room';
import { ensureSession, sessionRow } from '../../server/features/workshop/sessions';
import { describeEachStore } from '../../server/testing/stores';
import { seedAttendee } from '../../server/testing/workshop-attendees';
import { leadsOn } from './testing';

/**
 * `npm run leads -- workshop`: the room's Workshop view from the terminal, by the same owner
 * commands (style principle 16), on the build's served site (`npm run build` first). The
 * sessions here are the store's own (october-2026, a name the content does not use), so the
 * published content's sessions may be listed beside them.
 */

const now = new Date('2026-11-27T12:00:00.000Z');
const started = '2026-10-15T18:00:00.000Z';

async function seedOctober(store: Store) {
  await store.write((trx) => ensureSession(trx, { id: 'october-2026', start: started }, started));
  await seedAttendee(store, { id: 'cs_test_oct_a', session: 'october-2026', name: 'Grace' });
  await seedAttendee(store, {
    id: 'cs_test_oct_b',
    session: 'october-2026',
    name: '@SUM(1+1)',
    status: 'refunded',
    refunded: 4900,
  });
}

describeEachStore('npm run leads -- workshop', ({ store, database }) => {
  const leads = (...argv: string[]) => leadsOn(database(), {}, argv, now);

  it('prints each session’s seats and revenue, and says when seats are not enforced', async () => {
    await seedOctober(store());
    const printed = await leads('workshop');
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(printed.stdout).toContain(
      'Seats are not enforced: STRIPE_SECRET_KEY is not set, checkout uses the Payment Links.',
    );
    expect(printed.stdout).toMatch(
      /^october-2026\s+2026-10-15T18:00:00.000Z\s+–\s+1\s+0\s+–\s+1\s+£49\.00\s+0\s+started\s+–\s+–$/m,
    );
    // The build's own sessions, by their names in content/workshop.yaml, with their seats.
    expect(printed.stdout).toMatch(
      /^december-2026\s+2026-12-10T18:00:00.000Z\s+40\s+0\s+0\s+40\s+0\s+–\s+0\s+ahead\s+–\s+–$/m,
    );
    const withKey = await leadsOn(
      database(),
      { STRIPE_SECRET_KEY: 'sk_test_123' },
      ['workshop', '--format', 'json'],
      now,
    );
    expect(JSON.parse(withKey.stdout)).toMatchObject({ seatsEnforced: true });
  });

  it('lists a session’s attendees, and exports them as CSV a spreadsheet opens safely', async () => {
    await seedOctober(store());
    const table = await leads('workshop', 'attendees', 'october-2026');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^cs_test_oct_a\s+Grace\s+cs_test_oct_a@example.com\s+confirmed/m);
    expect(table.stdout).toContain('https://dashboard.stripe.com/test/payments/pi_cs_test_oct_b');
    const csv = await leads('workshop', 'attendees', 'october-2026', '--format', 'csv');
    expect(csv.stdout).toContain(`"'@SUM(1+1)"`);
    const unknown = await leads('workshop', 'attendees', 'march-2030');
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringMatching(/No session/) });
  });

  it('enters the links without printing them, and refuses an unsafe one as the room does', async () => {
    await seedOctober(store());
    const link = 'https://zoom.us/j/555?pwd=private';
    const entered = await leads('workshop', 'links', 'october-2026', '--joining', link);
    expect(entered).toMatchObject({
      code: 0,
      stdout: 'october-2026: joining link entered, replay link not entered.\n',
    });
    expect((await sessionRow(store(), 'october-2026'))?.joining_link).toBe(link);
    const [logged] = await auditEntries(store(), 1);
    expect(logged).toMatchObject({ owner: null, action: 'workshop-links' });
    const refused = await leads('workshop', 'links', 'october-2026', '--joining', 'http://x.test');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^--joining must be an address starting https:\/\/\./);
    const nothing = await leads('workshop', 'links', 'october-2026');
    expect(nothing.code).toBe(2);
    const cleared = await leads('workshop', 'links', 'october-2026', '--joining', '');
    expect(cleared.stdout).toBe(
      'october-2026: joining link not entered, replay link not entered.\n',
    );
  });

  it('sends a confirmation again, cancels once and sends the replay once, as the room does', async () => {
    await seedOctober(store());
    expect(await leads('workshop', 'resend', 'cs_test_oct_a')).toMatchObject({ code: 0 });
    const refunded = await leads('workshop', 'resend', 'cs_test_oct_b');
    expect(refunded).toMatchObject({ code: 1, stderr: expect.stringMatching(/refunded/) });
    const noLink = await leads('workshop', 'replay', 'october-2026');
    expect(noLink).toMatchObject({ code: 1, stderr: 'leads: Enter the replay link first.\n' });
    await leads('workshop', 'links', 'october-2026', '--replay', 'https://vimeo.com/1');
    const replay = await leads('workshop', 'replay', 'october-2026');
    expect(replay.stdout).toBe('The replay of october-2026 will be emailed to 1 attendee(s).\n');
    expect((await leads('workshop', 'replay', 'october-2026')).code).toBe(1);
    const cancelled = await leads('workshop', 'cancel', 'october-2026');
    expect(cancelled.stdout).toMatch(/^october-2026 is cancelled; 1 attendee\(s\) will be emailed/);
    expect((await leads('workshop', 'cancel', 'october-2026')).code).toBe(1);
    const kinds = await store()
      .db.selectFrom('outbox_jobs')
      .select('kind')
      .where('lead_id', '=', 'cs_test_oct_a')
      .orderBy('kind')
      .execute();
    expect(kinds.map((job) => job.kind)).toStrictEqual([
      'workshop-cancelled',
      'workshop-confirmation',
      'workshop-replay',
    ]);
  });

  it('prints a session’s open holds by client hash', async () => {
    await seedOctober(store());
    await store()
      .db.insertInto('workshop_holds')
      .values({
        id: 'hold-1',
        session_id: 'october-2026',
        client_hash: 'f'.repeat(64),
        network_hash: 'e'.repeat(64),
        status: 'open',
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 60_000).toISOString(),
        checkout_session: null,
        amount: 4900,
        currency: 'gbp',
        released_at: null,
      })
      .execute();
    const printed = await leads('workshop', 'holds', 'october-2026');
    expect(printed.stdout).toContain('1 seat(s) of october-2026 held by open checkouts:');
    expect(printed.stdout).toMatch(/^f{12}\s+1$/m);
  });

  it('refuses wrong usage before touching anything', async () => {
    for (const argv of [
      ['workshop', 'attendees'],
      ['workshop', 'frobnicate', 'october-2026'],
      ['workshop', 'cancel', 'October 2026'],
      ['workshop', 'resend', 'october-2026'],
      ['workshop', 'attendees', 'october-2026', '--format', 'html'],
      ['workshop', 'sessions', 'extra'],
    ]) {
      expect((await leads(...argv)).code, argv.join(' ')).toBe(2);
    }
  });
});
