import type { OwnerRoute, PageId } from './routes';

/**
 * Where each page's share image is served (the build draws them: scripts/content-step.ts).
 * Content-hashed like every asset: a changed card gets a new address, so link previews that keep
 * images by address show the new one.
 */
const folder = '/assets/social/';
/** How much of the image's hash its name carries. */
const hashLength = 8;

/** An owner's page, "pages/press", draws pages-press-<hash>.png; "writing/tags/hiring", writing-tags-hiring-<hash>.png. */
const nameOf = (page: PageId) => page.replaceAll('/', '-');

/** A page's share image's address, from its page and its bytes' hash (base64url). */
export function shareImagePath(page: PageId, hash: string): string {
  return `${folder}${nameOf(page)}-${hash.slice(0, hashLength)}.png`;
}

/**
 * Whether a path is the share image of a page that has not opened at `now` (a post dated ahead,
 * or a list only it opens: docs/decisions/028-writing.md). The card is drawn ahead, with the
 * post's title and date in it, and is not served before its page.
 */
export function isShareImageOfUnopened(
  path: string,
  routes: readonly OwnerRoute[],
  now: number,
): boolean {
  const suffix = hashLength + '-.png'.length;
  if (!path.startsWith(folder) || !path.endsWith('.png') || path.length <= folder.length + suffix) {
    return false;
  }
  const name = path.slice(folder.length, -suffix);
  return routes.some(
    ({ page, from }) => from !== undefined && Date.parse(from) > now && nameOf(page) === name,
  );
}
