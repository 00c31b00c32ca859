import { expect, it } from 'vitest';
import { auditEntries } from '../../server/features/room';
import { seedApplication } from '../../server/testing/cohort-applications';
import { seedOffer } from '../../server/testing/cohort-offers';
import { describeEachStore } from '../../server/testing/stores';
import { leadsOn } from './testing';

/**
 * `npm run leads -- applications`: the room's Applications view from the terminal, by the same
 * owner commands (style principle 16). `show` and `prune` read the build's served content (its
 * questions, its retention): `npm run build` first.
 */

const now = new Date('2026-11-27T12:00:00.000Z');

describeEachStore('npm run leads -- applications', ({ store, database }) => {
  const leads = (...argv: string[]) => leadsOn(database(), {}, argv, now);

  it('lists the applications newest first, by status, with each status’s count', async () => {
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    await seedApplication(store(), {
      email: 'grace@example.com',
      // What a hostile applicant types reaches no terminal as a control sequence.
      name: 'Grace\u001b[2J\u001b[31mHopper',
      at: '2026-11-26T11:00:00.000Z',
    });
    const listed = await leads('applications');
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    // The seats of each intake to come in the served content (content/cohort.yaml), then the list.
    const [seats, list] = listed.stdout.split('\n\n');
    expect(seats).toBe(
      [
        'Intake 2027-01-11: 20 seats, 0 enrolled, 0 offers open, 20 left.',
        'Intake 2027-04-12: 20 seats, 0 enrolled, 0 offers open, 20 left.',
      ].join('\n'),
    );
    const lines = list?.split('\n') ?? [];
    expect(lines[0]).toMatch(
      /^application\s+status\s+name\s+email\s+applied\s+intake\s+source\s+offer$/,
    );
    expect(lines[2]).toMatch(
      /^\S+\s+new\s+Grace\[2J\[31mHopper\s+grace@example.com\s+2026-11-26T11/,
    );
    expect(lines[3]).toMatch(new RegExp(`^${ada}\\s+new\\s+Ada Lovelace\\s+ada@example.com`));
    expect(listed.stdout).not.toContain('\u001b');
    expect(listed.stdout).toContain(
      '1 to 2 of 2, newest first (new 2, shortlisted 0, accepted 0, declined 0, waitlisted 0).',
    );

    expect(await leads('applications', 'status', ada, 'shortlisted')).toMatchObject({
      code: 0,
      stdout: `${ada}: new -> shortlisted.\n`,
    });
    const shortlisted = await leads('applications', '--status', 'shortlisted', '--format', 'json');
    expect(JSON.parse(shortlisted.stdout)).toMatchObject({
      total: 1,
      applications: [{ id: ada, status: 'shortlisted' }],
    });
    const wrong = await leads('applications', '--status', 'enrolled');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /^--status must be one of new, shortlisted, accepted, declined, waitlisted\./,
    );
    expect((await leads('applications', '--page', '0')).code).toBe(2);
    expect((await leads('applications', 'list', 'extra')).code).toBe(2);
  });

  it('says each intake’s seats, who is next on its waitlist while one is free, and each offer', async () => {
    const intake = '2027-01-11';
    const ada = await seedApplication(store(), { email: 'ada@example.com', intake });
    const grace = await seedApplication(store(), {
      email: 'grace@example.com',
      name: 'Grace Hopper',
      intake,
      at: '2026-11-26T11:00:00.000Z',
    });
    await store()
      .db.updateTable('cohort_applications')
      .set({ status: 'waitlisted', decided_at: '2026-11-26T12:00:00.000Z' })
      .where('id', '=', grace)
      .execute();
    await store()
      .db.updateTable('cohort_applications')
      .set({ status: 'accepted', decided_at: '2026-11-26T12:00:00.000Z' })
      .where('id', '=', ada)
      .execute();
    await seedOffer(store(), {
      applicationId: ada,
      intake,
      status: 'enrolled',
      paid: { checkoutSession: 'cs_ada', amount: 295_000, at: '2026-11-27T09:00:00.000Z' },
    });
    const listed = await leads('applications');
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.stdout).toContain(
      [
        'Intake 2027-01-11: 20 seats, 1 enrolled, 0 offers open, 19 left.',
        `  A seat is free: Grace Hopper (${grace}) is next on the waitlist.`,
      ].join('\n'),
    );
    expect(listed.stdout).toMatch(
      new RegExp(
        `\\n${ada}\\s+accepted\\s+Ada Lovelace.+enrolled £2,950\\.00 on 2026-11-27T09:00:00\\.000Z\\n`,
      ),
    );
    const shown = await leads('applications', 'show', ada);
    expect(shown.stdout).toMatch(/^offer\s+enrolled £2,950\.00 on 2026-11-27T09:00:00\.000Z$/m);
    const json = JSON.parse((await leads('applications', '--format', 'json')).stdout);
    expect(json.intakes[0]).toMatchObject({ intake, enrolled: 1, left: 19, next: { id: grace } });
  });

  it('moves an application and adds a note as the room does, from the terminal', async () => {
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    expect((await leads('applications', 'status', ada, 'accepted')).code).toBe(0);
    const again = await leads('applications', 'status', ada, 'accepted');
    expect(again).toMatchObject({
      code: 1,
      stderr: 'leads: This application is accepted already.\n',
    });
    const unknown = await leads('applications', 'status', 'nobody', 'accepted');
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'leads: No application has the id nobody.\n',
    });
    expect((await leads('applications', 'status', ada)).code).toBe(2);
    const [moved] = await auditEntries(store(), 1);
    expect(moved).toMatchObject({
      owner: null,
      action: 'application-status',
      detail: { application: ada, from: 'new', to: 'accepted' },
    });

    expect(await leads('applications', 'note', ada, 'Call her on Monday.')).toMatchObject({
      code: 0,
      stdout: `Note added to ${ada}.\n`,
    });
    // Both at the terminal's one moment: found by what they are, not by their order.
    const noted = (await auditEntries(store(), 5)).find(
      (entry) => entry.action === 'application-note',
    );
    expect(noted).toMatchObject({ owner: null, detail: { application: ada } });
    const hostile = await leads('applications', 'note', ada, 'ring\u0007');
    expect(hostile).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^TEXT must be plain text\./),
    });
    const long = await leads('applications', 'note', ada, 'x'.repeat(5001));
    expect(long.stderr).toMatch(/^TEXT must be at most 5000 characters\./);
    expect((await leads('applications', 'note', ada)).stderr).toMatch(/^TEXT needs the note/);
    expect((await leads('applications', 'shout', ada)).code).toBe(2);
  });

  it('shows one application under the served form’s questions, with its history and notes', async () => {
    const ada = await seedApplication(store(), {
      email: 'ada@example.com',
      answers: { business: 'Lovelace Engines', team: 12, retired: 'An old answer' },
    });
    await leads('applications', 'status', ada, 'shortlisted');
    await leads('applications', 'note', ada, 'Strong fit.');
    const shown = await leads('applications', 'show', ada);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    // content/cohort.yaml's questions, in order; an answer to one it no longer asks under its id.
    expect(shown.stdout).toContain(
      'What is your business called, and what does it do?\n  Lovelace Engines\n',
    );
    expect(shown.stdout).toContain('How many people work in the business, you included?\n  12\n');
    expect(shown.stdout).toContain('retired (no longer asked)\n  An old answer\n');
    expect(shown.stdout).toMatch(/new -> shortlisted, from the terminal/);
    expect(shown.stdout).toMatch(/Private notes\n.+, from the terminal:\n {2}Strong fit\.\n/);
    const json = JSON.parse((await leads('applications', 'show', ada, '--format', 'json')).stdout);
    expect(json).toMatchObject({
      id: ada,
      status: 'shortlisted',
      notes: [{ text: 'Strong fit.' }],
    });
    expect(await leads('applications', 'show', 'nobody')).toMatchObject({ code: 1 });
    expect((await leads('applications', 'show')).code).toBe(2);
  });

  it('exports the applications, and forgets and prunes them with the leads', async () => {
    const ada = await seedApplication(store(), {
      email: 'ada@example.com',
      at: '2024-06-01T09:00:00.000Z',
    });
    await seedApplication(store(), { email: 'grace@example.com' });
    const csv = await leads('export', 'applications', '--format', 'csv');
    expect(csv.stdout.split('\r\n')).toHaveLength(4);
    expect(csv.stdout).toContain('"ada@example.com"');

    // Decided 13 months ago: past the content's 12 months, whatever the age asked of the leads.
    await leadsOn(
      database(),
      {},
      ['applications', 'status', ada, 'declined'],
      new Date('2025-10-27T12:00:00.000Z'),
    );
    const pruned = await leads('prune', '--older-than', '3650d');
    expect(pruned).toMatchObject({
      code: 0,
      stdout:
        'Deleted 0 contact submission(s), 0 sign-up(s), 0 outbox job(s); 1 cohort application(s) kept for counting without the applicant.\n',
    });
    const forgotten = await leads('forget', 'GRACE@example.com');
    expect(forgotten.stdout).toBe(
      'Erased 0 contact submission(s), 0 sign-up(s), 0 outbox job(s); 1 cohort application(s) kept for counting without the applicant.\n',
    );
    const left = JSON.parse((await leads('export', 'applications', '--format', 'json')).stdout);
    expect(left).toMatchObject([
      { status: 'declined', email: null, answers: null, erased: 1 },
      { status: 'new', email: null, answers: null, erased: 1 },
    ]);
  });
});
