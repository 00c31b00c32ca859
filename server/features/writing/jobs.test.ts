import { afterEach, expect, it, vi } from 'vitest';
import { listJobs, retryFailedJobs } from '../../db/outbox';
import type { Store } from '../../db/store';
import { parseEnv } from '../../env';
import { createForwarding } from '../../forwarding';
import { createLogger } from '../../logger';
import { type OutboxWorker, startOutboxWorker } from '../../outbox/worker';
import { type FakeKitScript, startFakeKit } from '../../providers/fake-kit';
import { createKit } from '../../providers/kit';
import { describeEachStore } from '../../testing/stores';
import type { Newsletter } from '.';
import { broadcastLeadMs, findPostBroadcast, queueBroadcasts } from '.';
import { broadcastMark } from './jobs';

const apiKey = 'kit-broadcast-key';
const logger = createLogger({ LOG_LEVEL: 'silent' });
const fast = { pollMs: 10, baseDelayMs: 5, maxDelayMs: 40, rateLimitPauseMs: 30, maxAttempts: 20 };
const env = parseEnv({ SITE_URL: 'https://jamie.example' });

/** The post's id: its newsletter's key, which a rename keeps. */
const postId = '1410f843-8d33-44c9-b21b-13ca7c3a0544';

const newsletter = (overrides: Partial<Newsletter> = {}): Newsletter => ({
  id: postId,
  slug: 'the-first-hire',
  subject: 'The first hire',
  previewText: 'Hire the person who takes a job off your desk.',
  html: '<p><a href="https://jamie.example/cheatcodes/the-first-hire">Read this on the site</a></p>',
  date: new Date(Date.now() + 60_000).toISOString(),
  broadcast: 'draft',
  ...overrides,
});

/**
 * What one publish does to the broadcasts, in its own transaction; `sendLate`, the posts dated
 * in the past the owner confirmed.
 */
const publish = (
  store: Store,
  newsletters: Newsletter[],
  kit = true,
  now = Date.now(),
  sendLate: string[] = [],
) => store.write((trx) => queueBroadcasts(trx, newsletters, { kit, now, confirmed: sendLate }));

