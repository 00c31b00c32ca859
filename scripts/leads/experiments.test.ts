import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { checkContentFile } from '../../contracts/content/load';
import { addDays, utcDay } from '../../contracts/funnel-figures';
import { namedHosts } from '../../server/env';
import {
  experimentPlanCommand,
  experimentsCommand,
  servedExperiments,
} from '../../server/features/experiments';
import { addSubscriber } from '../../server/features/leads';
import { auditEntries } from '../../server/features/room';
import { addPageViews } from '../../server/page-views/store';
import { loadSite } from '../../server/site';
import { showAndSignUp as showWaitlistDay } from '../../server/testing/experiment-sample';
import { publishWithBuiltSiteUrl } from '../../server/testing/publishing';
import { describeEachStore } from '../../server/testing/stores';
import { leadsOn, testSettings } from './testing';

/**
 * `npm run leads -- experiments`: the standing, the plan and "Make this the page" from the
 * terminal, by the commands the room calls, on the real build (`npm run build` first) and its
 * sample experiment (content/experiments.yaml).
 */

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
/** A DATA_DIR of the test's own, where the tool makes the working copy and keeps its renders. */
async function dataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'leads-experiments-'));
  dirs.push(dir);
  return dir;
}

// The render of `experiments end` takes the build's own share cards and PDFs, as a server's does.
publishWithBuiltSiteUrl();

