// @vitest-environment happy-dom
import { act } from 'react';
import { expect, it, vi } from 'vitest';
import type { ExperimentStanding, Plan } from '../../contracts/room/experiments';
import { ExperimentsView } from './experiments-view';
import { viewRendering } from './view-rendering';
import { words } from './words';

const text = words.experiments;
const views = viewRendering();
let container: HTMLDivElement;

const published = {
  version: {
    id: '00000000-0000-4000-8000-000000000002',
    number: 7,
    createdAt: '2026-11-26T10:00:00.000Z',
    owner: 'Jamie',
    action: 'publish',
    sourceNumber: null,
    changed: ['waitlist.yaml', 'experiments.yaml'],
  },
  notSent: [],
};

const plan: Plan = {
  from: '2026-10-29',
  to: '2026-11-25',
  lift: 10,
  pages: [
    {
      page: 'waitlist',
      goal: 'signUps',
      visitors: 2800,
      conversions: 280,
      rate: 0.1,
      sampleSize: 14751,
      days: 296,
    },
    {
      page: 'workshop',
      goal: 'sales',
      visitors: 0,
      conversions: 0,
      rate: null,
      sampleSize: null,
      days: null,
    },
  ],
};

async function roomWith(experiments: ExperimentStanding[], onPublished = () => {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) =>
    Response.json(
      init?.method === 'POST'
        ? published
        : url.includes('/plan')
          ? { ...plan, lift: Number(new URL(url, 'http://localhost').searchParams.get('lift')) }
          : experiments,
    ),
  );
  vi.stubGlobal('fetch', fetch);
  container = await views.render(<ExperimentsView version={0} onPublished={onPublished} />);
  return fetch;
}

const arm = {
  share: 50,
  confirmed: null,
  low: 0.08,
  high: 0.12,
  expectedLoss: null,
  probabilityToBeat: null,
  verdict: null,
};

const standing: ExperimentStanding = {
  name: 'waitlist-headline',
  note: 'A sample experiment: two headlines for the waitlist page.',
  page: 'waitlist',
  goal: 'signUps',
  sampleSize: 1100,
  live: true,
  sampleRatioMismatch: false,
  sampleRatioP: 0.6,
  variants: [
    { ...arm, name: 'control', visitors: 1200, conversions: 120, confirmed: 101, rate: 0.1 },
    {
      ...arm,
      name: 'first-to-read',
      visitors: 1180,
      conversions: 165,
      confirmed: 150,
      rate: 0.1398,
      low: 0.121,
      high: 0.161,
      probabilityToBeat: 0.998,
      expectedLoss: 0.00001,
      verdict: 'better',
    },
  ],
};

it("shows each variant's numbers against the control, and what to do about them", async () => {
  await roomWith([standing]);
  const rows = [...container.querySelectorAll('article tbody tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  );
  expect(rows).toEqual([
    [
      `${text.control} ${text.look}`,
      '50%',
      '1,200',
      '120',
      '101',
      '10.0% (8.0%–12.0%)',
      '—',
      '—',
      '—',
    ],
    [
      `first-to-read ${text.look}`,
      '50%',
      '1,180',
      '165',
      '150',
      '14.0% (12.1%–16.1%)',
      '100%',
      '0 pts',
      text.verdicts.better,
    ],
  ]);
  expect(container.textContent).toContain('On waitlist, counting sign-ups.');
  expect(container.textContent).toContain('Fixed sample: 1,100 visitors a variant.');
  expect(container.querySelector('[role=alert]')?.textContent ?? '').toBe('');
});

it('links each variant to its page as its visitors see it', async () => {
  await roomWith([standing]);
  const links = [...container.querySelectorAll<HTMLAnchorElement>('article tbody a')];
  expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('aria-label')])).toEqual(
    [
      ['/owner/experiments/waitlist-headline/control', text.lookLabel('control')],
      ['/owner/experiments/waitlist-headline/first-to-read', text.lookLabel('first-to-read')],
    ],
  );
});

it('makes the chosen variant the page only once the owner confirms, then refreshes the room', async () => {
  const onPublished = vi.fn();
  const fetch = await roomWith([standing], onPublished);
  const select = container.querySelector('select') as HTMLSelectElement;
  // The variant the numbers call better is offered first.
  expect(select.value).toBe('first-to-read');
  const ask = [...container.querySelectorAll('button')].find(
    (button) => button.textContent === text.makeThePage,
  );
  await act(async () => ask?.click());
  const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
  expect(posts()).toEqual([]);
  const legend = container.querySelector('legend')?.textContent;
  expect(legend).toBe(text.confirm('first-to-read', 'waitlist'));
  expect(document.activeElement?.textContent).toBe(text.yes);
  await act(async () => (document.activeElement as HTMLButtonElement).click());
  expect(posts()).toHaveLength(1);
  const [url, init] = posts()[0] ?? [];
  expect(url).toBe('/owner/api/experiments/winner');
  expect(JSON.parse(String(init?.body))).toEqual({
    experiment: 'waitlist-headline',
    variant: 'first-to-read',
  });
  expect(container.querySelector('[role=status]')?.textContent).toBe(text.made('first-to-read', 7));
  expect(onPublished).toHaveBeenCalledTimes(1);
  expect(container.querySelector('legend')).toBeNull();
});

it('raises the alarm when the split has drifted from its plan', async () => {
  await roomWith([
    {
      name: 'workshop-price',
      note: null,
      page: 'workshop',
      goal: 'signUps',
      sampleSize: 500,
      live: false,
      sampleRatioMismatch: true,
      sampleRatioP: 0.00002,
      variants: [{ ...arm, name: 'control', visitors: 4500, conversions: 45, rate: 0.01 }],
    },
  ]);
  expect(container.querySelector('[role=alert]')?.textContent).toBe(text.mismatch('2.0e-5'));
  expect(container.textContent).toContain(text.notRunning);
});

it('says there is none, and where to make one', async () => {
  await roomWith([]);
  expect(container.textContent).toContain(text.empty);
});

it('proposes the next sample for each page, for the lift the owner asks', async () => {
  const fetch = await roomWith([]);
  const table = () =>
    [...container.querySelectorAll('#experiment-plan ~ section tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
  expect(table()).toEqual([
    ['waitlist', 'sign-ups', '2,800', '10.0%', '14,751', text.days(296)],
    ['workshop', 'paid sales', '0', '—', '—', '—'],
  ]);
  const field = container.querySelector('input[type=number]') as HTMLInputElement;
  expect(field.value).toBe('10');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(field, '25');
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => field.form?.requestSubmit());
  expect(fetch.mock.calls.at(-1)?.[0]).toBe('/owner/api/experiments/plan?lift=25');
});
