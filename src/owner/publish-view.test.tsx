// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import type { Versions } from '../../contracts/owner-publish';
import { PublishView } from './publish-view';
import { words } from './words';

// act() settles the renders and effects; React asks to be told it runs under it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const text = words.publish;
let container: HTMLDivElement;
let root: Root;
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function roomWith(versions: Versions) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(versions)),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<PublishView version={0} onChange={() => {}} />));
}

const usage = { files: 212, bytes: 18 * 1024 * 1024, maxFiles: 500, maxBytes: 64 * 1024 * 1024 };

it('tells the owner a version this server gave up on, what the site still shows, and what to do', async () => {
  await roomWith({
    served: 3,
    failed: { number: 4, attempts: 5, reason: 'timeout', retrying: false },
    usage,
    versions: [],
  });
  const alert = container.querySelector('[role=alert]')?.textContent ?? '';
  expect(alert).toBe(text.renderGaveUp(4, text.renderFailure.timeout, 5, 'version 3'));
  expect(alert).toContain('Version 4 could not be put live');
  expect(alert).toContain('still shows version 3');
  expect(alert).toContain('Publish again');
});

it('shows how much of the caps the content takes', async () => {
  await roomWith({ served: 0, failed: null, usage, versions: [] });
  expect(container.textContent).toContain('212 of 500 files and 18 MB of 64 MB');
  expect(container.querySelector('[role=alert]')?.textContent).toBe('');
});