describeEachStore('npm run leads -- experiments', ({ store, database }) => {
  const now = new Date();
  const leads = (...argv: string[]) => leadsOn(database(), {}, argv, now);

  // Who was shown which headline today, and who signed up after it.
  const showAndSignUp = () => showWaitlistDay(store(), 'waitlist-headline');

  it('prints each experiment served with its standing, as the room has it', async () => {
    await showAndSignUp();
    const printed = await leads('experiments');
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(printed.stdout).toContain('waitlist-headline: running\n');
    expect(printed.stdout).toContain(
      'On waitlist, counting sign-ups. Fixed sample: 1100 visitors a variant.',
    );
    expect(printed.stdout).toMatch(
      /^variant\s+share\s+visitors\s+conversions\s+confirmed by Kit\s+rate \(95% interval\)\s+beats the control\s+risk if chosen\s+standing$/m,
    );
    expect(printed.stdout).toMatch(
      /^control\s+50%\s+40\s+1\s+0\s+2\.5% \(0\.4%–12\.9%\)\s+–\s+–\s+–$/m,
    );
    expect(printed.stdout).toMatch(
      /^first-to-read\s+50%\s+40\s+2\s+0\s+5\.0% \([\d.]+%–[\d.]+%\)\s+[\d.]+%\s+[\d.]+ pts\s+keep collecting$/m,
    );
    expect(await leads('experiments', 'stop')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('experiments needs nothing, "plan" or "end".'),
    });
    // As JSON, the very answer the room's API gives.
    const json = await leads('experiments', '--format', 'json');
    const served = servedExperiments(await loadSite(), namedHosts(testSettings));
    expect(JSON.parse(json.stdout)).toEqual(
      await experimentsCommand.run({ store: store(), experiments: served.list(), now }, {}),
    );
  });

  it('plans the next experiment from the last four weeks, and refuses a lift the room refuses', async () => {
    // The sign-ups below are made now: the plan's four weeks end on the day before `tomorrow`.
    const tomorrow = new Date(now.getTime() + 86_400_000);
    const lastDay = utcDay(now);
    await addPageViews(
      store(),
      Array.from({ length: 400 }, (_, index) => ({
        day: addDays(lastDay, -(index % 28)),
        host: testSettings.WAITLIST_HOST,
        path: index % 2 ? '/' : '/join',
        source: 'Direct',
        visitor: `visitor-${index}`,
        views: 1,
      })),
    );
    for (let index = 0; index < 40; index++) {
      await addSubscriber(
        store(),
        { list: 'waitlist', email: `reader${index}@example.com`, page: '/' },
        { ipHash: 'h', verified: true, host: testSettings.WAITLIST_HOST },
        [],
      );
    }
    const printed = await leadsOn(
      database(),
      {},
      ['experiments', 'plan', '--lift', '20'],
      tomorrow,
    );
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(printed.stdout).toContain(
      `The next experiment, for a lift of 20%: from ${addDays(lastDay, -27)} to ${lastDay} (UTC days)`,
    );
    const plan = await experimentPlanCommand.run(
      {
        store: store(),
        served: servedExperiments(await loadSite(), namedHosts(testSettings)),
        now: tomorrow,
      },
      { lift: 20 },
    );
    const waitlist = plan.pages.find(({ page, goal }) => page === 'waitlist' && goal === 'signUps');
    expect(waitlist).toMatchObject({ visitors: 400, conversions: 40, rate: 0.1 });
    expect(printed.stdout).toMatch(
      new RegExp(
        `^waitlist\\s+sign-ups\\s+400\\s+40\\s+10\\.0%\\s+${waitlist?.sampleSize}\\s+${waitlist?.days} days$`,
        'm',
      ),
    );
    // A page with nothing counted proposes nothing.
    expect(printed.stdout).toMatch(/^workshop\s+paid sales\s+0\s+0\s+–\s+–\s+–$/m);

    for (const [lift, message] of [
      ['0', '--lift must be at least 1%.'],
      ['12.5', '--lift must be a whole number of percent, such as 10.'],
      ['ten', '--lift must be a whole number of percent, such as 10.'],
      ['1e9', '--lift must be at most 300%.'],
    ] as const) {
      const refused = await leads('experiments', 'plan', '--lift', lift);
      expect(refused.code, lift).toBe(2);
      expect(refused.stderr).toContain(`${message}\n`);
    }
  });

  it('makes a variant the page: written into the working copy, audited, published as a version', async () => {
    const data = await dataDir();
    const content = join(data, 'content');
    const end = (...argv: string[]) =>
      leadsOn(database(), { DATA_DIR: data }, ['experiments', 'end', ...argv], now);

    for (const wrong of [
      [],
      ['waitlist-headline'],
      ['waitlist-headline', 'first-to-read', 'extra'],
      ['../site', 'control'],
    ]) {
      const refused = await end(...wrong);
      expect(refused.code, wrong.join(' ')).toBe(2);
      expect(refused.stderr).toContain('Usage');
    }
    expect((await end('../site', 'control')).stderr).toContain(
      'EXPERIMENT must be a name from the content.',
    );

    const ended = await end('waitlist-headline', 'first-to-read');
    expect(ended).toMatchObject({
      code: 0,
      stderr: '',
      stdout:
        'first-to-read is now the page and waitlist-headline has ended: published as version 1 (changed experiments.yaml, waitlist.yaml). Running servers serve it within a few seconds; Roll back in the room undoes it.\n',
    });
    // The working copy: the experiment gone, the variant's words in the page's own file.
    const experiments = checkContentFile(
      'experiments',
      await readFile(join(content, 'experiments.yaml'), 'utf8'),
    );
    expect('value' in experiments && experiments.value.experiments).toEqual([]);
    expect(await readFile(join(content, 'waitlist.yaml'), 'utf8')).toContain(
      'heading: Be the first to read it',
    );
    // Kept in the audit log and as a version, by no owner: it came from the server's terminal.
    const entries = await auditEntries(store(), 5);
    expect(entries.map(({ owner, action, detail }) => ({ owner, action, detail }))).toEqual([
      {
        owner: null,
        action: 'publish',
        detail: { version: 1, changed: ['experiments.yaml', 'waitlist.yaml'] },
      },
      {
        owner: null,
        action: 'end-experiment',
        detail: { experiment: 'waitlist-headline', variant: 'first-to-read' },
      },
    ]);
    const versions = await store()
      .db.selectFrom('content_versions')
      .select(['number', 'owner_id', 'action'])
      .execute();
    expect(versions).toEqual([{ number: 1, owner_id: null, action: 'publish' }]);

    // What a server serves now follows that version: the experiment has ended there too.
    const after = await leadsOn(database(), { DATA_DIR: data }, ['experiments'], now);
    expect(after.stdout).toBe(
      'No experiment in the published content. Add one under Experiments in the editor.\n',
    );
    // Ended: asked again, the room's own answer.
    expect(await end('waitlist-headline', 'first-to-read')).toMatchObject({
      code: 1,
      stderr:
        'leads: "waitlist-headline" is no longer in your working copy: it was ended or renamed since.\n',
    });
  }, 120_000);
});
