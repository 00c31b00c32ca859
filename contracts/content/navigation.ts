import { normalizePath, systemPageAt } from '../route-table';
import { type OwnerRoute, ownerRoutes } from '../routes';
import type { WritingContent } from '../writing';
import type { OwnerPage } from './pages';
import type { Redirect } from './redirects';
import type { Navigation } from './site';

/**
 * What only the content as a whole shows about the main site's menus (content/site.yaml
 * `navigation`): an item's path that no page of the main site answers. A seed page, an owner's
 * page, the writing's index and its pages, a tag's page and a post answer, dated ahead or not (the
 * check does not follow the calendar, so a build passes or fails the same on every day); so does
 * an owner's redirect from the path, which keeps a menu item working when its page moves
 * (docs/decisions/024-redirects.md). Deleting or moving a page the menu names is therefore refused
 * unless such a redirect covers its old path. The build and the editor's Save both check it
 * (contracts/content/load.ts navigationProblems).
 */
export function navigationClashes(
  navigation: Navigation,
  content: {
    pages: Readonly<Record<string, Pick<OwnerPage, 'site' | 'path' | 'noindex'>>>;
    redirects: readonly Pick<Redirect, 'site' | 'from'>[];
  } & WritingContent,
): Array<{ path: Array<string | number>; message: string }> {
  const routes: readonly OwnerRoute[] = ownerRoutes(content);
  const answers = (path: string) =>
    systemPageAt('main', path) !== undefined ||
    routes.some((route) => route.site === 'main' && route.path === path) ||
    content.redirects.some((redirect) => redirect.site === 'main' && redirect.from === path);
  return (['primary', 'footer'] as const).flatMap((list) =>
    navigation[list].flatMap(({ label, href, external }, index) =>
      external || answers(normalizePath(href))
        ? []
        : [
            {
              path: ['navigation', list, index, 'href'],
              message: `the menu item "${label}" links ${JSON.stringify(href)}, which no page of the main site answers: expected the path of a page, one of your pages, the writing, a tag or a post (or a redirect from it)`,
            },
          ],
    ),
  );
}
