import { expect, it } from 'vitest';
import { addDays } from '../contracts/funnel-figures';
import { ownerPaths } from '../contracts/owner';
import { funnelAnswerSchema } from '../contracts/room/funnel';
import { erasureAnswerSchema, latestLeadsSchema } from '../contracts/room/leads';
import { outboxAnswerSchema, outboxRetryAnswerSchema } from '../contracts/room/outbox';
import { postsAnswerSchema } from '../contracts/room/posts';
import type { Store } from './db/store';
import { addContactSubmission, addSubscriber, exportCommand, exportCsv } from './features/leads';
import { auditEntries } from './features/room';
import { queueBroadcasts } from './features/writing';
import { addPageViews, utcDay } from './page-views/store';
import { subscribingKit } from './providers/fake-kit';
import { createTestApp, expectApiError, post } from './testing/app';
import { roomHeaders, signedIn } from './testing/owner-session';
import { testSite } from './testing/site';
import { describeEachStore } from './testing/stores';

/**
 * The room's first page's calls (the features' room APIs: the funnel, leads, outbox, posts), with a signed-in owner. Without
 * a session and from another site they are refused with the rest of the room
 * (router.test.ts); here: what each answers, and what it refuses.
 */

const api = ownerPaths.api;
const meta = { ipHash: 'h', verified: true, host: 'localhost' };

async function signUp(store: Store, email: string, source: string, at: string, jobs = false) {
  const { id } = await addSubscriber(
    store,
    { list: 'waitlist', email, source, page: '/ig', firstName: 'Ada' },
    meta,
    jobs ? ['kit-subscribe'] : [],
  );
  await store.db.updateTable('subscribers').set({ created_at: at }).where('id', '=', id).execute();
  return id;
}

/** An enquiry sent from `page`; without one, as one sent before the page's script ran. */
async function enquire(
  store: Store,
  name: string,
  email: string,
  page: string | undefined,
  at: string,
) {
  const id = await addContactSubmission(store, { name, email, message: 'A talk?', page }, meta, []);
  await store.db
    .updateTable('contact_submissions')
    .set({ created_at: at })
    .where('id', '=', id)
    .execute();
}

/** The sales columns of a funnel line without checkouts or sales (decision 020). */
/** A row that sold nothing: no workshop checkout or sale, and nothing of the cohort. */
const noSales = {
  checkouts: 0,
  sales: 0,
  revenue: {},
  applications: 0,
  offers: 0,
  enrolments: 0,
  cohortRevenue: {},
};

