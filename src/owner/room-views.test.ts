import { expect, it } from 'vitest';
import { roomViews, titleOf, viewAt, viewPath } from './room-views';
import { words } from './words';

it('gives every view an address of its own under /owner, and no other page of the room’s', () => {
  const paths = roomViews.map((view) => view.path);
  expect(new Set(paths).size).toBe(roomViews.length);
  expect(viewPath('needs-you')).toBe('/owner');
  for (const view of roomViews) {
    expect(view.path).toMatch(/^\/owner(\/[a-z-]+)?$/);
    expect(viewAt(view.path)).toBe(view);
    expect(viewAt(`${view.path}/`)).toBe(view);
  }
  // The pages the room's document is not a view on: they keep their own paths.
  for (const path of [
    '/owner/sign-in',
    '/owner/welcome',
    '/owner/editor',
    '/owner/experiments/waitlist-headline/first-to-read',
    '/owner/anything',
  ]) {
    expect(viewAt(path)).toBeNull();
  }
  expect(titleOf(viewAt('/owner/leads'))).toBe(`${words.views.leads} · ${words.title}`);
});
