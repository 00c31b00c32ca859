// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import type { ReferralProgress } from '../../../contracts/referral-progress';
import { ShareBonus, type ShareBonusProps } from './share-bonus';

// act() settles the renders and effects; React asks to be told it runs under it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const props: ShareBonusProps = {
  id: 'share',
  ps: 'PS: share it',
  linkLabel: 'Your link',
  noCode: 'Sign up to get your own link.',
  copy: 'Copy link',
  copied: 'Copied',
  share: 'Share',
  shareTitle: 'The book',
  shareText: 'Read this & more',
  directLabel: 'Or share on',
  direct: [{ label: 'X', href: 'https://x.example/intent?text={text}&url={url}' }],
  progress: '{joined} of {goal} friends joined',
  unlocked: 'Bonus unlocked',
  secondBonusLabel: 'Download the second bonus',
  waitlistOrigin: 'https://waitlist.example',
};

let root: Root;

/** The section as hydrated on the thank-you page at `address`, the server counting `progress`. */
async function shown(address: string, progress?: ReferralProgress) {
  window.history.replaceState(null, '', address);
  const fetch = vi.fn<(path: string) => Promise<Response>>(async () =>
    Response.json(progress ?? { error: 'unknown' }),
  );
  vi.stubGlobal('fetch', fetch);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<ShareBonus {...props} />));
  return { container, fetch };
}

afterEach(() => {
  act(() => root.unmount());
  document.body.replaceChildren();
  // The code a test's address gave is kept in this browser for next time; each test starts anew.
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

it('offers the visitor’s own link, to copy or share directly, and counts the friends who joined', async () => {
  const { container, fetch } = await shown('/thank-you?code=AdaCodeAdaCo', {
    joined: 1,
    goal: 4,
    unlocked: false,
  });
  expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/referrals/AdaCodeAdaCo']);
  const link = 'https://waitlist.example/?ref=AdaCodeAdaCo';
  expect(container.querySelector('input')?.value).toBe(link);
  expect(container.querySelector('a[href^="https://x.example"]')?.getAttribute('href')).toBe(
    `https://x.example/intent?text=Read%20this%20%26%20more&url=${encodeURIComponent(link)}`,
  );
  expect(container.textContent).not.toContain(props.noCode);
  expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe(
    '1 of 4 friends joined',
  );
  const bar = container.querySelector<HTMLElement>('.h-3 > div');
  expect(bar?.style.width).toBe('25%');
  expect(container.textContent).not.toContain(props.secondBonusLabel);
});

it('at the goal, says so and downloads the second bonus by the code', async () => {
  const { container } = await shown('/thank-you?code=AdaCodeAdaCo', {
    joined: 3,
    goal: 2,
    unlocked: true,
  });
  expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe('Bonus unlocked');
  expect(container.querySelector<HTMLElement>('.h-3 > div')?.style.width).toBe('100%');
  const download = [...container.querySelectorAll('a')].find(
    (a) => a.textContent === props.secondBonusLabel,
  );
  expect(download?.getAttribute('href')).toBe('/api/referrals/AdaCodeAdaCo/bonus');
});

it('without a code, offers the plain waitlist link and counts nothing', async () => {
  const { container, fetch } = await shown('/thank-you');
  expect(fetch).not.toHaveBeenCalled();
  expect(container.querySelector('input')?.value).toBe('https://waitlist.example/');
  expect(container.textContent).toContain(props.noCode);
  expect(container.querySelector('[aria-live="polite"]')).toBeNull();
});

it('copies the link and says so', async () => {
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const { container } = await shown('/thank-you?code=AdaCodeAdaCo', {
    joined: 0,
    goal: 2,
    unlocked: false,
  });
  expect(container.querySelector('[role="status"]')?.textContent).toBe('');
  const copy = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Copy link');
  await act(async () => copy?.click());
  expect(writeText).toHaveBeenCalledWith('https://waitlist.example/?ref=AdaCodeAdaCo');
  expect(container.querySelector('[role="status"]')?.textContent).toBe('Copied');
});
