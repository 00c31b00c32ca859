import pino from 'pino';
import { expect, it } from 'vitest';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import {
  applicationNoteAnswerSchema,
  applicationShowAnswerSchema,
  applicationStatusAnswerSchema,
  applicationsAnswerSchema,
  maxNoteLength,
} from '../../../contracts/room/cohort';
import type { Store } from '../../db/store';
import { createTestApp, expectApiError } from '../../testing/app';
import { applyingCohort } from '../../testing/cohort';
import { seedApplication } from '../../testing/cohort-applications';
import { roomHeaders, signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';
import { auditEntries } from '../room';
import { confirmResubmission } from './applications';

/**
 * The room's Applications view's API (docs/decisions/033-cohort-applications.md) as the owner's
 * page calls it, on both databases. What every room call shares (no session, an ended one,
 * another site's Origin) is tried for these calls too in server/features/room/router.test.ts.
 */

const api = (path: string) => `${ownerPaths.api}${path}`;

async function room(store: Store, lines: string[] = []) {
  const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
  // The seeded applications' intake is served too: accepting one offers a seat of it.
  const served = applyingCohort();
  const intakes = [...served.intakes, { starts: '2027-01-11', applyBy: '2026-12-14', seats: 20 }];
  const site = { ...siteWithRoom, cohort: { ...served, intakes } };
  const app = createTestApp(store, {}, undefined, logger, site);
  const { token } = await signedIn(store);
  const call = (method: string, path: string, body?: unknown) =>
    app.request(api(path), {
      method,
      headers: roomHeaders(token),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const list = async (query = '') =>
    applicationsAnswerSchema.parse(
      await (await call('GET', `${roomApi.applications}${query}`)).json(),
    );
  const show = async (id: string) => {
    const response = await call('GET', `${roomApi.applicationsShow}?application=${id}`);
    expect(response.status).toBe(200);
    return applicationShowAnswerSchema.parse(await response.json()).application;
  };
  return { call, list, show };
}

const statusOf = (id: string, status: string) => ({ application: id, status });

describeEachStore('the room’s Applications view', ({ store }) => {
  it('lists the applications newest first, by status with each status’s count, 50 a page', async () => {
    for (let n = 0; n < 51; n += 1) {
      const at = new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString();
      await seedApplication(store(), { email: `a${n}@example.com`, name: `Applicant ${n}`, at });
    }
    const { call, list } = await room(store());
    const first = await list();
    expect(first).toMatchObject({ total: 51, page: 1, pageSize: 50 });
    expect(first.applications).toHaveLength(50);
    expect(first.applications[0]).toMatchObject({
      name: 'Applicant 50',
      email: 'a50@example.com',
      status: 'new',
      intake: '2027-01-11',
      source: 'Instagram',
      page: '/sellablebusiness/apply',
      erased: false,
    });
    const second = await list('?page=2');
    expect(second.applications.map((each) => each.name)).toStrictEqual(['Applicant 0']);

    const [newest] = first.applications;
    await call('POST', roomApi.applicationsStatus, statusOf(newest?.id ?? '', 'shortlisted'));
    const shortlisted = await list('?status=shortlisted');
    expect(shortlisted.total).toBe(1);
    expect(shortlisted.applications.map((each) => each.name)).toStrictEqual(['Applicant 50']);
    expect(shortlisted.counts).toStrictEqual({
      new: 50,
      shortlisted: 1,
      accepted: 0,
      declined: 0,
      waitlisted: 0,
    });
    for (const query of ['?status=enrolled', '?page=0', '?page=x', '?limit=1000']) {
      await expectApiError(await call('GET', `${roomApi.applications}${query}`), 400);
    }
  });

  it('shows one application’s answers under the served questions, its history and where it came from', async () => {
    const id = await seedApplication(store(), {
      email: 'ada@example.com',
      answers: { business: 'Bakeries', goals: ['Sell', 'Grow'], turnover: 900000 },
      variant: 'bold',
    });
    // Applying again, confirmed by the link to the address, updates the one application and
    // keeps what it said before (docs/decisions/034-selling-that-cannot-be-gamed.md).
    const again = await seedApplication(store(), {
      email: 'ada@example.com',
      answers: { business: 'Bakeries and cafés', goals: ['Sell'], team: 12 },
      at: '2026-11-26T11:00:00.000Z',
    });
    expect(await confirmResubmission(store(), again, '2026-11-26T11:00:00.000Z')).toBe('replaced');
    const { call, show } = await room(store());
    await call('POST', roomApi.applicationsStatus, statusOf(id, 'shortlisted'));
    const application = await show(id);
    expect(application).toMatchObject({
      id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'shortlisted',
      createdAt: '2026-11-26T10:00:00.000Z',
      host: 'sellablebusiness.localhost',
      verified: true,
    });
    expect(application.answers).toStrictEqual([
      {
        id: 'business',
        label: 'What does your business do?',
        asked: true,
        value: 'Bakeries and cafés',
      },
      { id: 'story', label: 'Where are you now?', asked: true, value: null },
      { id: 'revenue', label: 'Revenue', asked: true, value: null },
      { id: 'goals', label: 'What do you want from the cohort?', asked: true, value: ['Sell'] },
      { id: 'team', label: 'How many people work with you?', asked: true, value: 12 },
      { id: 'website', label: 'Your website', asked: true, value: null },
    ]);
    expect(application.history.map((event) => event.kind)).toStrictEqual([
      'submitted',
      'updated',
      'status',
    ]);
    const [, updated, moved] = application.history;
    // What it said before, a question the content no longer asks under its id.
    expect(updated?.kind === 'updated' && updated.before.at(-1)).toStrictEqual({
      id: 'turnover',
      label: 'turnover',
      asked: false,
      value: 900000,
    });
    expect(moved).toMatchObject({ kind: 'status', owner: 'Jamie', from: 'new', to: 'shortlisted' });

    await expectApiError(await call('GET', `${roomApi.applicationsShow}?application=nobody`), 404);
    await expectApiError(await call('GET', `${roomApi.applicationsShow}?application=../x`), 400);
    await expectApiError(await call('GET', roomApi.applicationsShow), 400);
  });

  it('moves an application through its statuses, each change in its history and the audit log', async () => {
    const id = await seedApplication(store(), { email: 'ada@example.com' });
    const { call, show } = await room(store());
    const move = async (status: string) =>
      call('POST', roomApi.applicationsStatus, statusOf(id, status));

    const accepted = applicationStatusAnswerSchema.parse(await (await move('accepted')).json());
    expect(accepted).toMatchObject({ application: id, from: 'new', status: 'accepted' });
    expect(accepted.decidedAt).not.toBeNull();
    expect((await show(id)).decidedAt).toBe(accepted.decidedAt);
    // Back to shortlisted, it is undecided again: its retention counts from its last change.
    await move('shortlisted');
    expect((await show(id)).decidedAt).toBeNull();
    await move('waitlisted');
    expect((await show(id)).decidedAt).not.toBeNull();

    const again = await expectApiError(await move('waitlisted'), 409);
    expect(again.error).toBe('This application is waitlisted already.');
    await expectApiError(await move('enrolled'), 400);
    const unknown = await call('POST', roomApi.applicationsStatus, statusOf('nobody', 'declined'));
    await expectApiError(unknown, 404);
    const extra = await call('POST', roomApi.applicationsStatus, {
      ...statusOf(id, 'new'),
      by: 'x',
    });
    await expectApiError(extra, 400);

    const moves = (await show(id)).history.filter((event) => event.kind === 'status');
    expect(
      moves.map((event) => event.kind === 'status' && `${event.from}>${event.to}`),
    ).toStrictEqual(['new>accepted', 'accepted>shortlisted', 'shortlisted>waitlisted']);
    const logged = await auditEntries(store(), 10);
    expect(logged.filter((entry) => entry.action === 'application-status')).toStrictEqual([
      expect.objectContaining({
        owner: 'Jamie',
        detail: { application: id, from: 'shortlisted', to: 'waitlisted' },
      }),
      expect.objectContaining({ detail: { application: id, from: 'accepted', to: 'shortlisted' } }),
      expect.objectContaining({ detail: { application: id, from: 'new', to: 'accepted' } }),
    ]);
  });

  it('two owners moving one application at once: one move is recorded, the other is told', async () => {
    const id = await seedApplication(store(), { email: 'ada@example.com' });
    const { call, show } = await room(store());
    const answers = await Promise.all(
      ['accepted', 'declined', 'waitlisted', 'shortlisted'].map((status) =>
        call('POST', roomApi.applicationsStatus, statusOf(id, status)),
      ),
    );
    const done = answers.filter((answer) => answer.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((each) => each.status !== 200))
      await expectApiError(answer, 409);
    // The recorded moves chain from new to where it stands: none is lost or told twice.
    const { status, history } = await show(id);
    const moves = history.flatMap((event) => (event.kind === 'status' ? [event] : []));
    expect(moves).toHaveLength(done.length);
    let at: string = 'new';
    for (const _ of moves) at = moves.find((move) => move.from === at)?.to ?? 'lost';
    expect(at).toBe(status);
  });

  it('keeps a private note for the owners: in the application, never in the audit log or a log line', async () => {
    const id = await seedApplication(store(), { email: 'ada@example.com' });
    const lines: string[] = [];
    const { call, show } = await room(store(), lines);
    const text = 'Strong fit — ask about the exit.\nPrivately: her co-founder is leaving.';
    const added = await call('POST', roomApi.applicationsNote, {
      application: id,
      text: `  ${text}\n`,
    });
    expect(applicationNoteAnswerSchema.parse(await added.json()).application).toBe(id);
    expect((await show(id)).notes).toStrictEqual([
      { at: expect.any(String), owner: 'Jamie', text },
    ]);
    const [logged] = await auditEntries(store(), 1);
    expect(logged).toMatchObject({ action: 'application-note', detail: { application: id } });
    expect(JSON.stringify(await auditEntries(store(), 50))).not.toContain('co-founder');
    expect(lines.join('')).not.toContain('co-founder');

    for (const refused of ['', 'a\u0000b', 'x'.repeat(maxNoteLength + 1), 'a\u202eb']) {
      const answer = await call('POST', roomApi.applicationsNote, {
        application: id,
        text: refused,
      });
      await expectApiError(answer, 400);
    }
    const unknown = await call('POST', roomApi.applicationsNote, {
      application: 'nobody',
      text: 'x',
    });
    await expectApiError(unknown, 404);
    expect((await show(id)).notes).toHaveLength(1);
  });
});
