import { describe, expect, it } from 'vitest';
import type { OwnerRoute } from './routes';
import { isShareImageOfUnopened, shareImagePath } from './share-images';

/**
 * A share card is held back with its page, and only its own (docs/decisions/028-writing.md): a
 * post out whose name begins as a post ahead does, or the other way round, keeps its card.
 */
const now = Date.parse('2026-11-27T12:00:00Z');
const route = (page: OwnerRoute['page'], from?: string): OwnerRoute => ({
  page,
  site: 'main',
  path: `/${page}`,
  noindex: false,
  ...(from ? { from } : {}),
});
const routes = [
  route('writing'),
  route('posts/launch', '2027-03-01T07:00:00.000Z'),
  route('posts/launch-day', '2026-11-01T07:00:00.000Z'),
  route('posts/the-plan-b', '2027-03-01T07:00:00.000Z'),
  route('posts/the-plan', '2026-11-01T07:00:00.000Z'),
];
// A hash with the characters base64url adds, "-" among them.
const card = (page: OwnerRoute['page']) => shareImagePath(page, 'a-b_c-d-e-f-g');

describe('the share card of a page not yet open', () => {
  it('is held back, and no other card with it', () => {
    expect(card('posts/launch')).toBe('/assets/social/posts-launch-a-b_c-d-.png');
    expect(isShareImageOfUnopened(card('posts/launch'), routes, now)).toBe(true);
    expect(isShareImageOfUnopened(card('posts/the-plan-b'), routes, now)).toBe(true);
    expect(isShareImageOfUnopened(card('posts/launch-day'), routes, now)).toBe(false);
    expect(isShareImageOfUnopened(card('posts/the-plan'), routes, now)).toBe(false);
    expect(isShareImageOfUnopened(card('writing'), routes, now)).toBe(false);
    expect(isShareImageOfUnopened('/assets/social/posts-launch.png', routes, now)).toBe(false);
  });

  it('is served from the moment its page opens', () => {
    const opening = Date.parse('2027-03-01T07:00:00.000Z');
    expect(isShareImageOfUnopened(card('posts/launch'), routes, opening - 1)).toBe(true);
    expect(isShareImageOfUnopened(card('posts/launch'), routes, opening)).toBe(false);
  });
});
