// @vitest-environment happy-dom
import { expect, it, vi } from 'vitest';
import type { Versions } from '../../contracts/owner-publish';
import type { ExperimentStanding } from '../../contracts/room/experiments';
import type { OutboxAnswer } from '../../contracts/room/outbox';
import type { PostsAnswer } from '../../contracts/room/posts';
import { NeedsYouView, postsAhead, withResults } from './needs-you-view';
import { when } from './room-ui';
import { viewRendering } from './view-rendering';
import { words } from './words';

const text = words.needsYou;
const views = viewRendering();
let container: HTMLDivElement;

const arm = {
  share: 50,
  visitors: 1200,
  conversions: 120,
  confirmed: null,
  rate: 0.1,
  low: 0.08,
  high: 0.12,
  expectedLoss: null,
  probabilityToBeat: null,
  verdict: null,
};
const experiment = (
  name: string,
  verdict: ExperimentStanding['variants'][number]['verdict'],
  sampleRatioMismatch = false,
): ExperimentStanding => ({
  name,
  note: null,
  page: 'waitlist',
  goal: 'signUps',
  sampleSize: 1100,
  live: true,
  sampleRatioMismatch,
  sampleRatioP: sampleRatioMismatch ? 0.00002 : 0.6,
  variants: [
    { ...arm, name: 'control' },
    { ...arm, name: 'b', probabilityToBeat: 0.99, expectedLoss: 0.0001, verdict },
  ],
});
const experiments = [
  experiment('headline', 'better'),
  experiment('price', 'keep collecting'),
  experiment('offer', 'keep collecting', true),
];

const post = (slug: string, date: string): PostsAnswer['posts'][number] => ({
  slug,
  title: `Post ${slug}`,
  date,
  path: `/cheatcodes/${slug}`,
  views: 0,
  visitors: 0,
  signUps: 0,
  confirmed: 0,
  newsletter: { state: 'waiting', broadcast: 'draft', sendAt: null, madeAt: null, problem: null },
});
const later = '2099-02-01T07:00:00.000Z';
const sooner = '2099-01-04T07:00:00.000Z';
const writing: PostsAnswer = {
  from: '2026-10-30',
  to: '2026-11-26',
  kit: true,
  posts: [post('later', later), post('out', '2026-11-01T07:00:00.000Z'), post('sooner', sooner)],
};

const outbox = (failed: number): OutboxAnswer => ({ jobs: [], pending: 3, failed });

const versions: Versions = {
  served: 4,
  failed: null,
  usage: { files: 1, bytes: 1, maxFiles: 500, maxBytes: 1024 },
  unpublished: { count: 2, files: ['pages/talks.md', 'workshop.yaml'] },
  versions: [
    {
      id: '00000000-0000-4000-8000-000000000004',
      number: 4,
      createdAt: '2026-11-26T10:00:00.000Z',
      owner: 'Jamie',
      action: 'publish',
      sourceNumber: null,
      changed: ['home.yaml'],
    },
  ],
  newsletters: {
    subscribers: 12,
    posts: [
      { id: 'p1', title: 'Hand over the inbox', date: later, broadcast: 'draft', late: false },
    ],
  },
};

async function firstView(answers: { outbox: OutboxAnswer }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      return Response.json(
        {
          '/owner/api/outbox': answers.outbox,
          '/owner/api/experiments': experiments,
          '/owner/api/posts': writing,
          '/owner/api/versions': versions,
        }[path] ?? {},
      );
    }),
  );
  container = await views.render(<NeedsYouView version={0} onChange={() => {}} />);
}

const card = (heading: string) =>
  [...container.querySelectorAll('section')].find(
    (section) => section.querySelector('h2,h3')?.textContent === heading,
  );

it('shows Publish with the newsletters it would start, but not the versions', async () => {
  await firstView({ outbox: outbox(0) });
  const publish = card(words.publish.heading);
  const buttons = [...(publish?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
  expect(buttons).toContain(words.publish.publish);
  expect(publish?.textContent).toContain(words.publish.serving(4));
  expect(publish?.textContent).toContain('“Hand over the inbox”');
  expect(publish?.textContent).toContain(words.publish.willDraft(12, when(later)));
  expect(container.querySelector('table')).toBeNull();
  expect(container.textContent).not.toContain(words.publish.versions);
});

it('opens with the changes not yet on the site, before anything else of Publish', async () => {
  await firstView({ outbox: outbox(0) });
  const publish = card(words.publish.heading);
  const lines = [...(publish?.querySelectorAll('p') ?? [])].map((line) => line.textContent);
  expect(lines[0]).toBe('2 changes not yet on the site: pages/talks.md, workshop.yaml.');
  expect(lines[1]).toBe(words.publish.serving(4));
});

it('counts the failed jobs and leads to the outbox; says so when none failed', async () => {
  await firstView({ outbox: outbox(2) });
  const failed = card(text.outbox);
  expect(failed?.textContent).toContain(text.failed(2));
  expect(failed?.textContent).toContain('2 jobs failed');
  const link = failed?.querySelector('a');
  expect(link?.getAttribute('href')).toBe('/owner/outbox');
  expect(link?.textContent).toContain(text.openOutbox);

  await firstView({ outbox: outbox(0) });
  expect(card(text.outbox)?.textContent).toContain(text.noneFailed);
  expect(card(text.outbox)?.textContent).not.toMatch(/\d+ jobs? failed/);
});

it('lists the experiments with a verdict or a drifted split, not those still collecting', async () => {
  await firstView({ outbox: outbox(0) });
  const results = card(text.experiments);
  const items = [...(results?.querySelectorAll('li') ?? [])].map((item) => item.textContent);
  expect(items).toEqual([
    `headlineb: ${words.experiments.verdicts.better}`,
    `offer${text.drifted}`,
  ]);
  expect(results?.textContent).toContain(text.withResult(2));
  expect(results?.querySelector('a')?.getAttribute('href')).toBe('/owner/experiments');
  expect(withResults([experiment('price', 'keep collecting')])).toEqual([]);
});

it('lists the posts dated ahead, the soonest first, with their newsletter', async () => {
  await firstView({ outbox: outbox(0) });
  const ahead = card(text.comingOut);
  const titles = [...(ahead?.querySelectorAll('li') ?? [])].map(
    (item) => item.firstElementChild?.textContent,
  );
  expect(titles).toEqual(['Post sooner', 'Post later']);
  expect(ahead?.textContent).toContain(words.writing.ahead(when(sooner)));
  expect(ahead?.textContent).toContain(words.writing.state.waiting(when(sooner)));
  expect(ahead?.querySelector('a')?.getAttribute('href')).toBe('/owner/writing');
  expect(postsAhead(writing.posts, Date.parse('2099-01-10T00:00:00Z')).map((p) => p.slug)).toEqual([
    'later',
  ]);
});
