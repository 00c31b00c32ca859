import type { Hono } from 'hono';
import pino from 'pino';
import { expect, it } from 'vitest';
import { cohortQuestions } from '../../../contracts/content/cohort-questions';
import type { Store } from '../../db/store';
import { createKit } from '../../providers/kit';
import {
  createTestApp,
  expectApiError,
  type PostOptions,
  post,
  postJson,
  solvedProof,
} from '../../testing/app';
import { applyingCohort, applyingSite, dayFromNow, testApplication } from '../../testing/cohort';
import { testSite } from '../../testing/site';
import { countRows, describeEachStore } from '../../testing/stores';

const path = '/api/cohort/applications';

/** A native form post's fields, in order, repeated names and all (a list of checkboxes). */
function postFields(app: Hono, fields: [string, string][], options: PostOptions = {}) {
  return post(app, path, new URLSearchParams(fields).toString(), {
    ...options,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Referer: 'http://localhost/sellablebusiness/apply?utm_source=ig',
      ...options.headers,
    },
  });
}

/** The test application as a form without JavaScript sends it. */
const formFields: [string, string][] = [
  ['form', 'apply-form'],
  ['email', 'ada@example.com'],
  ['name', 'Ada Lovelace'],
  ['answers.business', 'Design studio'],
  ['answers.story', ''],
  ['answers.revenue', 'Under £500k'],
  ['answers.goals', 'Sell'],
  ['answers.goals', 'Grow'],
  ['answers.team', '12'],
  ['answers.website', ''],
  ['company_website', ''],
];

async function applications(store: Store) {
  const rows = await store.db.selectFrom('cohort_applications').selectAll().execute();
  return rows.map((row) => ({ ...row, answers: JSON.parse(row.answers) }));
}

async function events(store: Store) {
  const rows = await store.db
    .selectFrom('cohort_application_events')
    .selectAll()
    .orderBy('at')
    // Within one millisecond, submitted comes before updated.
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail) }));
}

