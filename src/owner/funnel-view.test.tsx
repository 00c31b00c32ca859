// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import type { FunnelAnswer } from '../../contracts/room/funnel';
import { FunnelView } from './funnel-view';
import { words } from './words';

// act() settles the renders and effects; React asks to be told it runs under it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const line = (key: string, visitors: number, signUps: number, contacts: number | null) => ({
  key,
  views: visitors * 2,
  visitors,
  signUps,
  confirmed: Math.floor(signUps / 2),
  contacts,
  checkouts: 0,
  sales: 0,
  revenue: {},
  applications: 0,
  offers: 0,
  enrolments: 0,
  cohortRevenue: {},
});
const funnel: FunnelAnswer = {
  from: '2026-11-01',
  to: '2026-11-03',
  total: line('total', 30, 3, 1),
  byDay: [line('2026-11-01', 10, 1, 0), line('2026-11-02', 20, 2, 1), line('2026-11-03', 0, 0, 0)],
  bySource: [line('Instagram', 20, 3, null), line('<b>Direct</b>', 10, 0, null)],
  byPage: [line('example.com/', 30, 3, 1)],
  byVariant: [],
};

afterEach(() => vi.unstubAllGlobals());

it('draws the funnel with every figure of the chart in a table, and asks for a chosen period', async () => {
  const fetchMock = vi.fn(
    async (_path: string) =>
      new Response(JSON.stringify(funnel), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(<FunnelView version={0} />));

  const chart = container.querySelector('svg[role=img]');
  const labelled = chart?.getAttribute('aria-labelledby')?.split(' ') ?? [];
  expect(labelled.map((id) => container.querySelector(`[id="${id}"]`)?.textContent)).toEqual([
    words.funnel.chartTitle,
    words.funnel.chartSummary(3, '2026-11-02', 20),
  ]);
  const tables = [...container.querySelectorAll('table')];
  expect(tables.map((table) => table.querySelector('caption')?.textContent)).toEqual([
    words.funnel.dayFigures,
    words.funnel.bySource,
    words.funnel.byPage,
  ]);
  const days = [...(tables[0]?.querySelectorAll('tbody tr') ?? [])].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  );
  expect(days).toEqual([
    ['2026-11-01', '20', '10', '1', '0', '0', '10.0%', '0', '0', '—', '0', '0', '0', '—'],
    ['2026-11-02', '40', '20', '2', '1', '1', '10.0%', '0', '0', '—', '0', '0', '0', '—'],
    ['2026-11-03', '0', '0', '0', '0', '0', '–', '0', '0', '—', '0', '0', '0', '—'],
  ]);
  // Enquiries by page, not by source: the contact form keeps no source.
  const headings = (table?: Element) =>
    [...(table?.querySelectorAll('thead th') ?? [])].map((cell) => cell.textContent);
  expect(headings(tables[1])).not.toContain(words.funnel.enquiries);
  expect(headings(tables[2])).toEqual([
    words.funnel.page,
    words.funnel.views,
    words.funnel.visitors,
    words.funnel.signUps,
    words.funnel.confirmed,
    words.funnel.enquiries,
    words.funnel.conversion,
    words.funnel.checkouts,
    words.funnel.sales,
    words.funnel.revenue,
    words.funnel.applications,
    words.funnel.offers,
    words.funnel.enrolments,
    words.funnel.cohortRevenue,
  ]);
  expect([...(tables[2]?.querySelectorAll('tbody td') ?? [])][4]?.textContent).toBe('1');
  // No experiment showed a variant: the owner is told so, with no empty table.
  expect(container.textContent).toContain(words.funnel.noVariant);
  // What visitors sent is text, never markup.
  expect(tables[1]?.querySelector('b')).toBeNull();
  expect(tables[1]?.textContent).toContain('<b>Direct</b>');

  const last7 = [...container.querySelectorAll('button')].find(
    (button) => button.textContent === words.funnel.lastDays(7),
  );
  await act(async () => last7?.click());
  expect(fetchMock.mock.calls.at(-1)?.[0]).toMatch(
    /^\/owner\/api\/funnel\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/,
  );
  act(() => root.unmount());
});

it('shows checkouts started, sales and revenue (decision 020), in total and by source', async () => {
  const withSales: FunnelAnswer = {
    ...funnel,
    total: { ...funnel.total, checkouts: 3, sales: 2, revenue: { gbp: 9800, usd: 1000 } },
    bySource: [
      { ...line('Instagram', 20, 3, null), checkouts: 3, sales: 2, revenue: { gbp: 9800 } },
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(withSales), {
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(<FunnelView version={0} />));
  const totals = [...container.querySelectorAll('dl div')].map((card) => [
    card.querySelector('dt')?.textContent,
    card.querySelector('dd')?.textContent,
  ]);
  expect(totals).toEqual(
    expect.arrayContaining([
      [words.funnel.checkouts, '3'],
      [words.funnel.sales, '2'],
      [words.funnel.revenue, '£98.00 + US$10.00'],
    ]),
  );
  const bySource = [...container.querySelectorAll('table')][1];
  const instagram = [...(bySource?.querySelectorAll('tbody tr') ?? [])][0];
  // The workshop's three columns, before the cohort's four.
  expect([...(instagram?.children ?? [])].slice(-7, -4).map((cell) => cell.textContent)).toEqual([
    '3',
    '2',
    '£98.00',
  ]);
  act(() => root.unmount());
});

it('shows the cohort’s applications, offers, enrolments and revenue, in total and by variant', async () => {
  const cohort = { applications: 12, offers: 4, enrolments: 3, cohortRevenue: { gbp: 885_000 } };
  const withCohort: FunnelAnswer = {
    ...funnel,
    total: { ...funnel.total, ...cohort },
    byVariant: [{ ...line('cohort-headline/bold', 40, 0, null), ...cohort, applications: 9 }],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(withCohort), {
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(<FunnelView version={0} />));
  const totals = container.querySelector(`dl[aria-label="${words.funnel.cohort}"]`);
  expect(
    [...(totals?.querySelectorAll('div') ?? [])].map((card) => [
      card.querySelector('dt')?.textContent,
      card.querySelector('dd')?.textContent,
    ]),
  ).toEqual([
    [words.funnel.applications, '12'],
    [words.funnel.offers, '4'],
    [words.funnel.enrolments, '3'],
    [words.funnel.cohortRevenue, '£8,850.00'],
  ]);
  const tables = [...container.querySelectorAll('table')];
  const byVariant = tables.at(-1);
  expect(byVariant?.querySelector('caption')?.textContent).toBe(words.funnel.byVariant);
  expect(byVariant?.querySelector('thead th')?.textContent).toBe(words.funnel.variant);
  const [bold] = [...(byVariant?.querySelectorAll('tbody tr') ?? [])];
  expect(bold?.querySelector('th')?.textContent).toBe('cohort-headline/bold');
  expect([...(bold?.children ?? [])].slice(-4).map((cell) => cell.textContent)).toEqual([
    '9',
    '4',
    '3',
    '£8,850.00',
  ]);
  act(() => root.unmount());
});