describeEachStore("a post's newsletter through the outbox", ({ store }) => {
  const running: { worker: OutboxWorker; close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const { worker, close } of running.splice(0)) {
      await worker.stop();
      await close();
    }
  });

  /** A fake Kit answering as `script` says, and `instances` outbox workers sending to it. */
  async function kitWithWorkers(
    script?: FakeKitScript,
    instances = 1,
    maxAttempts = fast.maxAttempts,
  ) {
    const kit = await startFakeKit(apiKey, script);
    const forwarding = createForwarding(env, {
      kit: createKit({ apiKey, baseUrl: kit.url }),
      ownerMail: null,
    });
    for (let index = 0; index < instances; index++) {
      const worker = startOutboxWorker(store(), forwarding, logger, { ...fast, maxAttempts });
      running.push({ worker, close: index === 0 ? kit.close : async () => {} });
    }
    const settled = () =>
      vi.waitFor(async () => expect(await listJobs(store(), ['pending'])).toEqual([]), {
        timeout: 20_000,
        interval: 25,
      });
    return { kit, settled };
  }

  it('is made once as a draft, however often it is published and however many instances send', async () => {
    const { kit, settled } = await kitWithWorkers(undefined, 3);
    // Two instances publish at once, then the owner publishes again.
    await Promise.all([publish(store(), [newsletter()]), publish(store(), [newsletter()])]);
    await settled();
    await publish(store(), [newsletter({ subject: 'Edited after it was made' })]);
    await settled();

    expect(kit.broadcasts).toHaveLength(1);
    expect(kit.broadcasts[0]).toMatchObject({
      subject: 'The first hire',
      preview_text: 'Hire the person who takes a job off your desk.',
      description: broadcastMark(postId),
      public: false,
      send_at: null,
    });
    expect(kit.broadcasts[0]?.content).toContain(
      'href="https://jamie.example/cheatcodes/the-first-hire"',
    );
    expect(await findPostBroadcast(store(), postId)).toMatchObject({
      state: 'made',
      kit_id: '1',
      send_at: null,
    });
  });

  it('is made once when the post is renamed after it was made, however often it is published', async () => {
    const { kit, settled } = await kitWithWorkers();
    await publish(store(), [newsletter()]);
    await settled();
    // The owner renames the post (its file, its address): its id stays.
    await publish(store(), [newsletter({ slug: 'hire-the-one-who-replaces-you' })]);
    await settled();
    await publish(store(), [newsletter({ slug: 'hire-the-one-who-replaces-you' })]);
    await settled();
    expect(kit.broadcasts).toHaveLength(1);
    expect(await listJobs(store(), ['pending', 'failed', 'sent'])).toHaveLength(1);
  });

  it('is made once when Kit holds it but the database lost its row: the first try finds it', async () => {
    const { kit, settled } = await kitWithWorkers();
    // Made before a database restored from a backup that does not have it.
    const before = createKit({ apiKey, baseUrl: kit.url });
    await before.createBroadcast({
      subject: 'The first hire',
      previewText: 'Hire the person who takes a job off your desk.',
      description: broadcastMark(postId),
      html: '<p>Sent already</p>',
      sendAt: null,
    });
    await publish(store(), [newsletter()]);
    await settled();
    expect(kit.broadcasts).toHaveLength(1);
    const [job] = await listJobs(store(), ['sent']);
    expect(job?.attempts).toBe(1);
    expect(await findPostBroadcast(store(), postId)).toMatchObject({ state: 'made', kit_id: '1' });
  });

  it('of a post dated in the past is not made unless the owner confirmed it, then made once', async () => {
    const { kit, settled } = await kitWithWorkers();
    const late = newsletter({ date: new Date(Date.now() - 86_400_000).toISOString() });
    const unconfirmed = await publish(store(), [late]);
    expect(unconfirmed.held.map(({ id }) => id)).toEqual([postId]);
    await settled();
    expect(await findPostBroadcast(store(), postId)).toBeUndefined();
    expect(await listJobs(store(), ['pending', 'failed', 'sent'])).toEqual([]);
    // Another post's confirmation is not this one's.
    await publish(store(), [late], true, Date.now(), ['another-post']);
    expect(await listJobs(store(), ['pending', 'failed', 'sent'])).toEqual([]);

    const confirmed = await publish(store(), [late], true, Date.now(), [postId]);
    expect(confirmed.held).toEqual([]);
    await settled();
    await publish(store(), [late], true, Date.now(), [postId]);
    await settled();
    expect(kit.broadcasts).toHaveLength(1);
    expect((await findPostBroadcast(store(), postId))?.state).toBe('made');
  });

  it('is made once when Kit made it but the answer was lost: the retry finds it', async () => {
    // The second call (the create, after the first try's look) is done and its answer cut; Kit
    // works normally after.
    const { kit, settled } = await kitWithWorkers((n) => (n === 1 ? 'drop' : 200));
    await publish(store(), [newsletter()]);
    await settled();
    expect(kit.broadcasts).toHaveLength(1);
    const [job] = await listJobs(store(), ['sent']);
    expect(job?.attempts).toBe(2);
    expect((await findPostBroadcast(store(), postId))?.kit_id).toBe('1');
  });

  it('is made once when the lost answer parked the job and the owner queued it again', async () => {
    const { kit } = await kitWithWorkers((n) => (n === 1 ? 'drop' : 200), 1, 1);
    await publish(store(), [newsletter()]);
    await vi.waitFor(async () => expect(await listJobs(store(), ['failed'])).toHaveLength(1), {
      timeout: 20_000,
      interval: 25,
    });
    expect(await retryFailedJobs(store())).toBe(1);
    await vi.waitFor(async () => expect(await listJobs(store(), ['sent'])).toHaveLength(1), {
      timeout: 20_000,
      interval: 25,
    });
    expect(kit.broadcasts).toHaveLength(1);
    expect((await findPostBroadcast(store(), postId))?.state).toBe('made');
  });

  it("is scheduled for the post's time, made shortly before it, with the words last published", async () => {
    // Both publishes land before any instance sends: the job is already due (the post is
    // within the lead), and a worker running between them would rightly send the first words.
    const date = new Date(Date.now() + 60_000).toISOString();
    await publish(store(), [newsletter({ date, broadcast: 'scheduled', subject: 'First words' })]);
    await publish(store(), [newsletter({ date, broadcast: 'scheduled', subject: 'Final words' })]);
    const { kit, settled } = await kitWithWorkers();
    await settled();
    expect(kit.broadcasts.map(({ subject, send_at }) => ({ subject, send_at }))).toEqual([
      { subject: 'Final words', send_at: date },
    ]);

    // A week ahead: its job waits until shortly before then.
    const later = Date.now() + 7 * 86_400_000;
    await publish(store(), [
      newsletter({ id: 'next-week-post', slug: 'next-week', date: new Date(later).toISOString() }),
    ]);
    const [waiting] = await listJobs(store(), ['pending']);
    expect(waiting?.lead_id).toBe('next-week-post');
    expect(Date.parse(waiting?.next_attempt_at ?? '')).toBe(later - broadcastLeadMs);
  });

  it('is called off when the post is unmarked or removed before it is made, and queued again when marked again', async () => {
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await publish(store(), [newsletter({ date: ahead })]);
    await publish(store(), []);
    expect(await listJobs(store(), ['pending'])).toEqual([]);
    expect((await findPostBroadcast(store(), postId))?.state).toBe('called-off');

    await publish(store(), [newsletter({ date: ahead })]);
    expect((await findPostBroadcast(store(), postId))?.state).toBe('waiting');
    expect(await listJobs(store(), ['pending'])).toHaveLength(1);
  });

  it('without Kit, the post is published and its row says no email was made, for good', async () => {
    await publish(store(), [newsletter()], false);
    expect((await findPostBroadcast(store(), postId))?.state).toBe('no-kit');
    expect(await listJobs(store(), ['pending', 'failed', 'sent'])).toEqual([]);
    // Set up later, Kit does not get posts published before it was.
    await publish(store(), [newsletter()], true);
    expect(await listJobs(store(), ['pending'])).toEqual([]);
  });
});
