import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildPaths } from '../../../build-paths';
import { loadSite, type Site } from '../../../site';
import {
  newslettersWithoutKit,
  publishWithBuiltSiteUrl,
  quietLogger,
} from '../../../testing/publishing';
import { describeEachStore } from '../../../testing/stores';
import { newsletterHook } from '../../writing';
import { inviteOwner } from '../owner-invites';
import { ensureWorkingCopy } from '../working-copy';
import { createPublisher, type Publisher } from './publisher';
import { contentLimits, listVersions } from './versions';

/**
 * Publishing with the real build (`npm run build` first): the working copy's words reach the
 * served pages, bad content publishes nothing, a rollback brings the old words back, and a
 * second instance on the same database serves what the first published.
 */

publishWithBuiltSiteUrl();

const html = (site: Site) => site.pages.get('home')?.body.toString('utf8') ?? '';

async function setHeadline(dataDir: string, headline: string) {
  const file = join(dataDir, 'content/home.yaml');
  const document = parseDocument(await readFile(file, 'utf8'));
  document.setIn(['card', 'headline'], headline);
  await writeFile(file, String(document));
}

describeEachStore('publishing the content', ({ store }) => {
  const started: Publisher[] = [];
  let dataDirs: string[] = [];
  beforeEach(() => {
    dataDirs = [];
  });
  afterEach(async () => {
    for (const publisher of started.splice(0)) publisher.stop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  /** An instance: its own data directory and in-memory site, the test's database. */
  async function instance(newsletters = newslettersWithoutKit) {
    const dataDir = await mkdtemp(join(tmpdir(), 'publish-'));
    dataDirs.push(dataDir);
    await ensureWorkingCopy(dataDir, join(buildPaths.root, 'content'));
    const site = await loadSite();
    const publisher = createPublisher({
      store: store(),
      logger: quietLogger,
      site,
      dataDir,
      workingCopy: () => ensureWorkingCopy(dataDir, join(buildPaths.root, 'content')),
      followEveryMs: 3_600_000,
      hooks: [newsletterHook({ store: store(), ...newsletters })],
    });
    started.push(publisher);
    return { dataDir, site, publisher };
  }

  it('serves the published words on every instance, and a rollback brings the old ones back', async () => {
    const { id: ownerId } = (await inviteOwner(store(), 'Jamie', Date.now())).owner;
    const first = await instance();
    const second = await instance();

    await setHeadline(first.dataDir, 'First published headline');
    const one = await first.publisher.publish(ownerId, Date.now());
    expect(one.ok && one.version.number).toBe(1);
    expect(one.ok && one.version.changed).toEqual(['home.yaml']);
    expect(html(first.site)).toContain('First published headline');
    expect(first.publisher.served()).toBe(1);

    // The other instance has not looked yet; once it does, it serves the same.
    expect(html(second.site)).not.toContain('First published headline');
    await second.publisher.follow();
    expect(html(second.site)).toContain('First published headline');

    await setHeadline(first.dataDir, 'Second published headline');
    const renamed = { site: 'main', from: '/old-offer', to: '/', kind: 'temporary' } as const;
    const settings = join(first.dataDir, 'content/site.yaml');
    const document = parseDocument(await readFile(settings, 'utf8'));
    document.addIn(['redirects'], renamed);
    await writeFile(settings, String(document));
    const two = await first.publisher.publish(ownerId, Date.now());
    expect(two.ok && two.version.number).toBe(2);
    expect(html(first.site)).toContain('Second published headline');
    expect(first.site.routes.redirects).toContainEqual(renamed);

    const back = await first.publisher.rollback(ownerId, one.ok ? one.version.id : '', Date.now());
    expect(back.ok && back.version).toMatchObject({
      number: 3,
      action: 'rollback',
      sourceNumber: 1,
    });
    expect(html(first.site)).toContain('First published headline');
    expect(html(first.site)).not.toContain('Second published headline');
    expect(first.site.routes.redirects).not.toContainEqual(renamed);
    // The working copy is what is live again.
    expect(await readFile(join(first.dataDir, 'content/home.yaml'), 'utf8')).toContain(
      'First published headline',
    );

    const versions = await listVersions(store(), 10);
    expect(versions.map(({ number, owner }) => [number, owner])).toEqual([
      [3, 'Jamie'],
      [2, 'Jamie'],
      [1, 'Jamie'],
    ]);
  }, 120_000);

  it("queues a post marked as a newsletter with the version that publishes it, its email's links on the site's address, its date past only once confirmed", async () => {
    const { id: ownerId } = (await inviteOwner(store(), 'Jamie', Date.now())).owner;
    const { dataDir, publisher } = await instance({ origin: 'https://jamie.example', kit: true });
    const file = join(dataDir, 'content/posts/the-first-hire.md');
    const text = await readFile(file, 'utf8');
    const postId = /^id: (.+)$/m.exec(text)?.[1] ?? '';
    await writeFile(file, text.replace('newsletter: false', 'newsletter: true'));
    const rows = () => store().db.selectFrom('post_broadcasts').selectAll().execute();
    const jobs = async () =>
      (await store().db.selectFrom('outbox_jobs').selectAll().execute()).map(
        ({ kind, lead_id }) => ({ kind, lead_id }),
      );

    // The room shows it before Publish: its date (1 November) has passed.
    expect((await publisher.status()).newsletters.posts).toEqual([
      {
        id: postId,
        title: 'The first hire is the one who replaces you',
        date: '2026-11-01T07:00:00+00:00',
        broadcast: 'draft',
        late: true,
      },
    ]);
    // Published, and its newsletter left unsent.
    const unconfirmed = await publisher.publish(ownerId, Date.now());
    expect(unconfirmed.ok && unconfirmed.notSent).toEqual([
      { id: postId, title: 'The first hire is the one who replaces you' },
    ]);
    expect(await rows()).toEqual([]);
    expect(await jobs()).toEqual([]);

    const published = await publisher.publish(ownerId, Date.now(), [postId]);
    expect(published.ok && published.notSent).toEqual([]);
    const [broadcast, ...more] = await rows();
    expect(more).toEqual([]);
    expect(broadcast).toMatchObject({ post_id: postId, state: 'waiting', broadcast: 'draft' });
    expect(broadcast?.html).toContain(
      '<a href="https://jamie.example/cheatcodes/the-first-hire">Read this on the site</a>',
    );
    expect(await jobs()).toEqual([{ kind: 'kit-broadcast', lead_id: postId }]);
    // Started: the next Publish has nothing to ask about it.
    expect((await publisher.status()).newsletters.posts).toEqual([]);

    // Made in Kit; then the owner renames the post, as the editor does, and publishes again.
    await store().db.updateTable('post_broadcasts').set({ state: 'made', kit_id: '7' }).execute();
    await rename(file, join(dataDir, 'content/posts/hire-the-one-who-replaces-you.md'));
    const renamed = await publisher.publish(ownerId, Date.now(), [postId]);
    expect(renamed.ok && renamed.version.changed).toContain(
      'posts/hire-the-one-who-replaces-you.md',
    );
    expect(await rows()).toMatchObject([{ post_id: postId, state: 'made', kit_id: '7' }]);
    expect(await jobs()).toEqual([{ kind: 'kit-broadcast', lead_id: postId }]);
  }, 120_000);

  it('publishes nothing when the content does not fit, and says where', async () => {
    const { dataDir, site, publisher } = await instance();
    const before = html(site);
    const file = join(dataDir, 'content/workshop.yaml');
    const document = parseDocument(await readFile(file, 'utf8'));
    document.setIn(['sessions', 0, 'start'], '22/09/2025');
    await writeFile(file, String(document));

    const result = await publisher.publish('nobody', Date.now());
    expect(result.ok).toBe(false);
    expect(!result.ok && 'problems' in result && result.problems).toMatch(
      /content\/workshop\.yaml:\d+ sessions\[0\]\.start: expected a date-time with a UTC offset/,
    );
    expect(await listVersions(store(), 10)).toEqual([]);
    expect(html(site)).toBe(before);
    expect(publisher.served()).toBe(0);
  }, 60_000);

  it('publishes nothing from a working copy past its limits, and says so', async () => {
    const { dataDir, site, publisher } = await instance();
    const before = html(site);
    // Not under images/: a picture no content file names is left out before counting.
    await mkdir(join(dataDir, 'content/flood'), { recursive: true });
    for (let n = 0; n <= contentLimits.files; n++) {
      await writeFile(join(dataDir, `content/flood/${n}.txt`), 'x');
    }
    const result = await publisher.publish('nobody', Date.now());
    expect(!result.ok && 'problems' in result && result.problems).toBe(
      `The content holds more than ${contentLimits.files} files or ${contentLimits.bytes / 1024 / 1024} MB.`,
    );
    expect(await listVersions(store(), 10)).toEqual([]);
    expect(html(site)).toBe(before);
  });
});
