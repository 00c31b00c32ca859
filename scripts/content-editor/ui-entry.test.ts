import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every module a file imports, following relative imports, with the bare specifiers it names. */
function importGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^import\s(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
    ([, specifier]) => specifier ?? '',
  );
  seen.set(file, specifiers);
  for (const specifier of specifiers.filter((name) => name.startsWith('.'))) {
    const target = resolve(file, '..', specifier);
    const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')];
    const found = candidates.find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (!found) throw new Error(`${file}: cannot find ${specifier}`);
    importGraph(found, seen);
  }
  return seen;
}

describe('the editor’s page script', () => {
  it('the editor’s page imports nothing that needs Node (it runs in the browser)', () => {
    const graph = importGraph(resolve(import.meta.dirname, 'ui-entry.ts'));
    const nodeOnly = [...graph].flatMap(([file, specifiers]) =>
      specifiers
        .filter((name) => name.startsWith('node:') || ['fs', 'path', 'yaml'].includes(name))
        .map((name) => `${file} -> ${name}`),
    );
    expect(nodeOnly).toEqual([]);
    expect([...graph.keys()].some((file) => file.endsWith('contracts/content/index.ts'))).toBe(
      true,
    );
  });

  it('the editor is no page of the production build', () => {
    const viteConfig = readFileSync(resolve(import.meta.dirname, '../../vite.config.ts'), 'utf8');
    expect(viteConfig).not.toMatch(/keystatic/i);
    // Page entries are src/pages/<page>/entry.ts; the editor's entry is not under src/.
    expect(resolve(import.meta.dirname, 'ui-entry.ts')).not.toContain('/src/');
  });
});
