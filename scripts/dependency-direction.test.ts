import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dependencies point one way (docs/architecture.md, "Where things live"): `contracts/` is
 * shared by the browser and the server and needs neither; `src/` never reaches into the server
 * or the build scripts; `server/` never into the scripts (what both need lives in server/ or
 * contracts/).
 */
const root = resolve(import.meta.dirname, '..');
const forbidden: Record<string, readonly string[]> = {
  contracts: ['src', 'server', 'scripts'],
  src: ['server', 'scripts'],
  server: ['src', 'scripts'],
};

/**
 * Inside src/ the layers of a page point one way too (decision 009): pages compose sections,
 * sections place islands, islands wrap components, and nothing imports back up, so no loop.
 * Components include the islands' interactive views; lib/ and content/ sit beside them all.
 */
const srcForbidden: Record<string, readonly string[]> = {
  'src/islands': ['src/sections', 'src/pages', 'src/owner'],
  'src/components': ['src/islands', 'src/sections', 'src/pages', 'src/owner'],
  'src/sections': ['src/pages', 'src/owner'],
  'src/pages': ['src/owner'],
  // The content as pages receive it, and the helpers, serve every layer and need none of them.
  'src/content': [
    'src/lib',
    'src/islands',
    'src/components',
    'src/sections',
    'src/pages',
    'src/owner',
  ],
  'src/lib': ['src/islands', 'src/components', 'src/sections', 'src/pages', 'src/owner'],
  // The owner's room stands apart from the site's pages: it shares only helpers and contracts.
  'src/owner': ['src/islands', 'src/components', 'src/sections', 'src/pages', 'src/content'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/** Every relative import of a file, as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specifiers.map(([, specifier]) =>
    relative(root, resolve(root, file, '..', specifier ?? '')),
  );
}

describe('dependency direction', () => {
  for (const [layer, notInto] of [...Object.entries(forbidden), ...Object.entries(srcForbidden)]) {
    it(`${layer}/ imports nothing from ${notInto.join(', ')}`, () => {
      const offenders = sourceFiles(layer).flatMap((file) =>
        importsOf(file)
          .filter((target) => notInto.some((other) => target.startsWith(`${other}/`)))
          .map((target) => `${file} -> ${target}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('sees the imports it checks (a guard against a pattern that matches nothing)', () => {
    expect(importsOf('contracts/routes.ts')).toContain('contracts/sites');
    // Dynamic imports count too: the islands' loaders.
    expect(importsOf('src/islands/loaders.ts')).toContain('src/components/site-header');
  });
});
