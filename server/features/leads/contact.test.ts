import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect, it } from 'vitest';
import { contactSubmissionAnswerSchema } from '../../../contracts/contact';
import type { OwnerMail } from '../../providers/owner-mail';
import { createTestApp, expectApiError, postJson, solvedProof } from '../../testing/app';
import { countRows, describeEachStore } from '../../testing/stores';
import { createProofOfWork } from './proof-of-work';
import { findContactSubmission } from './store';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'A talk in March?' };
const quietMail: OwnerMail = {
  notify: async () => {},
  digest: async () => {},
  report: async () => {},
  sale: async () => {},
};

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
    const { id } = contactSubmissionAnswerSchema.parse(await response.json());
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

  it('keeps the page the enquiry was sent from, as a sign-up keeps its page', async () => {
    const app = createTestApp(store());
    const response = await postJson(app, '/api/contact-submissions', {
      ...valid,
      page: '/whatsstoppingyou',
    });
    expect(response.status).toBe(201);
    const { id } = contactSubmissionAnswerSchema.parse(await response.json());
    const row = await findContactSubmission(store(), id);
    expect(row).toMatchObject({ page: '/whatsstoppingyou', host: 'localhost' });
    // Sent before the page's script ran: stored all the same, without a page.
    await postJson(app, '/api/contact-submissions', { ...valid, email: 'bo@example.com' });
    const pages = await store()
      .db.selectFrom('contact_submissions')
      .select(['email', 'page'])
      .orderBy('email')
      .execute();
    expect(pages).toEqual([
      { email: 'ada@example.com', page: '/whatsstoppingyou' },
      { email: 'bo@example.com', page: null },
    ]);
  });

  it.each([
    ['page', { ...valid, page: 'https://evil.example/x' }, 'Unknown page.'],
    ['page', { ...valid, page: '//evil' }, 'Unknown page.'],
    ['page', { ...valid, page: '/\\evil' }, 'Unknown page.'],
    ['page', { ...valid, page: '/speaking\u0000' }, 'Unknown page.'],
    ['page', { ...valid, page: '/speaking\u001b[2J' }, 'Unknown page.'],
    ['page', { ...valid, page: '/\u202egnp.exe' }, 'Unknown page.'],
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

    const on = createTestApp(store(), {}, { kit: null, ownerMail: quietMail });
    const response = await postJson(on, '/api/contact-submissions', {
      ...valid,
      altcha: await solvedProof(on),
    });
    const { id } = (await response.json()) as { id: string };
    const jobs = await store().db.selectFrom('outbox_jobs').selectAll().execute();
    expect(jobs).toEqual([
      expect.objectContaining({ kind: 'owner-notify', lead_id: id, status: 'pending' }),
    ]);
  });

  it('stores a post without a solved proof as unverified, for the hourly digest only', async () => {
    const app = createTestApp(store(), {}, { kit: null, ownerMail: quietMail });
    const response = await postJson(app, '/api/contact-submissions', valid);
    expect(response.status).toBe(201);
    const lead = await store().db.selectFrom('contact_submissions').selectAll().executeTakeFirst();
    expect(lead).toMatchObject({ verified: 0 });
    const job = await store().db.selectFrom('outbox_jobs').selectAll().executeTakeFirst();
    expect(job).toMatchObject({ kind: 'owner-digest', lead_id: lead?.id });
    // Due at the next whole hour, with the rest of that hour's digest.
    expect(job?.next_attempt_at).toMatch(/T\d\d:00:00\.000Z$/);
  });

  it('counts a proof once: a replayed one makes an unverified lead', async () => {
    const app = createTestApp(store(), {}, { kit: null, ownerMail: quietMail });
    const altcha = await solvedProof(app);
    for (const email of ['one@example.com', 'two@example.com']) {
      expect(
        (await postJson(app, '/api/contact-submissions', { ...valid, email, altcha })).status,
      ).toBe(201);
    }
    const leads = await store()
      .db.selectFrom('contact_submissions')
      .select(['email', 'verified'])
      .orderBy('created_at')
      .execute();
    expect(leads).toEqual([
      { email: 'one@example.com', verified: 1 },
      { email: 'two@example.com', verified: 0 },
    ]);
  });

  it('refuses a forged or tampered proof as unverified', async () => {
    const app = createTestApp(store(), {}, { kit: null, ownerMail: quietMail });
    const decode = (proof: string) => JSON.parse(Buffer.from(proof, 'base64').toString());
    const encode = (proof: unknown) => Buffer.from(JSON.stringify(proof)).toString('base64');
    const wrongKey = decode(await solvedProof(app));
    wrongKey.solution.derivedKey = wrongKey.solution.derivedKey.replace(/^./, (c: string) =>
      c === '0' ? '1' : '0',
    );
    const easier = decode(await solvedProof(app));
    easier.challenge.parameters.keyPrefix = '0';
    // Signed by another server's key.
    const foreignServer = createProofOfWork(store(), 'another-server-key');
    const foreignChallenge = await foreignServer.challenge();
    const foreign = {
      challenge: foreignChallenge,
      solution: await solveChallenge({ challenge: foreignChallenge, deriveKey }),
    };
    for (const altcha of [encode(wrongKey), encode(easier), encode(foreign), 'not base64 json']) {
      expect((await postJson(app, '/api/contact-submissions', { ...valid, altcha })).status).toBe(
        201,
      );
    }
    const verified = await store()
      .db.selectFrom('contact_submissions')
      .select('verified')
      .execute();
    expect(verified.map((row) => row.verified)).toEqual([0, 0, 0, 0]);
  });

  it('past the hourly ceiling of single notices, queues the rest for one digest', async () => {
    const app = createTestApp(
      store(),
      { OWNER_NOTIFY_HOURLY_LIMIT: '3', LEAD_RATE_LIMIT: '0' },
      { kit: null, ownerMail: quietMail },
    );
    for (let i = 0; i < 5; i++) {
      const altcha = await solvedProof(app);
      await postJson(app, '/api/contact-submissions', {
        ...valid,
        email: `p${i}@example.com`,
        altcha,
      });
    }
    const kinds = await store().db.selectFrom('outbox_jobs').select('kind').execute();
    expect(kinds.filter((job) => job.kind === 'owner-notify')).toHaveLength(3);
    expect(kinds.filter((job) => job.kind === 'owner-digest')).toHaveLength(2);
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
