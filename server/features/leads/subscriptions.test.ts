import { expect, it } from 'vitest';
import { subscriptionAnswerSchema, subscriptionLists } from '../../../contracts/subscription';
import { subscribingKit } from '../../providers/fake-kit';
import { createTestApp, expectApiError, postForm, postJson } from '../../testing/app';
import { countRows, describeEachStore } from '../../testing/stores';

const kitConfigured = {
  kit: subscribingKit(),
  ownerMail: null,
};

describeEachStore('POST /api/subscriptions', ({ store }) => {
  it('stores a sign-up with what the owner needs and answers 201 {id}', async () => {
    const app = createTestApp(store());
    const response = await postJson(app, '/api/subscriptions', {
      list: 'waitlist',
      email: 'Grace@Example.com',
      firstName: ' Grace ',
      source: 'Instagram',
      page: '/bookwaitlistig',
      utm: { utm_source: 'ig', utm_campaign: 'launch' },
    });
    expect(response.status).toBe(201);
    const { id } = subscriptionAnswerSchema.parse(await response.json());
    const row = await store()
      .db.selectFrom('subscribers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      list: 'waitlist',
      email: 'grace@example.com',
      first_name: 'Grace',
      source: 'Instagram',
      page: '/bookwaitlistig',
      utm_source: 'ig',
      utm_medium: null,
      utm_campaign: 'launch',
    });
  });

  it('stores the source under its one name, as page views count it', async () => {
    const app = createTestApp(store());
    const sent = await postJson(app, '/api/subscriptions', {
      list: 'waitlist',
      email: 'a@example.com',
      source: ' instagram ',
    });
    expect(sent.status).toBe(201);
    const row = await store()
      .db.selectFrom('subscribers')
      .select('source')
      .executeTakeFirstOrThrow();
    expect(row.source).toBe('Instagram');
  });

  it('remembers the site a sign-up came in on, as page views count it', async () => {
    const app = createTestApp(store());
    const post = (host: string, email: string) =>
      postJson(app, '/api/subscriptions', { list: 'waitlist', email }, { headers: { host } });
    expect((await post('www.waitlist.localhost', 'a@example.com')).status).toBe(201);
    // Any host the configuration does not name is the main site's.
    expect((await post('203.0.113.1:3000', 'b@example.com')).status).toBe(201);
    const rows = await store()
      .db.selectFrom('subscribers')
      .select(['email', 'host'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'a@example.com', host: 'waitlist.localhost' },
      { email: 'b@example.com', host: 'localhost' },
    ]);
  });

  it('answers a repeat sign-up exactly like a new one, and stores nothing new', async () => {
    const app = createTestApp(store(), {}, kitConfigured);
    const settings = { KIT_FORM_ID_NEWSLETTER: '101' };
    const withKit = createTestApp(store(), settings, kitConfigured);
    const first = await postJson(withKit, '/api/subscriptions', {
      list: 'newsletter',
      email: 'lin@example.com',
    });
    const again = await postJson(app, '/api/subscriptions', {
      list: 'newsletter',
      email: ' LIN@example.com',
    });
    expect(first.status).toBe(201);
    // Nothing in the answer tells whether the address was already on the list.
    expect(again.status).toBe(201);
    expect([...again.headers.keys()]).toEqual([...first.headers.keys()]);
    const [firstAnswer, againAnswer] = [
      subscriptionAnswerSchema.required().parse(await first.json()),
      subscriptionAnswerSchema.required().parse(await again.json()),
    ];
    expect(againAnswer.id).toBe(firstAnswer.id);
    // Each answer its own share code (decision 021): the repeat's tells nothing about the first.
    expect(againAnswer.referralCode).not.toBe(firstAnswer.referralCode);
    expect(await countRows(store(), 'subscribers')).toBe(1);
    expect(await countRows(store(), 'outbox_jobs')).toBe(1);
  });

  it('keeps one row per list for the same person', async () => {
    const app = createTestApp(store());
    for (const list of subscriptionLists) {
      const response = await postJson(app, '/api/subscriptions', { list, email: 'a@example.com' });
      expect(response.status).toBe(201);
    }
    expect(await countRows(store(), 'subscribers')).toBe(subscriptionLists.length);
  });

  it('forwards the next workshop date’s list to its own Kit form', async () => {
    const app = createTestApp(store(), { KIT_FORM_ID_WORKSHOP: '404' }, kitConfigured);
    await postJson(app, '/api/subscriptions', { list: 'workshop', email: 'ws@example.com' });
    await postJson(app, '/api/subscriptions', { list: 'handbook', email: 'h@example.com' });
    const jobs = await store()
      .db.selectFrom('outbox_jobs')
      .innerJoin('subscribers', 'subscribers.id', 'outbox_jobs.lead_id')
      .select(['outbox_jobs.kind', 'subscribers.list'])
      .execute();
    expect(jobs).toEqual([{ kind: 'kit-subscribe', list: 'workshop' }]);
  });

  it('queues a Kit job only for a list with a configured form', async () => {
    const app = createTestApp(store(), { KIT_FORM_ID_WAITLIST: '202' }, kitConfigured);
    await postJson(app, '/api/subscriptions', { list: 'waitlist', email: 'w@example.com' });
    await postJson(app, '/api/subscriptions', { list: 'handbook', email: 'h@example.com' });
    const jobs = await store().db.selectFrom('outbox_jobs').select(['kind', 'status']).execute();
    expect(jobs).toEqual([{ kind: 'kit-subscribe', status: 'pending' }]);
  });

  it('stores nothing to forward when Kit is not configured', async () => {
    const app = createTestApp(store(), { KIT_FORM_ID_WAITLIST: '202' });
    await postJson(app, '/api/subscriptions', { list: 'waitlist', email: 'w@example.com' });
    expect(await countRows(store(), 'subscribers')).toBe(1);
    expect(await countRows(store(), 'outbox_jobs')).toBe(0);
  });

  it.each([
    ['list', { list: 'vip', email: 'a@example.com' }, 'Unknown list.'],
    ['list', { email: 'a@example.com' }, 'Unknown list.'],
    ['email', { list: 'newsletter', email: 'a@' }, 'Please enter a valid email address.'],
    ['email', { list: 'newsletter', email: ' ' }, 'Please enter your email address.'],
    [
      'firstName',
      { list: 'waitlist', email: 'a@example.com', firstName: 'x'.repeat(101) },
      'Please shorten your first name.',
    ],
    [
      'utm.utm_source',
      { list: 'waitlist', email: 'a@example.com', utm: { utm_source: 'x'.repeat(201) } },
      'Please shorten this value.',
    ],
  ])('answers 400 naming the bad field (%s)', async (field, body, message) => {
    const app = createTestApp(store());
    const error = await expectApiError(await postJson(app, '/api/subscriptions', body), 400);
    expect(error.fields).toEqual({ [field]: message });
    expect(await countRows(store(), 'subscribers')).toBe(0);
  });

  it('takes a native form post with flat UTM fields and redirects to the success message', async () => {
    const app = createTestApp(store());
    const response = await postForm(
      app,
      '/api/subscriptions',
      {
        form: 'waitlist-signup',
        list: 'waitlist',
        email: 'sam@example.com',
        firstName: '',
        page: '/book',
        utm_source: 'newsletter',
        utm_medium: 'email',
      },
      { headers: { Origin: 'http://localhost', Referer: 'http://localhost/book?utm_source=x' } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/book?utm_source=x#waitlist-signup-success');
    const row = await store().db.selectFrom('subscribers').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'sam@example.com',
      first_name: null,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: null,
    });
  });

  it('sends a native handbook sign-up to the handbook PDF (product decision D9)', async () => {
    const app = createTestApp(store());
    const response = await postForm(
      app,
      '/api/subscriptions',
      { form: 'handbook-form', list: 'handbook', email: 'hb@example.com', page: '/11cheatcodes' },
      { headers: { Origin: 'http://localhost', Referer: 'http://localhost/11cheatcodes' } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/downloads/11-cheatcodes.pdf');
    expect(await countRows(store(), 'subscribers')).toBe(1);
  });

  it('keeps a rejected native handbook sign-up on its page, with the error in view', async () => {
    const app = createTestApp(store());
    const response = await postForm(
      app,
      '/api/subscriptions',
      { form: 'handbook-form', list: 'handbook', email: 'not-an-email' },
      { headers: { Origin: 'http://localhost', Referer: 'http://localhost/11cheatcodes' } },
    );
    expect(response.headers.get('location')).toBe('/11cheatcodes#handbook-form-error');
  });
});
