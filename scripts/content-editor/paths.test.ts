import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leftoverPaths, rewriteKeystaticPaths } from './paths';

/** Keystatic's code has template literals: `#{` here is a placeholder's `$` and `{` there. */
const code = (lines: string[]) => lines.join('\n').replaceAll('#{', `${'$'}{`);

/** Keystatic's browser files as installed (not the Node, worker or server-component builds). */
const dist = dirname(createRequire(import.meta.url).resolve('@keystatic/core/ui'));
const browserFiles = readdirSync(dist)
  .filter((file) => file.endsWith('.js') && !/\.(node|worker|react-server)\./.test(file))
  .map((file) => ({ file, code: readFileSync(join(dist, file), 'utf8') }));

describe('Keystatic’s paths, moved into the room', () => {
  it('the installed Keystatic names its own paths where the rewrite expects them', () => {
    const named = browserFiles.filter(({ code }) => leftoverPaths(code).length > 0);
    expect(named.length).toBeGreaterThan(0);
    expect(browserFiles.some(({ code }) => code.includes("basePath: '/keystatic'"))).toBe(true);
  });

  it('leaves none of them in any browser file, and touches nothing else', () => {
    for (const { file, code } of browserFiles) {
      const rewritten = rewriteKeystaticPaths(code);
      expect(leftoverPaths(rewritten), file).toEqual([]);
      // Only paths change: package names and addresses elsewhere stay.
      const others = (text: string) =>
        text.match(/@keystatic\/core|github\.com\/Thinkmill\/keystatic|keystatic\.(?:cloud|com)/g);
      expect(others(rewritten), file).toEqual(others(code));
    }
  });

  it('the router’s base, its links and the API calls', () => {
    const before = code([
      "basePath: '/keystatic'",
      'newUrl.pathname.startsWith("/keystatic")',
      'parsedUrl.pathname.replace(/^\\/keystatic\\/?/, "")',
      'router.push(`/keystatic/branch/#{branch}/singleton/#{name}`)',
      'url.searchParams.set("redirect_uri", `#{window.location.origin}/keystatic/cloud/oauth/callback`)',
      "fetch('/api/keystatic/tree', {})",
      'fetch(`/api/keystatic/blob/#{oid}/#{filepath}`)',
      "fetch('/api/keystatic/update', { method: 'POST' })",
      'window.location.href = `/api/keystatic/github/login?from=#{from}`',
      "import { x } from '@keystatic/core/ui'",
    ]);
    expect(rewriteKeystaticPaths(before)).toBe(
      code([
        "basePath: '/owner/editor'",
        'newUrl.pathname.startsWith("/owner/editor")',
        'parsedUrl.pathname.replace(/^\\/owner\\/editor\\/?/, "")',
        'router.push(`/owner/editor/branch/#{branch}/singleton/#{name}`)',
        'url.searchParams.set("redirect_uri", `#{window.location.origin}/owner/editor/cloud/oauth/callback`)',
        "fetch('/owner/api/editor/tree', {})",
        'fetch(`/owner/api/editor/blob/#{oid}/#{filepath}`)',
        "fetch('/owner/api/editor/update', { method: 'POST' })",
        'window.location.href = `/owner/api/editor/github/login?from=#{from}`',
        "import { x } from '@keystatic/core/ui'",
      ]),
    );
  });
});
