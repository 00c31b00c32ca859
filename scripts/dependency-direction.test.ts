import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dependencies point one way (docs/architecture.md, "Where things live"): `contracts/` is
 * shared by the browser and the server and needs neither; `src/` never reaches into the server
 * or the build scripts; `server/` never into the scripts (what both need lives in server/ or
 * contracts/). Inside `server/` and `contracts/` no files import one another in a circle, and
 * one server feature reaches another only through its index.
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

/** The file an import names: `x` is `x.ts`, `x.tsx` or `x/index.ts`. */
function fileOf(target: string): string {
  return (
    [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(join(root, candidate)),
    ) ?? target
  );
}

/** Which files each file imports, among the files of `dirs` (type-only imports count too). */
function importGraph(dirs: readonly string[]): Map<string, string[]> {
  const files = new Set(dirs.flatMap(sourceFiles));
  return new Map(
    [...files].map((file) => [
      file,
      importsOf(file)
        .map(fileOf)
        .filter((to) => files.has(to)),
    ]),
  );
}

/**
 * The import circles of a graph: each group of files that reach one another (Tarjan's strongly
 * connected components), as sorted lists. A circle means no file of it can be understood, tested
 * or moved without the others.
 */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, order.get(next) ?? 0));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const circle: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      circle.push(member);
    } while (member !== file);
    if (circle.length > 1 || graph.get(file)?.includes(file)) circles.push(circle.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}

/**
 * Imports into a server feature's insides from outside it (../shared/style.md principle 18): a
 * feature (server/features/<name>/) is reached by other features, and by the app that loops over
 * them, through its index.ts only.
 */
function featureTrespasses(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const featureOf = (file: string) => /^server\/features\/([^/]+)\//.exec(file)?.[1];
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => {
        const [from, to] = [featureOf(file), featureOf(target)];
        return to !== undefined && from !== to && target !== `server/features/${to}/index.ts`;
      })
      .map((target) => `${file} -> ${target}`),
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

  it('finds no import circle in server/ or contracts/', () => {
    expect(importCircles(importGraph(['server', 'contracts']))).toEqual([]);
  });

  it('finds no server feature reaching into another feature but through its index', () => {
    expect(featureTrespasses(importGraph(['server']))).toEqual([]);
  });

  it('would see a circle and a trespass added back', () => {
    const withCircle = new Map([
      ['contracts/routes.ts', ['contracts/writing.ts']],
      ['contracts/writing.ts', ['contracts/content/posts.ts']],
      ['contracts/content/posts.ts', ['contracts/routes.ts']],
      ['contracts/sites.ts', []],
    ]);
    expect(importCircles(withCircle)).toEqual([
      ['contracts/content/posts.ts', 'contracts/routes.ts', 'contracts/writing.ts'],
    ]);
    const features = new Map([
      ['server/features/sales/index.ts', ['server/features/sales/checkout.ts']],
      ['server/features/sales/checkout.ts', ['server/features/experiments/index.ts']],
      ['server/features/leads/router.ts', ['server/features/experiments/exposures.ts']],
      ['server/app.ts', ['server/features/leads/index.ts', 'server/features/pages/render.ts']],
    ]);
    expect(featureTrespasses(features)).toEqual([
      'server/features/leads/router.ts -> server/features/experiments/exposures.ts',
      'server/app.ts -> server/features/pages/render.ts',
    ]);
  });

  it('sees the imports it checks (a guard against a pattern that matches nothing)', () => {
    expect(importsOf('contracts/routes.ts')).toContain('contracts/sites');
    // Dynamic imports count too: the islands' loaders.
    expect(importsOf('src/islands/loaders.ts')).toContain('src/components/site-header');
    // The graph follows imports to their files, and sees type-only imports.
    expect(importGraph(['contracts']).get('contracts/routes.ts')).toContain(
      'contracts/content/redirects.ts',
    );
  });
});
