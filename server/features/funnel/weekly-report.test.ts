import { expect, it } from 'vitest';
import type { Experiment } from '../../../contracts/content/experiments';
import { parseEnv } from '../../env';
import { createForwarding } from '../../forwarding';
import { seedApplication } from '../../testing/cohort-applications';
import { seedOffer } from '../../testing/cohort-offers';
import { showAndSignUp } from '../../testing/experiment-sample';
import { countRows, describeEachStore } from '../../testing/stores';
import { experimentsCommand } from '../experiments';
import { addSubscriber } from '../leads';
import { queueWeeklyReport, reportWeeks, weeklyReport } from './weekly-report';

const at = (iso: string) => Date.parse(iso);

it('reports on the last complete Monday-to-Sunday week, beside the one before', () => {
  // Wednesday 25 November 2026.
  expect(reportWeeks(at('2026-11-25T10:00:00Z'))).toEqual({
    week: { from: '2026-11-16', to: '2026-11-22' },
    before: { from: '2026-11-09', to: '2026-11-15' },
  });
  // On the Monday itself the week just ended is complete.
  expect(reportWeeks(at('2026-11-23T00:00:00Z')).week).toEqual({
    from: '2026-11-16',
    to: '2026-11-22',
  });
});

describeEachStore('the weekly report', ({ store, database }) => {
  it('is queued once per week, however many instances ask', async () => {
    const other = await database().open();
    try {
      const monday = at('2026-11-23T06:00:00Z');
      await Promise.all([
        queueWeeklyReport(store(), monday),
        queueWeeklyReport(other, monday),
        queueWeeklyReport(store(), monday + 3_600_000),
      ]);
      expect(await countRows(store(), 'outbox_jobs')).toBe(1);
      const job = await store().db.selectFrom('outbox_jobs').selectAll().executeTakeFirstOrThrow();
      expect(job).toMatchObject({ kind: 'owner-weekly-report', lead_id: '2026-11-16' });
      // Queued before 08:00 UTC, it waits until then.
      expect(job.next_attempt_at).toBe('2026-11-23T08:00:00.000Z');
      // The next week is a new report.
      await queueWeeklyReport(store(), at('2026-11-30T09:00:00Z'));
      expect(await countRows(store(), 'outbox_jobs')).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('puts last week’s sign-ups beside the week before’s', async () => {
    const signUp = async (email: string, createdAt: string, source: string) => {
      await addSubscriber(
        store(),
        { list: 'newsletter', email, source },
        { ipHash: 'h', verified: true, host: 'localhost' },
        [],
      );
      await store()
        .db.updateTable('subscribers')
        .set({ created_at: createdAt })
        .where('email', '=', email)
        .execute();
    };
    await signUp('a@example.com', '2026-11-17T12:00:00.000Z', 'Instagram');
    await signUp('b@example.com', '2026-11-18T12:00:00.000Z', 'Instagram');
    await signUp('c@example.com', '2026-11-10T12:00:00.000Z', 'LinkedIn');
    const { subject, text } = await weeklyReport(
      store(),
      '2026-11-16',
      'https://example.com/owner',
    );
    expect(subject).toContain('2 sign-ups');
    expect(subject).toContain('16 November 2026 – 22 November 2026');
    expect(text).toMatch(/Sign-ups\s+2\s+week before 1 \(\+100%\)/);
    expect(text).toContain('https://example.com/owner');
  });

  it('counts the cohort’s applications, offers, enrolments and revenue, and says where they came from', async () => {
    const ada = await seedApplication(store(), {
      email: 'ada@example.com',
      at: '2026-11-17T09:00:00.000Z',
      variant: 'bold',
    });
    await seedApplication(store(), {
      email: 'bea@example.com',
      at: '2026-11-18T09:00:00.000Z',
      source: 'LinkedIn',
    });
    // The week before: one application.
    await seedApplication(store(), { email: 'cy@example.com', at: '2026-11-10T09:00:00.000Z' });
    const offer = await seedOffer(store(), {
      applicationId: ada,
      intake: '2027-01-11',
      status: 'enrolled',
      paid: { checkoutSession: 'cs_ada', amount: 295_000, at: '2026-11-19T10:00:00.000Z' },
    });
    await store()
      .db.updateTable('cohort_offers')
      .set({ created_at: '2026-11-18T10:00:00.000Z' })
      .where('id', '=', offer)
      .execute();
    const { text } = await weeklyReport(store(), '2026-11-16', 'https://example.com/owner');
    expect(text).toMatch(/Applications\s+2\s+week before 1 \(\+100%\)/);
    expect(text).toMatch(/Offers\s+1\s+week before 0 \(new\)/);
    expect(text).toMatch(/Enrolments\s+1\s+week before 0 \(new\)/);
    expect(text).toMatch(/Cohort revenue\s+£2,950\.00\s+week before —/);
    expect(text).toContain('The cohort, by where its applications came from:');
    expect(text).toMatch(
      / {2}By source:\n {4}Instagram\s+1 application, 1 offer, 1 enrolment, £2,950\.00\n {4}LinkedIn\s+1 application\n/,
    );
    expect(text).toMatch(
      / {2}By page:\n {4}sellablebusiness\.localhost\/sellablebusiness\/apply\s+2 applications, 1 offer, 1 enrolment, £2,950\.00\n/,
    );
    expect(text).toMatch(
      / {2}By variant:\n {4}apply-headline\/bold\s+1 application, 1 offer, 1 enrolment, £2,950\.00\n/,
    );
    // A week without any says nothing of the cohort.
    const quiet = await weeklyReport(store(), '2026-11-02', 'https://example.com/owner');
    expect(quiet.text).not.toContain('The cohort');
  });

  it("gives each running experiment's standing, and none of one that has ended", async () => {
    const headline: Experiment = {
      name: 'waitlist-headline',
      page: 'waitlist',
      goal: 'signUps',
      controlShare: 50,
      variants: [
        { name: 'first-to-read', share: 50, changes: [{ field: 'hero.heading', text: 'Read' }] },
      ],
      sampleSize: 100,
    };
    // Shown today: a sign-up counts for the variant its visitor key was shown that day.
    await showAndSignUp(store(), headline.name);
    const now = new Date('2026-11-23T09:00:00Z');
    const { text } = await weeklyReport(store(), '2026-11-16', 'https://example.com/owner', () =>
      experimentsCommand.run(
        {
          store: store(),
          experiments: [
            headline,
            { ...headline, name: 'ended-before', end: '2026-11-01T00:00:00+00:00' },
          ],
          now,
        },
        {},
      ),
    );
    expect(text).toContain(
      'Experiments running now:\n  waitlist-headline, on waitlist, counting sign-ups:',
    );
    expect(text).toMatch(/control\s+40 visitors, 1 sign-ups \(2\.5%\)\n/);
    expect(text).toMatch(
      /first-to-read\s+40 visitors, 2 sign-ups \(5%\), [\d.]+% to beat the control, keep collecting\n/,
    );
    expect(text).not.toContain('ended-before');
  });

  it('goes out through the outbox as the owners’ email, the job id as its message id', async () => {
    const sent: Array<{ subject: string; messageId: string }> = [];
    const forwarding = createForwarding(parseEnv({ SITE_URL: 'https://example.com' }), {
      kit: null,
      ownerMail: {
        notify: async () => {},
        digest: async () => {},
        report: async ({ subject }, messageId) => {
          sent.push({ subject, messageId });
        },
        sale: async () => {},
      },
    });
    await queueWeeklyReport(store(), at('2026-11-23T09:00:00Z'));
    const job = await store().db.selectFrom('outbox_jobs').selectAll().executeTakeFirstOrThrow();
    await forwarding.deliver(store(), job);
    expect(sent).toEqual([{ subject: expect.stringContaining('0 sign-ups'), messageId: job.id }]);
  });
});