describeEachStore('the room’s funnel, leads, export, outbox and erasure', ({ store }) => {
  async function owner() {
    const app = createTestApp(store());
    const { token } = await signedIn(store());
    const headers = roomHeaders(token);
    return {
      app,
      get: (path: string) => app.request(`${api}${path}`, { headers }),
      post: (path: string, body: unknown) =>
        post(app, `${api}${path}`, JSON.stringify(body), { headers }),
    };
  }

  it('answers the funnel of a period by source, page and day, one name per source', async () => {
    const { get } = await owner();
    const view = (day: string, path: string, source: string, visitor: string, views = 1) => ({
      day,
      host: 'localhost',
      path,
      source,
      visitor,
      views,
    });
    await addPageViews(store(), [
      view('2026-11-01', '/ig', 'Instagram', 'v1', 3),
      view('2026-11-02', '/', 'instagram', 'v2'),
      view('2026-11-02', '/', 'Direct', 'v3'),
      view('2026-10-01', '/', 'Direct', 'v9', 50),
    ]);
    await signUp(store(), 'a@example.com', 'Instagram', '2026-11-02T10:00:00.000Z');
    await enquire(store(), 'Grace', 'grace@example.com', '/', '2026-11-02T11:00:00.000Z');
    await enquire(store(), 'Bo', 'bo@example.com', undefined, '2026-11-03T11:00:00.000Z');

    const response = await get('/funnel?from=2026-11-01&to=2026-11-03');
    expect(response.status).toBe(200);
    const funnel = funnelAnswerSchema.parse(await response.json());
    expect(funnel).toMatchObject({ from: '2026-11-01', to: '2026-11-03' });
    expect(funnel.total).toMatchObject({ views: 5, visitors: 3, signUps: 1, contacts: 2 });
    expect(funnel.bySource).toEqual([
      {
        ...noSales,
        key: 'Instagram',
        views: 4,
        visitors: 2,
        signUps: 1,
        confirmed: 0,
        contacts: null,
      },
      {
        ...noSales,
        key: 'Direct',
        views: 1,
        visitors: 1,
        signUps: 0,
        confirmed: 0,
        contacts: null,
      },
    ]);
    // Each enquiry under the page it was sent from, or (not recorded); by source none is counted:
    // the contact form keeps no source.
    expect(funnel.byPage.map((row) => [row.key, row.contacts])).toEqual([
      ['localhost/', 1],
      ['localhost/ig', 0],
      ['(not recorded)', 1],
    ]);
    expect(funnel.byDay.map((row) => [row.key, row.views])).toEqual([
      ['2026-11-01', 3],
      ['2026-11-02', 2],
      ['2026-11-03', 0],
    ]);
  });

  it('answers the last 28 days when no period is given', async () => {
    const { get } = await owner();
    const funnel = funnelAnswerSchema.parse(await (await get('/funnel')).json());
    const today = utcDay(new Date());
    expect(funnel).toMatchObject({ from: addDays(today, -27), to: today });
    expect(funnel.byDay).toHaveLength(28);
  });

  it('refuses a period it cannot answer, naming the field', async () => {
    const { get } = await owner();
    const refused = async (query: string) =>
      (await expectApiError(await get(`/funnel?${query}`), 400)).fields;
    expect(await refused('from=2026-02-30')).toHaveProperty('from');
    expect(await refused('to=yesterday')).toHaveProperty('to');
    expect(await refused('from=2026-11-05&to=2026-11-01')).toHaveProperty('from');
    expect(await refused('from=2024-01-01&to=2026-01-01')).toHaveProperty('from');
    expect(await refused('by=week')).toHaveProperty('by');
  });

  it('answers the latest leads, newest first, and searches them', async () => {
    const { get } = await owner();
    await signUp(store(), 'old@example.com', 'Instagram', '2026-11-01T10:00:00.000Z');
    await signUp(store(), 'new@example.com', 'LinkedIn', '2026-11-03T10:00:00.000Z');
    await signUp(store(), '100%real@example.com', 'Direct', '2026-11-02T09:00:00.000Z');
    await enquire(store(), 'Grace Hopper', 'grace@example.com', '/', '2026-11-02T10:00:00.000Z');
    const leads = async (query = '') =>
      latestLeadsSchema.parse(await (await get(`/leads${query}`)).json()).leads;

    expect((await leads()).map((lead) => [lead.email, lead.kind])).toEqual([
      ['new@example.com', 'sign-up'],
      ['grace@example.com', 'enquiry'],
      ['100%real@example.com', 'sign-up'],
      ['old@example.com', 'sign-up'],
    ]);
    // Each says the page it was sent from, the enquiry as the sign-ups.
    expect((await leads()).map((lead) => lead.page)).toEqual(['/ig', '/', '/ig', '/ig']);
    expect((await leads('?limit=1')).map((lead) => lead.email)).toEqual(['new@example.com']);
    expect((await leads('?search=INSTA')).map((lead) => lead.email)).toEqual(['old@example.com']);
    expect((await leads('?search=hopper')).map((lead) => lead.name)).toEqual(['Grace Hopper']);
    // The owner's % is a character to find, not a wildcard.
    expect((await leads('?search=%25real')).map((lead) => lead.email)).toEqual([
      '100%real@example.com',
    ]);
    expect(await leads('?search=_')).toEqual([]);

    const refused = async (query: string) =>
      (await expectApiError(await get(`/leads?${query}`), 400)).fields;
    expect(await refused('limit=0')).toHaveProperty('limit');
    expect(await refused('limit=many')).toHaveProperty('limit');
    expect(await refused(`search=${'a'.repeat(101)}`)).toHaveProperty('search');
    expect(await refused('search=a%07')).toHaveProperty('search');
  });

  it('exports the leads as `npm run leads -- export` prints them, and logs the export', async () => {
    const { get } = await owner();
    await signUp(store(), 'a@example.com', 'Instagram', '2026-11-01T10:00:00.000Z');
    await signUp(store(), 'b@example.com', '=cmd', '2026-11-02T10:00:00.000Z');

    const response = await get('/leads.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const expected = exportCsv(
      await exportCommand.run({ store: store(), now: new Date() }, { leads: 'subscribers' }),
    );
    expect(await response.text()).toBe(expected);
    expect(expected).toContain(`"'=cmd"`);

    await enquire(
      store(),
      'Grace',
      'grace@example.com',
      '/whatsstoppingyou',
      '2026-11-03T10:00:00.000Z',
    );
    const contacts = await get('/leads.csv?leads=contacts');
    expect(contacts.headers.get('content-disposition')).toContain('contacts-');
    const [header, enquiry] = (await contacts.text()).split('\r\n');
    expect(header).toBe('"id","created_at","name","email","message","page","verified"');
    expect(enquiry).toContain('"Grace","grace@example.com","A talk?","/whatsstoppingyou","1"');
    await expectApiError(await get('/leads.csv?leads=everyone'), 400);

    const log = await auditEntries(store(), 10);
    expect(log.filter((entry) => entry.action === 'export')).toEqual([
      expect.objectContaining({ owner: 'Jamie', detail: { leads: 'contacts', rows: 1 } }),
      expect.objectContaining({ owner: 'Jamie', detail: { leads: 'subscribers', rows: 2 } }),
    ]);
  });

  it('lists pending and failed jobs and queues failed ones again', async () => {
    const { get, post } = await owner();
    await signUp(store(), 'a@example.com', 'Direct', '2026-11-01T10:00:00.000Z', true);
    await signUp(store(), 'b@example.com', 'Direct', '2026-11-01T10:00:00.000Z', true);
    const [failed] = await store().db.selectFrom('outbox_jobs').select('id').limit(1).execute();
    const failedId = failed?.id ?? '';
    await store()
      .db.updateTable('outbox_jobs')
      .set({ status: 'failed', attempts: 8, last_error: 'Kit said 500' })
      .where('id', '=', failedId)
      .execute();

    const outbox = outboxAnswerSchema.parse(await (await get('/outbox')).json());
    expect(outbox).toMatchObject({ pending: 1, failed: 1 });
    expect(outbox.jobs.find((job) => job.id === failedId)).toMatchObject({
      status: 'failed',
      last_error: 'Kit said 500',
    });
    // Ids and errors only: no one's address travels with the outbox.
    expect(JSON.stringify(outbox)).not.toContain('@example.com');

    await expectApiError(await post('/outbox/retry', { id: 'no-such-job' }), 404);
    expect(
      (await expectApiError(await post('/outbox/retry', { id: 7 }), 400)).fields,
    ).toHaveProperty('id');
    const retried = await post('/outbox/retry', { id: failedId });
    expect(outboxRetryAnswerSchema.parse(await retried.json())).toEqual({ queued: 1 });
    expect(outboxAnswerSchema.parse(await (await get('/outbox')).json())).toMatchObject({
      pending: 2,
      failed: 0,
    });
    expect(outboxRetryAnswerSchema.parse(await (await post('/outbox/retry', {})).json())).toEqual({
      queued: 0,
    });
  });

  it('erases a person, logs the erasure without their address', async () => {
    const { get, post } = await owner();
    await signUp(store(), 'gone@example.com', 'Direct', '2026-11-01T10:00:00.000Z', true);
    await signUp(store(), 'stays@example.com', 'Direct', '2026-11-01T10:00:00.000Z');

    const refused = await expectApiError(await post('/erasure', { email: 'nobody' }), 400);
    expect(refused.fields).toHaveProperty('email');
    expect((await expectApiError(await post('/erasure', {}), 400)).fields).toHaveProperty('email');

    const response = await post('/erasure', { email: ' Gone@Example.com ' });
    expect(response.status).toBe(200);
    expect(erasureAnswerSchema.parse(await response.json())).toEqual({
      contactSubmissions: 0,
      subscribers: 1,
      outboxJobs: 1,
      sales: 0,
      attendees: 0,
      applications: 0,
    });
    const left = await store().db.selectFrom('subscribers').select('email').execute();
    expect(left).toEqual([{ email: 'stays@example.com' }]);
    expect(latestLeadsSchema.parse(await (await get('/leads?search=gone')).json()).leads).toEqual(
      [],
    );

    const log = await auditEntries(store(), 10);
    const erasure = log.find((entry) => entry.action === 'erase');
    expect(erasure).toMatchObject({ owner: 'Jamie', detail: { subscribers: 1, outboxJobs: 1 } });
    expect(JSON.stringify(log)).not.toContain('gone@');
  });
  it('answers each post with its readers and sign-ups, whichever host they came by, and its newsletter in Kit', async () => {
    const today = utcDay(new Date());
    const day = `${today}T09:00:00.000Z`;
    const writing = {
      name: 'Cheatcodes',
      path: '/cheatcodes',
      description: 'One idea a week.',
      author: 'Jamie',
      posts: {
        'the-first-hire': {
          title: 'The first hire',
          description: 'd',
          date: day,
          tags: [],
          body: 'b',
        },
        // Its newsletter is known by its id, whatever its file is called.
        'next-week': {
          id: 'post-7f3a',
          title: 'Next week',
          description: 'd',
          date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          tags: [],
          body: 'b',
        },
      },
      pictures: {},
    };
    const app = createTestApp(
      store(),
      { KIT_API_KEY: 'kit-key' },
      { kit: subscribingKit(), ownerMail: null },
      undefined,
      testSite({ writing }),
    );
    const { token } = await signedIn(store());
    const view = (host: string, visitor: string) => ({
      day: today,
      host,
      path: '/cheatcodes/the-first-hire',
      source: 'Direct',
      visitor,
      views: 2,
    });
    await addPageViews(store(), [view('localhost', 'v1'), view('www.localhost', 'v2')]);
    await addSubscriber(
      store(),
      { list: 'newsletter', email: 'reader@example.com', page: '/cheatcodes/the-first-hire' },
      meta,
      [],
    );
    await store().write((trx) =>
      queueBroadcasts(
        trx,
        [
          {
            id: 'post-7f3a',
            slug: 'next-week',
            subject: 'Next week',
            previewText: 'd',
            html: '<p>Soon</p>',
            date: writing.posts['next-week'].date,
            broadcast: 'scheduled',
          },
        ],
        { kit: true, now: Date.now() },
      ),
    );

    const response = await app.request(`${api}/posts`, { headers: roomHeaders(token) });
    expect(response.status).toBe(200);
    const answer = postsAnswerSchema.parse(await response.json());
    expect(answer.kit).toBe(true);
    expect(
      answer.posts.map(({ slug, views, visitors, signUps, newsletter }) => ({
        slug,
        views,
        visitors,
        signUps,
        state: newsletter?.state ?? null,
      })),
    ).toEqual([
      { slug: 'next-week', views: 0, visitors: 0, signUps: 0, state: 'waiting' },
      { slug: 'the-first-hire', views: 4, visitors: 2, signUps: 1, state: null },
    ]);
    await expectApiError(
      await app.request(`${api}/posts?from=2026-02-30`, { headers: roomHeaders(token) }),
      400,
    );
  });
});
