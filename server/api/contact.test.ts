import { expect, it } from 'vitest';
import { createTestApp, expectApiError, postJson } from '../testing/app';
import { countRows, describeEachStore } from '../testing/stores';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'A talk in March?' };

describeEachStore('POST /api/contact-submissions', ({ store }) => {
  it('stores a valid enquiry, trimmed, and answers 201 {id}', async () => {
    const app = createTestApp(store());
    const response = await postJson(app, '/api/contact-submissions', {
      name: '  Ada Lovelace ',
      email: ' Ada@Example.com ',
      message: '\nA talk in March?  ',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { id } = (await response.json()) as { id: string };
    const row = await store()
      .db.selectFrom('contact_submissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'A talk in March?',
    });
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // A keyed hash, never the address itself.
    expect(row.ip_hash).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(row)).not.toContain('203.0.113.7');
  });

  it.each([
    ['name', { ...valid, name: '   ' }, 'Please enter your name.'],
    ['name', { ...valid, name: 'x'.repeat(201) }, 'Please shorten your name.'],
    ['email', { ...valid, email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['email', { ...valid, email: undefined }, 'Please enter your email address.'],
    ['message', { ...valid, message: '' }, 'Please enter a message.'],
    ['message', { ...valid, message: 7 }, 'Please enter a message.'],
    [
      'message',
      { ...valid, message: 'x'.repeat(5001) },
      'Please keep your message under 5,000 characters.',
    ],
  ])('answers 400 naming the bad field (%s)', async (field, body, message) => {
    const app = createTestApp(store());
    const error = await expectApiError(await postJson(app, '/api/contact-submissions', body), 400);
    expect(error.fields).toEqual({ [field]: message });
    expect(await countRows(store(), 'contact_submissions')).toBe(0);
  });

  it('names every bad field at once', async () => {
    const app = createTestApp(store());
    const error = await expectApiError(await postJson(app, '/api/contact-submissions', {}), 400);
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'message', 'name']);
  });

  it('queues an owner notification only when SMTP is configured', async () => {
    const off = createTestApp(store());
    expect((await postJson(off, '/api/contact-submissions', valid)).status).toBe(201);
    expect(await countRows(store(), 'outbox_jobs')).toBe(0);

    const on = createTestApp(store(), {}, { kit: null, ownerMail: { notify: async () => {} } });
    const response = await postJson(on, '/api/contact-submissions', valid);
    const { id } = (await response.json()) as { id: string };
    const jobs = await store().db.selectFrom('outbox_jobs').selectAll().execute();
    expect(jobs).toEqual([
      expect.objectContaining({ kind: 'owner-notify', lead_id: id, status: 'pending' }),
    ]);
  });

  it('takes 200 concurrent submissions: 200 rows, no error', async () => {
    const app = createTestApp(store(), { LEAD_RATE_LIMIT: '0' });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        postJson(app, '/api/contact-submissions', { ...valid, email: `person${i}@example.com` }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    const ids = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { id: string }).id),
    );
    expect(new Set(ids).size).toBe(200);
    expect(await countRows(store(), 'contact_submissions')).toBe(200);
  });
});
