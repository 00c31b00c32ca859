// @vitest-environment happy-dom
import { act } from 'react';
import { expect, it, vi } from 'vitest';
import type { Versions } from '../../contracts/owner-publish';
import { PublishView } from './publish-view';
import { when } from './room-ui';
import { viewRendering } from './view-rendering';
import { words } from './words';

const text = words.publish;
const views = viewRendering();
let container: HTMLDivElement;

async function roomWith(versions: Versions) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(versions)),
  );
  container = await views.render(<PublishView version={0} onChange={() => {}} />);
}

const usage = { files: 212, bytes: 18 * 1024 * 1024, maxFiles: 500, maxBytes: 64 * 1024 * 1024 };

it('tells the owner a version this server gave up on, what the site still shows, and what to do', async () => {
  await roomWith({
    served: 3,
    failed: { number: 4, attempts: 5, reason: 'timeout', retrying: false },
    usage,
    unpublished: nothingUnpublished,
    versions: [],
    newsletters: noNewsletters,
  });
  const alert = container.querySelector('[role=alert]')?.textContent ?? '';
  expect(alert).toBe(text.renderGaveUp(4, text.renderFailure.timeout, 5, 'version 3'));
  expect(alert).toContain('Version 4 could not be put live');
  expect(alert).toContain('still shows version 3');
  expect(alert).toContain('Publish again');
});

const noNewsletters = { subscribers: 0, posts: [] };
const nothingUnpublished = { count: 0, files: [] };

it('shows how much of the caps the content takes', async () => {
  await roomWith({
    served: 0,
    failed: null,
    usage,
    unpublished: nothingUnpublished,
    versions: [],
    newsletters: noNewsletters,
  });
  expect(container.textContent).toContain('212 of 500 files and 18 MB of 64 MB');
  expect(container.querySelector('[role=alert]')?.textContent).toBe('');
});

it('says which saved changes are not yet on the site, or that nothing is, and keeps Publish usable', async () => {
  const state = (unpublished: Versions['unpublished']): Versions => ({
    served: 4,
    failed: null,
    usage,
    unpublished,
    versions: [],
    newsletters: noNewsletters,
  });
  const firstLine = () => container.querySelector('section p')?.textContent;
  const publish = () =>
    [...container.querySelectorAll('button')].find((button) => button.textContent === text.publish);

  await roomWith(
    state({ count: 3, files: ['home.yaml', 'pages/talks.md', 'posts/the-first-hire.md'] }),
  );
  expect(firstLine()).toBe(
    '3 changes not yet on the site: home.yaml, pages/talks.md, posts/the-first-hire.md.',
  );
  expect(publish()?.disabled).toBe(false);

  // The server names the first fifty; the rest are counted.
  const names = Array.from({ length: 50 }, (_, n) => `posts/post-${n}.md`);
  await roomWith(state({ count: 63, files: names }));
  expect(firstLine()).toMatch(
    /^63 changes not yet on the site: posts\/post-0\.md, .*, posts\/post-49\.md, and 13 more\.$/,
  );

  await roomWith(state({ count: 1, files: ['workshop.yaml'] }));
  expect(firstLine()).toBe('1 change not yet on the site: workshop.yaml.');

  // Nothing waiting: Publish still works, to publish again after a rollback, say.
  await roomWith(state({ count: 0, files: [] }));
  expect(firstLine()).toBe('Nothing to publish: the site shows your latest changes.');
  expect(container.textContent).not.toContain('not yet on the site');
  expect(publish()?.disabled).toBe(false);
});

it('says whom each newsletter emails and when, and sends a late one only when its box is ticked', async () => {
  const ahead = '2026-12-06T07:00:00.000Z';
  const past = '2026-11-01T07:00:00.000Z';
  const published: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.endsWith('/publish')) {
        return Response.json({
          served: 1,
          failed: null,
          usage,
          unpublished: nothingUnpublished,
          versions: [],
          newsletters: {
            subscribers: 1204,
            posts: [
              {
                id: 'id-ahead',
                title: 'Hand over the inbox',
                date: ahead,
                broadcast: 'scheduled',
                late: false,
              },
              {
                id: 'id-past',
                title: 'The first hire',
                date: past,
                broadcast: 'scheduled',
                late: true,
              },
            ],
          },
        } satisfies Versions);
      }
      const body = JSON.parse(String(init?.body)) as { sendLate: string[] };
      published.push(body);
      return Response.json({
        version: {
          id: '00000000-0000-4000-8000-000000000002',
          number: 2,
          createdAt: ahead,
          owner: 'Jamie',
          action: 'publish',
          sourceNumber: null,
          changed: [],
        },
        notSent: body.sendLate.includes('id-past')
          ? []
          : [{ id: 'id-past', title: 'The first hire' }],
      });
    }),
  );
  container = await views.render(<PublishView version={0} onChange={() => {}} />);

  const region = container.querySelector(`[aria-label="${text.newsletters}"]`);
  const items = [...(region?.querySelectorAll('li') ?? [])].map((item) => item.textContent);
  expect(items[0]).toBe(`“Hand over the inbox” ${text.willEmail(1204, when(ahead))}`);
  expect(items[0]).toContain('will email 1204 subscribers at');
  expect(items[1]).toBe(
    `“The first hire” ${text.late(when(past))}${text.sendLate('The first hire')}`,
  );
  const box = region?.querySelector<HTMLInputElement>('input[type=checkbox]');
  expect(box?.checked).toBe(false);

  const publish = () =>
    act(async () =>
      [...container.querySelectorAll('button')]
        .find((button) => button.textContent === text.publish)
        ?.click(),
    );
  await publish();
  expect(published).toEqual([{ sendLate: [] }]);
  expect(container.querySelector('[role=status]')?.textContent).toBe(
    `${text.published(2)} ${text.notSent(['The first hire'])}`,
  );

  await act(async () => box?.click());
  expect(region?.querySelectorAll('li')[1]?.textContent).toContain(text.willEmailNow(1204));
  await publish();
  expect(published).toEqual([{ sendLate: [] }, { sendLate: ['id-past'] }]);
  expect(container.querySelector('[role=status]')?.textContent).toBe(text.published(2));
});

it('shows Publish once the site’s state is in, so nothing arriving above it moves it', async () => {
  let answer: (response: Response) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  container = await views.render(<PublishView version={0} onChange={() => {}} />);
  const publish = () =>
    [...container.querySelectorAll('button')].find((button) => button.textContent === text.publish);
  expect(publish()).toBeUndefined();

  await act(async () =>
    answer(
      Response.json({
        served: 2,
        failed: null,
        usage,
        unpublished: nothingUnpublished,
        versions: [],
        newsletters: noNewsletters,
      } satisfies Versions),
    ),
  );
  expect(publish()).toBeDefined();
  expect(container.textContent).toContain(text.serving(2));
});
