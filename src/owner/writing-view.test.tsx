// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import type { PostsAnswer } from '../../contracts/room/posts';
import { when } from './room-ui';
import { words } from './words';
import { WritingView } from './writing-view';

// act() settles the renders and effects; React asks to be told it runs under it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const funnel = { views: 0, visitors: 0, signUps: 0, confirmed: 0 };
const newsletter = (state: 'waiting' | 'made' | 'no-kit' | 'called-off') => ({
  state,
  broadcast: 'draft' as const,
  sendAt: null,
  madeAt: null,
  problem: null,
});
const ahead = '2099-01-04T07:00:00.000Z';
const writing: PostsAnswer = {
  from: '2026-10-30',
  to: '2026-11-26',
  kit: true,
  posts: [
    {
      slug: 'ahead',
      title: 'Ahead',
      date: ahead,
      path: '/cheatcodes/ahead',
      ...funnel,
      newsletter: newsletter('waiting'),
    },
    {
      slug: 'refused',
      title: 'Refused',
      date: '2026-11-24T07:00:00.000Z',
      path: '/cheatcodes/refused',
      ...funnel,
      newsletter: { ...newsletter('waiting'), problem: 'Kit answered 422' },
    },
    {
      slug: 'scheduled',
      title: 'Scheduled',
      date: '2026-11-22T07:00:00.000Z',
      path: '/cheatcodes/scheduled',
      ...funnel,
      newsletter: {
        ...newsletter('made'),
        broadcast: 'scheduled',
        sendAt: '2026-11-22T07:00:00.000Z',
      },
    },
    {
      slug: 'draft',
      title: 'Draft',
      date: '2026-11-15T07:00:00.000Z',
      path: '/cheatcodes/draft',
      views: 40,
      visitors: 31,
      signUps: 3,
      confirmed: 2,
      newsletter: { ...newsletter('made'), madeAt: '2026-11-15T06:50:00.000Z' },
    },
    {
      slug: 'plain',
      title: 'Plain',
      date: '2026-11-08T07:00:00.000Z',
      path: '/cheatcodes/plain',
      ...funnel,
      newsletter: null,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

async function draw(answer: PostsAnswer) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  const container = document.createElement('div');
  await act(async () => createRoot(container).render(<WritingView version={0} />));
  return container;
}

it("lists each post with its readers, sign-ups and its newsletter's state in the owner's words", async () => {
  const container = await draw(writing);
  const rows = [...container.querySelectorAll('tbody tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  );
  const state = words.writing.state;
  expect(rows).toEqual([
    ['Ahead', words.writing.ahead(when(ahead)), '0', '0', state.waiting(when(ahead))],
    [
      'Refused',
      when('2026-11-24T07:00:00.000Z'),
      '0',
      '0',
      words.writing.problem('Kit answered 422'),
    ],
    [
      'Scheduled',
      when('2026-11-22T07:00:00.000Z'),
      '0',
      '0',
      state.scheduled(when('2026-11-22T07:00:00.000Z')),
    ],
    [
      'Draft',
      when('2026-11-15T07:00:00.000Z'),
      '40',
      '3',
      state.draft(when('2026-11-15T06:50:00.000Z')),
    ],
    ['Plain', when('2026-11-08T07:00:00.000Z'), '0', '0', words.writing.notMarked],
  ]);
  expect(container.querySelector('a')?.getAttribute('href')).toBe('/cheatcodes/ahead');
  expect(container.textContent).not.toContain(words.writing.noKit);
});

it('says that no email is made while Kit is not set up', async () => {
  const container = await draw({ ...writing, kit: false, posts: [] });
  expect(container.textContent).toContain(words.writing.noKit);
  expect(container.textContent).toContain(words.writing.empty);
});
