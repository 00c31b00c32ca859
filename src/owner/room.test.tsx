// @vitest-environment happy-dom
import { act } from 'react';
import { expect, it, vi } from 'vitest';
import type { Versions } from '../../contracts/owner-publish';
import { RoomApp } from './room-app';
import { viewRendering } from './view-rendering';
import { words } from './words';

/** The room's API as the views ask it, with nothing in it but the owner. */
const answers: Record<string, unknown> = {
  '/owner/api/me': { name: 'Jamie', passkeys: [], sessions: 1 },
  '/owner/api/leads': { leads: [] },
  '/owner/api/outbox': { jobs: [], pending: 0, failed: 0 },
  '/owner/api/audit': { entries: [] },
  '/owner/api/experiments': [],
  '/owner/api/posts': { from: '2026-10-30', to: '2026-11-26', kit: false, posts: [] },
  '/owner/api/versions': {
    served: 0,
    failed: null,
    usage: { files: 1, bytes: 1, maxFiles: 500, maxBytes: 1024 },
    unpublished: { count: 0, files: [] },
    versions: [],
    newsletters: { subscribers: 0, posts: [] },
  } satisfies Versions,
};

const views = viewRendering();
let container: HTMLDivElement;

/** The room opened at `path`, as a browser opens the document there. */
async function openAt(path: string) {
  window.history.replaceState(null, '', path);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const answer = answers[new URL(url, 'http://localhost').pathname];
      return answer === undefined
        ? Response.json({ error: 'Not found' }, { status: 404 })
        : Response.json(answer);
    }),
  );
  container = await views.render(<RoomApp path={path} />);
}

const heading = () => container.querySelector('main h1');
const navLink = (view: string) =>
  [...container.querySelectorAll<HTMLAnchorElement>('nav a')].find((link) =>
    link.textContent?.startsWith(view),
  );
const current = () =>
  [...container.querySelectorAll('nav a[aria-current]')].map((link) => [
    link.textContent,
    link.getAttribute('aria-current'),
  ]);
const click = (element: Element | undefined, init: MouseEventInit = {}) =>
  act(async () => {
    element?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
  });

it('opens the view at its address, marks it in the navigation, and names it in the tab', async () => {
  await openAt('/owner/leads/');
  expect(heading()?.textContent).toBe(words.leads.heading);
  expect(current()).toEqual([[words.views.leads, 'page']]);
  expect(document.title).toBe(`${words.views.leads} · ${words.title}`);
  // Every item is a real link to its address: it opens in a new tab as it is.
  expect(navLink(words.views.outbox)?.getAttribute('href')).toBe('/owner/outbox');
  expect(navLink(words.editor.open)?.getAttribute('href')).toBe('/owner/editor');
});

it('moves to a view without loading the document, puts the focus on its heading, and the back button returns', async () => {
  await openAt('/owner/leads');
  const length = window.history.length;
  await click(navLink(words.views.outbox));
  expect(window.location.pathname).toBe('/owner/outbox');
  expect(window.history.length).toBe(length + 1);
  expect(heading()?.textContent).toBe(words.outbox.heading);
  expect(document.activeElement).toBe(heading());
  expect(current()).toEqual([[words.views.outbox, 'page']]);
  expect(document.title).toBe(`${words.views.outbox} · ${words.title}`);

  await act(async () => {
    const popped = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    window.history.back();
    await popped;
  });
  expect(window.location.pathname).toBe('/owner/leads');
  expect(heading()?.textContent).toBe(words.leads.heading);
  expect(document.activeElement).toBe(heading());
  expect(current()).toEqual([[words.views.leads, 'page']]);
});

it('leaves a click that opens a new tab to the browser', async () => {
  await openAt('/owner/leads');
  const link = navLink(words.views.log);
  let prevented: boolean | undefined;
  link?.addEventListener('click', (event) => {
    prevented = event.defaultPrevented;
    event.preventDefault(); // no navigation of the test's own window
  });
  await click(link, { ctrlKey: true });
  expect(prevented).toBe(false);
  expect(window.location.pathname).toBe('/owner/leads');
  expect(heading()?.textContent).toBe(words.leads.heading);
});

it('says so at an address the room has no view at, with the way to the first view', async () => {
  await openAt('/owner/nothing-here');
  expect(heading()?.textContent).toBe(words.notFound.heading);
  expect(current()).toEqual([]);
  expect(document.title).toBe(`${words.notFound.heading} · ${words.title}`);
  const back = [...container.querySelectorAll('main a')].find(
    (link) => link.textContent === words.notFound.back,
  );
  await click(back);
  expect(window.location.pathname).toBe('/owner');
  expect(heading()?.textContent).toBe(words.views['needs-you']);
});

it('opens and closes the phone’s menu with its button, and Escape closes it back to the button', async () => {
  await openAt('/owner');
  const button = [...container.querySelectorAll('button')].find(
    (each) => each.textContent === words.nav.menu,
  );
  const menu = () => document.getElementById(button?.getAttribute('aria-controls') ?? '');
  expect(button?.getAttribute('aria-expanded')).toBe('false');
  expect(menu()?.className).toMatch(/(^| )hidden( |$)/);
  await click(button);
  expect(button?.getAttribute('aria-expanded')).toBe('true');
  expect(menu()?.className).not.toMatch(/(^| )hidden( |$)/);
  expect(menu()?.querySelector('nav')).not.toBeNull();

  await act(async () => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  expect(button?.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(button);

  // A choice closes it too: the view is what the owner asked to see.
  await click(button);
  await click(navLink(words.views.passkeys));
  expect(button?.getAttribute('aria-expanded')).toBe('false');
  expect(heading()?.textContent).toBe(words.room.passkeys);
});
