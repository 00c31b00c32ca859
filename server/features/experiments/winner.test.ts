import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { checkContentFile } from '../../../contracts/content/load';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import { variantPreviewPath } from '../../../contracts/room/experiments';
import { buildPaths } from '../../build-paths';
import { loadSite } from '../../site';
import { createTestApp, post } from '../../testing/app';
import { roomHeaders, signedIn } from '../../testing/owner-session';
import {
  newslettersWithoutKit,
  publishWithBuiltSiteUrl,
  quietLogger,
} from '../../testing/publishing';
import { describeEachStore } from '../../testing/stores';
import {
  auditEntries,
  contentEditorApi,
  createPublisher,
  ensureWorkingCopy,
  type Publisher,
} from '../room';
import { newsletterHook } from '../writing';
import { winnerChange } from './winner';

/**
 * "Make this the page" (docs/decisions/027-experiments.md): ending an experiment with its
 * winner writes the variant's words into the page's own file, takes the experiment out and
 * publishes, over the real build (`npm run build` first) and the sample experiment.
 */

const seed = join(buildPaths.root, 'content');
const text = (contents: string) => Buffer.from(contents, 'base64').toString('utf8');

const dirs: string[] = [];
async function workingCopy() {
  const dataDir = await mkdtemp(join(tmpdir(), 'winner-'));
  dirs.push(dataDir);
  return { dataDir, content: await ensureWorkingCopy(dataDir, seed) };
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('the change that makes a variant the page', () => {
  it("writes the variant's words into the page's file, its comments kept, and ends the experiment", async () => {
    const { content } = await workingCopy();
    const change = await winnerChange(content, 'waitlist-headline', 'first-to-read');
    if ('problem' in change) throw new Error(change.problem);
    expect(change.additions.map(({ path }) => path)).toEqual(['waitlist.yaml', 'experiments.yaml']);
    const [page, experiments] = change.additions.map(({ contents }) => text(contents));
    const before = await readFile(join(content, 'waitlist.yaml'), 'utf8');
    const { hero, ...rest } = parse(page ?? '');
    const { hero: heroBefore, ...restBefore } = parse(before);
    expect(hero).toEqual({ ...heroBefore, heading: 'Be the first to read it' });
    expect(rest).toEqual(restBefore);
    expect(parse(experiments ?? '').experiments).toEqual([]);
  });

  it("writes a variant's hidden and moved blocks into the owner's page", async () => {
    const { content } = await workingCopy();
    await writeFile(
      join(content, 'experiments.yaml'),
      stringify({
        experiments: [
          {
            name: 'press-order',
            page: 'pages/press',
            goal: 'signUps',
            controlShare: 50,
            variants: [
              {
                name: 'enquiry-first',
                share: 50,
                changes: [
                  { field: 'blocks.1', block: 'hide' },
                  { field: 'blocks.5', block: 'move', moveTo: 1 },
                ],
              },
            ],
            sampleSize: 100,
          },
        ],
      }),
    );
    const change = await winnerChange(content, 'press-order', 'enquiry-first');
    if ('problem' in change) throw new Error(change.problem);
    const page = parse(text(change.additions[0]?.contents ?? ''));
    expect(page.blocks.map(({ discriminant }: { discriminant: string }) => discriminant)).toEqual([
      'hero',
      'enquiry',
      'list',
      'testimonials',
      'faq',
    ]);
  });

  it('with the control, leaves the page as it is and only ends the experiment', async () => {
    const { content } = await workingCopy();
    const change = await winnerChange(content, 'waitlist-headline', 'control');
    if ('problem' in change) throw new Error(change.problem);
    expect(change.additions.map(({ path }) => path)).toEqual(['experiments.yaml']);
  });

  it('refuses an experiment or a variant the working copy does not have', async () => {
    const { content } = await workingCopy();
    expect(await winnerChange(content, 'no-such-test', 'control')).toMatchObject({ status: 404 });
    expect(await winnerChange(content, 'waitlist-headline', 'other')).toMatchObject({
      status: 404,
      problem: '"waitlist-headline" has no variant "other".',
    });
  });
});

publishWithBuiltSiteUrl();

describeEachStore('"Make this the page" in the room', ({ store }) => {
  const started: Publisher[] = [];
  afterEach(() => {
    for (const publisher of started.splice(0)) publisher.stop();
  });

  async function room() {
    const { dataDir, content } = await workingCopy();
    const site = await loadSite();
    const publisher = createPublisher({
      store: store(),
      logger: quietLogger,
      site,
      dataDir,
      workingCopy: async () => content,
      followEveryMs: 3_600_000,
      hooks: [newsletterHook({ store: store(), ...newslettersWithoutKit })],
    });
    started.push(publisher);
    const app = createTestApp(
      store(),
      { DATA_DIR: dataDir },
      undefined,
      undefined,
      site,
      undefined,
      publisher,
    );
    const { token } = await signedIn(store());
    return { app, site, content, headers: roomHeaders(token) };
  }
  const winner = `${ownerPaths.api}${roomApi.experimentsWinner}`;
  const ending = JSON.stringify({ experiment: 'waitlist-headline', variant: 'first-to-read' });

  it('publishes the variant as the page for everyone, as a version like any other', async () => {
    const { app, site, content, headers } = await room();
    // The owner can look at each variant as its visitors are sent it.
    const preview = await app.request(variantPreviewPath('waitlist-headline', 'first-to-read'), {
      headers,
    });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Be the first to read it');
    const page = await readFile(join(content, 'waitlist.yaml'), 'utf8');

    const response = await post(app, winner, ending, { headers });
    expect(response.status).toBe(200);
    const { version } = (await response.json()) as {
      version: { number: number; action: string; changed: string[] };
    };
    // A version as a publish makes one, so Roll back takes it back as any other.
    expect(version).toMatchObject({
      number: 1,
      action: 'publish',
      changed: ['experiments.yaml', 'waitlist.yaml'],
    });
    expect(site.experiments.list).toEqual([]);
    expect(site.pages.get('waitlist')?.body.toString('utf8')).toContain('Be the first to read it');
    // The working copy: the one line of the page changed, the experiment gone.
    const written = (await readFile(join(content, 'waitlist.yaml'), 'utf8')).split('\n');
    expect(written.filter((line, index) => line !== page.split('\n')[index])).toEqual([
      expect.stringContaining('Be the first to read it'),
    ]);
    const experiments = checkContentFile(
      'experiments',
      await readFile(join(content, 'experiments.yaml'), 'utf8'),
    );
    expect('value' in experiments && experiments.value.experiments).toEqual([]);
    const entries = await auditEntries(store(), 5);
    expect(entries.map(({ action, detail }) => ({ action, detail }))).toContainEqual({
      action: 'end-experiment',
      detail: { experiment: 'waitlist-headline', variant: 'first-to-read' },
    });
    // Ended: asked again, it is no longer there, nor is its variant's page.
    expect((await post(app, winner, ending, { headers })).status).toBe(404);
    expect(
      (
        await app.request(variantPreviewPath('waitlist-headline', 'first-to-read'), {
          headers,
        })
      ).status,
    ).toBe(404);
  });

  it('is refused without a session, from another site, and with a body it does not expect', async () => {
    const { app, headers, content } = await room();
    const before = await readFile(join(content, 'experiments.yaml'), 'utf8');
    const anonymous = await post(app, winner, ending, {
      headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await post(app, winner, ending, {
      headers: { ...headers, Origin: 'https://attacker.example' },
    });
    expect(crossSite.status).toBe(403);
    for (const body of [
      JSON.stringify({ experiment: 'waitlist-headline' }),
      JSON.stringify({ experiment: '../site', variant: 'control' }),
      JSON.stringify({ experiment: 'waitlist-headline', variant: 'control', extra: 1 }),
    ]) {
      expect((await post(app, winner, body, { headers })).status).toBe(400);
    }
    const preview = await app.request(variantPreviewPath('waitlist-headline', 'first-to-read'));
    expect(preview.status).not.toBe(200);
    // The plan's lift is a whole, sensible percentage.
    for (const lift of ['0', '12.5', 'ten', '1e9']) {
      const plan = await app.request(`${ownerPaths.api}${roomApi.experimentsPlan}?lift=${lift}`, {
        headers,
      });
      expect(plan.status, lift).toBe(400);
    }
    const plan = await app.request(`${ownerPaths.api}${roomApi.experimentsPlan}`, { headers });
    expect(await plan.json()).toMatchObject({ lift: 10, pages: expect.any(Array) });
    expect(await readFile(join(content, 'experiments.yaml'), 'utf8')).toBe(before);
  });
});

describe("the editor's saves and the room's changes", () => {
  it('take turns: a change reads what the save before it wrote', async () => {
    const { content } = await workingCopy();
    const api = contentEditorApi(async () => content);
    const order: string[] = [];
    const first = api.save(async () => {
      order.push('first read');
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('first made');
      return { status: 409, problem: 'stop' };
    });
    const second = api.save(async () => {
      order.push('second read');
      return { status: 409, problem: 'stop' };
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first read', 'first made', 'second read']);
  });
});
