import { expect, it } from 'vitest';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import {
  applicationShowAnswerSchema,
  applicationsAnswerSchema,
} from '../../../contracts/room/cohort';
import { siteOrigins } from '../../../contracts/sites';
import { listJobs } from '../../db/outbox';
import { namedHosts, parseEnv } from '../../env';
import { createForwarding } from '../../forwarding';
import type { AttendeeMail, AttendeeMessage } from '../../providers/attendee-mail';
import { createTestApp, expectApiError, postJson, testIpHashKey } from '../../testing/app';
import { applyingCohort, testApplication } from '../../testing/cohort';
import { roomHeaders, signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';
import { confirmResubmission } from './applications';
import { confirmLinkPath, confirmLinks } from './confirm-links';
import { offerLinks } from './offer-links';

/**
 * An address applying again (docs/decisions/034-selling-that-cannot-be-gamed.md): anyone may type
 * an address, so a second post of it is kept beside its application, which it leaves untouched,
 * until the link emailed to that address confirms it; no email greets a name it gave.
 */

const path = '/api/cohort/applications';
const env = parseEnv({ LOG_LEVEL: 'silent', SITE_URL: 'http://localhost' });
const origins = siteOrigins(env.SITE_URL, namedHosts(env));
const dayMs = 86_400_000;

/** The victim's application, as they sent it. */
const tom = {
  ...testApplication,
  email: 'tom@example.com',
  name: 'Tom Baker',
  answers: { ...testApplication.answers, business: 'A bakery in Leeds' },
};

describeEachStore('an address applying again', ({ store }) => {
  /** The app, its owner signed in, and the emails its outbox sends, by a recording mailbox. */
  async function site() {
    const sent: AttendeeMessage[] = [];
    const mail: AttendeeMail = {
      from: { name: 'Jamie', address: 'hello@jamie.example' },
      send: async (message) => {
        sent.push(message);
      },
    };
    const providers = { kit: null, ownerMail: null, attendeeMail: mail };
    const served = { ...siteWithRoom, cohort: applyingCohort() };
    const app = createTestApp(store(), { LEAD_RATE_LIMIT: '0' }, providers, undefined, served);
    const forwarding = createForwarding(env, providers, {
      served: () => served,
      links: { origins, serverSecret: testIpHashKey },
    });
    const { token } = await signedIn(store());
    const room = (path: string, body?: unknown) =>
      app.request(`${ownerPaths.api}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: roomHeaders(token),
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    /** Sends every job waiting, as the outbox's worker would. */
    const runOutbox = async () => {
      for (const job of await listJobs(store(), ['pending']))
        await forwarding.deliver(store(), job);
    };
    return { app, room, sent, runOutbox };
  }

  const applicationOf = (email: string) =>
    store()
      .db.selectFrom('cohort_applications')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  const resubmissions = () =>
    store().db.selectFrom('cohort_resubmissions').selectAll().orderBy('created_at').execute();
  const linkIn = (message: AttendeeMessage | undefined) =>
    /https?:\/\/\S+\/go\/confirm\/\S+/.exec(message?.text ?? '')?.[0] ?? '';
  const open = (app: ReturnType<typeof createTestApp>, link: string) =>
    app.request(new URL(link, 'http://localhost').pathname);

  it('the attack: a stranger posting an accepted applicant’s address changes nothing of theirs, and every email greets them by their own name', async () => {
    const { app, room, sent, runOutbox } = await site();
    expect((await postJson(app, path, tom)).status).toBe(201);
    const { id } = await applicationOf('tom@example.com');
    const accepted = await room(roomApi.applicationsStatus, {
      application: id,
      status: 'accepted',
    });
    expect(accepted.status).toBe(200);
    const before = await applicationOf('tom@example.com');
    const offer = await store()
      .db.selectFrom('cohort_offers')
      .selectAll()
      .executeTakeFirstOrThrow();

    // The review's attack, word for word: refused whole, at its fields.
    const attack = {
      ...tom,
      email: 'TOM@example.com',
      name: 'Tom. Your seat was released; pay now at https://evil.example/pay',
      answers: { ...tom.answers, business: 'Pay at evil.example/pay' },
    };
    const refused = await expectApiError(await postJson(app, path, attack), 400);
    expect(Object.keys(refused.fields ?? {}).sort()).toEqual(['answers.business', 'name']);
    // Without a link it is taken, with the same thanks as any application, and kept aside.
    const quieter = {
      ...attack,
      name: 'Tom. Your seat was released; reply with your card number',
      answers: { ...tom.answers, business: 'Nothing' },
    };
    const thanks = await postJson(app, path, quieter);
    expect(thanks.status).toBe(201);
    expect(Object.keys(await thanks.json())).toEqual(['id']);

    const after = await applicationOf('tom@example.com');
    expect(after).toStrictEqual(before);
    expect(after).toMatchObject({
      name: 'Tom Baker',
      answers: JSON.stringify(tom.answers),
      status: 'accepted',
    });
    expect(await store().db.selectFrom('cohort_offers').selectAll().execute()).toStrictEqual([
      offer,
    ]);
    expect(await resubmissions()).toMatchObject([
      { application_id: id, status: 'unconfirmed', name: quieter.name },
    ]);

    await runOutbox();
    const toTom = sent.filter((message) => message.to.address === 'tom@example.com');
    expect(toTom.map((message) => message.subject)).toEqual([
      expect.stringMatching(/^Your seat until /),
      'Confirm your new answers',
    ]);
    for (const message of toTom) {
      expect(message.to.name).toBe('Tom Baker');
      expect(message.text).toMatch(/^Hi Tom Baker,/);
      expect(message.text).not.toContain('released');
      expect(message.html).not.toContain('released');
    }
    expect(sent).toHaveLength(2);

    // Tom's own link keeps what was sent beside the decided application: the offer stands.
    const confirmed = await open(app, linkIn(toTom[1]));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${origins['sellable-business']}/offer#kept`);
    expect(confirmed.headers.get('cache-control')).toBe('no-store');
    expect(await applicationOf('tom@example.com')).toMatchObject({ name: 'Tom Baker' });
    expect(await store().db.selectFrom('cohort_offers').selectAll().execute()).toStrictEqual([
      offer,
    ]);
    expect(await resubmissions()).toMatchObject([{ status: 'kept' }]);

    // The room shows it as what it is, under Tom's name and never as it.
    const list = applicationsAnswerSchema.parse(await (await room(roomApi.applications)).json());
    expect(list.applications).toMatchObject([
      { name: 'Tom Baker', resubmitted: { unconfirmed: 0, kept: 1 } },
    ]);
    const shown = applicationShowAnswerSchema.parse(
      await (await room(`${roomApi.applicationsShow}?application=${id}`)).json(),
    );
    expect(shown.application).toMatchObject({
      name: 'Tom Baker',
      resubmissions: [{ state: 'kept', name: quieter.name, confirmedAt: expect.any(String) }],
    });
  });

  it('a confirmed link makes an undecided application’s name and answers the new ones, keeping the old in its history', async () => {
    const { app, room, sent, runOutbox } = await site();
    await postJson(app, path, tom);
    const again = { ...tom, name: 'Tom B. Baker', answers: { ...tom.answers, team: 3 } };
    await postJson(app, path, again);
    const { id } = await applicationOf('tom@example.com');
    // Before the link: the room says it waits, the application is as it was.
    const list = applicationsAnswerSchema.parse(await (await room(roomApi.applications)).json());
    expect(list.applications).toMatchObject([
      { name: 'Tom Baker', resubmitted: { unconfirmed: 1, kept: 0 } },
    ]);
    await runOutbox();
    const response = await open(app, linkIn(sent[0]));
    expect(response.headers.get('location')).toBe(
      `${origins['sellable-business']}/offer#confirmed`,
    );
    expect(await applicationOf('tom@example.com')).toMatchObject({
      id,
      name: 'Tom B. Baker',
      answers: JSON.stringify(again.answers),
      status: 'new',
    });
    const history = await store()
      .db.selectFrom('cohort_application_events')
      .select(['kind', 'detail'])
      .where('application_id', '=', id)
      .orderBy('at')
      .execute();
    expect(history.map(({ kind, detail }) => [kind, JSON.parse(detail)])).toEqual([
      ['submitted', {}],
      ['updated', { answers: tom.answers, name: 'Tom Baker' }],
    ]);
  });

  it('a link confirms nothing forged, altered, expired, already used or made for an offer, and says only that', async () => {
    const { app, sent, runOutbox } = await site();
    await postJson(app, path, tom);
    await postJson(app, path, { ...tom, name: 'First again' });
    await postJson(app, path, { ...tom, name: 'Second again' });
    await runOutbox();
    const [first, second] = sent.map(linkIn);
    const [firstRow] = await resubmissions();
    const unconfirmed = `${origins['sellable-business']}/offer#unconfirmed`;
    const token = (link = '') => link.slice(link.lastIndexOf('/') + 1);
    const landsOn = async (pathname: string) =>
      (await app.request(pathname)).headers.get('location');

    // Forged: signed with another secret. Altered: a character of the signature changed.
    const forged = confirmLinks('another secret').link('', firstRow?.id ?? '');
    expect(await landsOn(forged)).toBe(unconfirmed);
    const altered = `${token(first).slice(0, -1)}${token(first).endsWith('A') ? 'B' : 'A'}`;
    expect(await landsOn(`${confirmLinkPath}/${altered}`)).toBe(unconfirmed);
    // An offer's link for the same id is no confirmation.
    const offerToken = token(offerLinks(testIpHashKey).link('', firstRow?.id ?? ''));
    expect(await landsOn(`${confirmLinkPath}/${offerToken}`)).toBe(unconfirmed);
    expect((await applicationOf('tom@example.com')).name).toBe('Tom Baker');

    // Each link the address opens counts once, the last opened last: the second, then the
    // first; the second opened again (already used) changes nothing more.
    expect(await landsOn(new URL(second ?? '').pathname)).toMatch(/#confirmed$/);
    expect((await applicationOf('tom@example.com')).name).toBe('Second again');
    expect(await landsOn(new URL(first ?? '').pathname)).toMatch(/#confirmed$/);
    expect((await applicationOf('tom@example.com')).name).toBe('First again');
    expect(await landsOn(new URL(second ?? '').pathname)).toMatch(/#confirmed$/);
    expect((await applicationOf('tom@example.com')).name).toBe('First again');
    expect((await resubmissions()).map((row) => row.status)).toEqual(['replaced', 'replaced']);
  });

  it('a link expires seven days after its post', async () => {
    const { app, sent, runOutbox } = await site();
    await postJson(app, path, tom);
    await postJson(app, path, { ...tom, name: 'Too late' });
    await runOutbox();
    const [row] = await resubmissions();
    const id = row?.id ?? '';
    const sevenDaysOn = new Date(Date.parse(row?.created_at ?? '') + 7 * dayMs).toISOString();
    expect(await confirmResubmission(store(), id, sevenDaysOn)).toBe('invalid');
    // Posted eight days ago, its link lands on what it is: one that confirms nothing now.
    const eightDaysAgo = Date.now() - 8 * dayMs;
    await store()
      .db.updateTable('cohort_resubmissions')
      .set({ created_at: new Date(eightDaysAgo).toISOString() })
      .execute();
    const response = await open(app, linkIn(sent[0]));
    expect(response.headers.get('location')).toBe(
      `${origins['sellable-business']}/offer#unconfirmed`,
    );
    expect((await applicationOf('tom@example.com')).name).toBe('Tom Baker');
    // A second short of seven days after its post, it still counted.
    const inTime = new Date(eightDaysAgo + 7 * dayMs - 1000).toISOString();
    expect(await confirmResubmission(store(), id, inTime)).toBe('replaced');
    expect((await applicationOf('tom@example.com')).name).toBe('Too late');
  });

  it('mails an address at most three links a day, however often it is posted', async () => {
    const { app, sent, runOutbox } = await site();
    await postJson(app, path, tom);
    for (let n = 0; n < 6; n++) await postJson(app, path, { ...tom, name: `Again ${n}` });
    await runOutbox();
    expect(sent.map((message) => message.to.address)).toEqual([
      'tom@example.com',
      'tom@example.com',
      'tom@example.com',
    ]);
    expect(await resubmissions()).toHaveLength(6);
  });
});