describeEachStore('cohort applications', ({ store, database }) => {
  const appWith = (site = applyingSite(), settings: Record<string, string> = {}) =>
    createTestApp(store(), { LEAD_RATE_LIMIT: '0', ...settings }, undefined, undefined, site);

  it('stores a valid application before its 201, for the intake open now', async () => {
    const app = appWith();
    const response = await postJson(app, path, {
      ...testApplication,
      page: '/sellablebusiness/apply',
      source: 'ig',
      altcha: await solvedProof(app),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [stored] = await applications(store());
    expect(stored).toMatchObject({
      id,
      intake: applyingCohort().intakes[0]?.starts,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      answers: testApplication.answers,
      status: 'new',
      verified: 1,
      page: '/sellablebusiness/apply',
      source: 'Instagram',
      decided_at: null,
    });
    expect(
      (await events(store())).map(({ kind, application_id }) => [kind, application_id]),
    ).toEqual([['submitted', id]]);
  });

  it('takes a form sent without JavaScript: 303 to the form’s success, stored unverified', async () => {
    const response = await postFields(appWith(), formFields);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      '/sellablebusiness/apply?utm_source=ig#apply-form-success',
    );
    const [stored] = await applications(store());
    expect(stored?.answers).toEqual({
      business: 'Design studio',
      revenue: 'Under £500k',
      goals: ['Sell', 'Grow'],
      team: 12,
    });
    expect(stored?.verified).toBe(0);
  });

  it('names each bad answer (JSON), lands a form on its error (native), and stores nothing', async () => {
    const app = appWith();
    const error = await expectApiError(
      await postJson(app, path, {
        ...testApplication,
        answers: { ...testApplication.answers, revenue: 'Over £10m', team: '12' },
      }),
      400,
    );
    expect(error).toEqual({
      error: 'Please check the highlighted fields.',
      fields: {
        'answers.revenue': 'Please choose one of the options.',
        'answers.team': 'Please enter a whole number from 0 to 10,000.',
      },
    });
    const native = await postFields(
      app,
      formFields.map(([name, value]) => [name, name === 'answers.team' ? 'a dozen' : value]),
    );
    expect(native.status).toBe(303);
    expect(native.headers.get('location')).toBe(
      '/sellablebusiness/apply?utm_source=ig#apply-form-error',
    );
    expect(await countRows(store(), 'cohort_applications')).toBe(0);
  });

  it('refuses what no form sends, each for what it is, and stores nothing', async () => {
    const app = appWith();
    const answers = testApplication.answers;
    const refused: [unknown, string][] = [
      [{ ...testApplication, admin: true }, 'admin'],
      [{ ...testApplication, answers: { ...answers, unasked: 'x' } }, 'answers.unasked'],
      [
        { ...testApplication, answers: { ...answers, business: 'Studio\u0000' } },
        'answers.business',
      ],
      [
        { ...testApplication, answers: { ...answers, business: 'Studio\u202e' } },
        'answers.business',
      ],
      [{ ...testApplication, name: 'Ada\r\nBcc: x@example.com' }, 'name'],
      [
        { ...testApplication, answers: { ...answers, business: { text: 'x' } } },
        'answers.business',
      ],
      [{ ...testApplication, answers: [answers] }, 'answers'],
      [{ ...testApplication, answers: { ...answers, team: '12' } }, 'answers.team'],
      [{ ...testApplication, answers: { ...answers, team: 1e308 } }, 'answers.team'],
      [{ ...testApplication, answers: { ...answers, revenue: 'Over £10m' } }, 'answers.revenue'],
      [
        { ...testApplication, answers: { ...answers, goals: ['Sell', 'Grow', 'Step back'] } },
        'answers.goals',
      ],
      [{ ...testApplication, answers: { ...answers, goals: ['Sell', 'Sell'] } }, 'answers.goals'],
      [
        { ...testApplication, answers: { ...answers, website: 'javascript:alert(1)' } },
        'answers.website',
      ],
      [{ ...testApplication, answers: { ...answers, story: 'x'.repeat(2001) } }, 'answers.story'],
    ];
    for (const [body, field] of refused) {
      const error = await expectApiError(await postJson(app, path, body), 400);
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    // A megabyte of answer is refused before it is read to the end.
    const huge = { ...testApplication, answers: { ...answers, story: 'x'.repeat(1024 * 1024) } };
    await expectApiError(await postJson(app, path, huge), 413);
    expect(await countRows(store(), 'cohort_applications')).toBe(0);
    expect(await countRows(store(), 'outbox_jobs')).toBe(0);
  });

  it('takes the longest answers every question allows, every character escaped', async () => {
    const longest = cohortQuestions.parse(
      ['one', 'two', 'three', 'four'].map((id) => ({ id, type: 'long', label: id })),
    );
    const answer = '—'.repeat(5000);
    const fields: [string, string][] = [
      ['form', 'apply-form'],
      ['email', 'ada@example.com'],
      ['name', 'Ada'],
      ...longest.map(({ id }): [string, string] => [`answers.${id}`, answer]),
    ];
    const response = await postFields(appWith(applyingSite({ questions: longest })), fields);
    expect(response.headers.get('location')).toMatch(/#apply-form-success$/);
    const [stored] = await applications(store());
    expect(Object.values(stored?.answers ?? {})).toEqual([answer, answer, answer, answer]);
  });

  it('is one application per address: applying again leaves it as it was and keeps the new post beside it, unconfirmed', async () => {
    const app = appWith();
    const first = await postJson(app, path, testApplication);
    await store().db.updateTable('cohort_applications').set({ status: 'shortlisted' }).execute();
    const again = {
      ...testApplication,
      email: 'ADA@example.com',
      name: 'Ada King',
      answers: { ...testApplication.answers, team: 14, website: 'https://ada.example' },
      source: 'LinkedIn',
    };
    const second = await postJson(app, path, again);
    expect(second.status).toBe(201);
    // An answer of the same shape either way, naming what this post stored: it tells nobody
    // that this address had applied, nor the id of the application it had.
    const { id: firstId } = (await first.json()) as { id: string };
    const { id: secondId } = (await second.json()) as { id: string };
    expect(secondId).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondId).not.toBe(firstId);
    const rows = await applications(store());
    expect(rows).toHaveLength(1);
    // The application is untouched until the address confirms (docs/decisions/034-selling-
    // that-cannot-be-gamed.md): resubmissions.test.ts follows the link.
    expect(rows[0]).toMatchObject({
      id: firstId,
      name: 'Ada Lovelace',
      answers: testApplication.answers,
      source: null,
      status: 'shortlisted',
    });
    expect(rows[0]?.updated_at).toBe(rows[0]?.created_at);
    const beside = await store().db.selectFrom('cohort_resubmissions').selectAll().execute();
    expect(beside).toMatchObject([
      {
        id: secondId,
        application_id: firstId,
        status: 'unconfirmed',
        name: 'Ada King',
        answers: JSON.stringify(again.answers),
        source: 'LinkedIn',
        confirmed_at: null,
      },
    ]);
    expect((await events(store())).map(({ kind }) => kind)).toEqual(['submitted']);
  });

  it('queues Kit’s applicant tag once, for a new application, while Kit is set up and the content has the offer', async () => {
    const kit = {
      kit: createKit({ apiKey: 'key', baseUrl: 'https://api.kit.com' }),
      ownerMail: null,
    };
    const withKit = (site = applyingSite()) =>
      createTestApp(store(), { LEAD_RATE_LIMIT: '0' }, kit, undefined, site);
    await postJson(withKit(), path, testApplication);
    await postJson(withKit(), path, { ...testApplication, name: 'Ada King' });
    const [stored] = await applications(store());
    const jobs = await store().db.selectFrom('outbox_jobs').select(['kind', 'lead_id']).execute();
    expect(jobs).toEqual([{ kind: 'kit-cohort-applicant', lead_id: stored?.id }]);
    // Without Kit, or in a render made before offers (no tag named), none.
    await postJson(appWith(), path, { ...testApplication, email: 'grace@example.com' });
    await postJson(withKit(applyingSite({ offer: null })), path, {
      ...testApplication,
      email: 'mary@example.com',
    });
    expect(await countRows(store(), 'outbox_jobs')).toBe(1);
  });

  it('makes one application of two posts of one address at once, on two servers', async () => {
    const other = await database().open();
    try {
      const apps = [
        appWith(),
        createTestApp(other, { LEAD_RATE_LIMIT: '0' }, undefined, undefined, applyingSite()),
      ];
      const answers = [12, 13, 14, 15].map((team) => ({ ...testApplication.answers, team }));
      const responses = await Promise.all(
        answers.map((each, index) =>
          postJson(apps[index % 2] as Hono, path, { ...testApplication, answers: each }),
        ),
      );
      expect(responses.map(({ status }) => status)).toEqual([201, 201, 201, 201]);
      const rows = await applications(store());
      expect(rows).toHaveLength(1);
      expect((await events(store())).map(({ kind }) => kind)).toEqual(['submitted']);
      // Nothing lost: every answer sent is the application's or beside it, unconfirmed.
      const beside = await store()
        .db.selectFrom('cohort_resubmissions')
        .select(['answers', 'status', 'application_id'])
        .execute();
      expect(beside.map((each) => [each.status, each.application_id])).toEqual(
        [1, 2, 3].map(() => ['unconfirmed', rows[0]?.id]),
      );
      const kept = [rows[0]?.answers, ...beside.map((each) => JSON.parse(each.answers))];
      expect(kept.map((each) => each.team).sort()).toEqual([12, 13, 14, 15]);
    } finally {
      await other.close();
    }
  });

  it('answers 409 in the content’s words once no intake takes applications', async () => {
    const closed = applyingSite({
      intakes: [{ starts: dayFromNow(-10), applyBy: dayFromNow(-20), seats: 20 }],
    });
    const app = appWith(closed);
    const error = await expectApiError(await postJson(app, path, testApplication), 409);
    expect(error.error).toBe('Applications are closed until the next intake is announced.');
    const native = await postFields(app, formFields);
    expect(native.headers.get('location')).toMatch(/#apply-form-error$/);
    expect(await countRows(store(), 'cohort_applications')).toBe(0);
  });

  it('applies to the next intake once the first one’s applications close', async () => {
    const intakes = [
      { starts: dayFromNow(-1), applyBy: dayFromNow(-5), seats: 20 },
      { starts: dayFromNow(60), applyBy: dayFromNow(40), seats: 12 },
    ];
    await postJson(appWith(applyingSite({ intakes })), path, testApplication);
    expect((await applications(store()))[0]?.intake).toBe(intakes[1]?.starts);
  });

  it('answers 404 while the site takes no applications: a render before them, or by call', async () => {
    for (const site of [testSite(), applyingSite({ admission: 'call' })]) {
      const response = await postJson(appWith(site), path, testApplication);
      expect(response.status).toBe(404);
    }
    expect(await countRows(store(), 'cohort_applications')).toBe(0);
  });

  it('checks each post against the questions the site serves at that moment', async () => {
    const site = applyingSite();
    const app = appWith(site);
    expect((await postJson(app, path, testApplication)).status).toBe(201);
    // A publish swaps the site's slices: the form now asks one question only.
    site.cohort = applyingCohort({
      questions: cohortQuestions.parse([{ id: 'why', type: 'long', label: 'Why now?' }]),
    });
    const error = await expectApiError(await postJson(app, path, testApplication), 400);
    expect(error.fields).toMatchObject({ 'answers.why': 'Please answer this question.' });
    // Another address: the same one's second post waits for its link, beside the first.
    const grace = { ...testApplication, email: 'grace@example.com', answers: { why: 'Ready.' } };
    const response = await postJson(app, path, grace);
    expect(response.status).toBe(201);
    const stored = (await applications(store())).find((row) => row.email === 'grace@example.com');
    expect(stored?.answers).toEqual({ why: 'Ready.' });
  });

  it('spends one rate-limit budget with every other form, and takes only same-origin posts', async () => {
    const app = appWith(applyingSite(), { LEAD_RATE_LIMIT: '1' });
    const signUp = { list: 'newsletter', email: 'ada@example.com' };
    expect((await postJson(app, '/api/subscriptions', signUp)).status).toBe(201);
    const limited = await postJson(app, path, testApplication);
    await expectApiError(limited, 429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);

    const open = appWith();
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      await expectApiError(await postJson(open, path, testApplication, { headers }), 403);
      await expectApiError(await postFields(open, formFields, { headers }), 403);
    }
    expect(await countRows(store(), 'cohort_applications')).toBe(0);
  });

  it('gives a bot that fills the honeypot a thanks, and stores nothing', async () => {
    const response = await postJson(appWith(), path, { ...testApplication, company_website: 'x' });
    expect(response.status).toBe(201);
    expect(await countRows(store(), 'cohort_applications')).toBe(0);
  });

  it('writes no answer, email or name to any log line', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const app = createTestApp(store(), { LEAD_RATE_LIMIT: '3' }, undefined, logger, applyingSite());
    const secret = {
      email: 'zebedee.quux@example.com',
      name: 'Zebedee Quux',
      answers: {
        ...testApplication.answers,
        business: 'Secret widgets',
        story: 'A private story',
        website: 'https://hidden.example',
      },
    };
    await postJson(app, path, secret);
    await postJson(app, path, { ...secret, answers: { ...secret.answers, team: 'Secret team' } });
    await postFields(app, [
      ['form', 'apply-form'],
      ['email', secret.email],
      ['name', secret.name],
      ['answers.business', 'Secret widgets'],
    ]);
    await postJson(app, path, secret);
    const log = lines.join('');
    expect(log).toContain('lead stored');
    expect(log).toContain('lead rate-limited');
    for (const personal of ['zebedee', 'Zebedee', 'Quux', 'Secret', 'private story', 'hidden']) {
      expect(log).not.toContain(personal);
    }
  });
});
