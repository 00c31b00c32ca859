import type { Plugin } from 'vite';
import { ownerPaths } from '../../contracts/owner';

/**
 * Keystatic's app (0.6.9) has its addresses written into its files: its router's base
 * `/keystatic` (index-*.js: `basePath: '/keystatic'`, `startsWith("/keystatic")`,
 * `replace(/^\/keystatic\/?/, "")`, links `/keystatic/branch/…`) and its API `/api/keystatic/…`
 * (fetches of tree, blob, update). It offers no setting for either, and in the room the editor
 * lives at /owner/editor with its API at /owner/api/editor, behind the session. This rewrites
 * those literals in @keystatic/core's browser files as the editor is built; the build fails if
 * the router's base was not found, or if any literal is left in the built files, so a Keystatic
 * that changes shape is noticed rather than shipped half-moved.
 */

const keystaticFile = /[\\/]node_modules[\\/]@keystatic[\\/]core[\\/]dist[\\/][^\\/]+\.js$/;

/** A quote, backtick or the end of `${…}` before the path; a quote, backtick, / or ? after it. */
const api = /(?<=["'`}])\/api\/keystatic(?=["'`/?])/g;
const page = /(?<=["'`}])\/keystatic(?=["'`/?])/g;
/** The router's own regular expression, `/^\/keystatic\/?/`. */
const pageRegExp = /\^\\\/keystatic\\\/\?/g;

const escapedPage = ownerPaths.editor.replaceAll('/', '\\/');

/** Every place a built file still names Keystatic's own paths. */
export function leftoverPaths(code: string): string[] {
  return [...code.matchAll(/["'`}]\/(?:api\/)?keystatic(?=["'`/?])|\^\\\/keystatic\\\//g)].map(
    ([match]) => match,
  );
}

/** Keystatic's paths in one file's code, rewritten to the room's. */
export function rewriteKeystaticPaths(code: string): string {
  return code
    .replace(api, ownerPaths.editorApi)
    .replace(page, ownerPaths.editor)
    .replace(pageRegExp, `^${escapedPage}\\/?`);
}

export function keystaticPaths(): Plugin {
  let routerBaseSeen = false;
  return {
    name: 'keystatic-paths',
    enforce: 'pre',
    transform(code, id) {
      if (!keystaticFile.test(id)) return null;
      const rewritten = rewriteKeystaticPaths(code);
      if (rewritten === code) return null;
      if (code.includes("basePath: '/keystatic'")) routerBaseSeen = true;
      return { code: rewritten, map: null };
    },
    generateBundle(_options, bundle) {
      if (!routerBaseSeen) {
        this.error(
          "Keystatic's router base (basePath: '/keystatic') was not found: see scripts/content-editor/paths.ts",
        );
      }
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const left = leftoverPaths(chunk.code);
        if (left.length > 0) {
          this.error(
            `${chunk.fileName} still names Keystatic's own paths (${left.join(', ')}): see scripts/content-editor/paths.ts`,
          );
        }
      }
    },
  };
}
