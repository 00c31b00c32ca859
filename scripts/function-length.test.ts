import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFunction, functionLengths, longFunctions, sourceFiles } from './function-length';

/**
 * No function past a hundred lines in server/, contracts/, scripts/ or src/: one that long has
 * parts, and they read better as named functions beside it (a router's handlers, a build's
 * steps, a page's sections) than as one scroll.
 */
const limit = 100;

describe('function length', () => {
  it('measures every kind of function, named as a reader would name it', () => {
    const body = (lines: number) => Array.from({ length: lines - 2 }, () => '  work();').join('\n');
    const text = [
      `export function declared() {\n${body(101)}\n}`,
      `const bound = (value: number) => {\n${body(101)}\n};`,
      `app.post('/api/leads', async (c) => {\n${body(101)}\n});`,
      `class Store {\n  method() {\n${body(101)}\n  }\n}`,
      `const object = { expression: function () {\n${body(101)}\n} };`,
      // Exactly at the limit: not over it.
      `function atTheLimit() {\n${body(100)}\n}`,
    ].join('\n');
    const long = functionLengths('x.ts', text).filter(({ lines }) => lines > limit);
    expect(long.map(describeFunction)).toEqual([
      'x.ts:1 declared (101 lines)',
      'x.ts:102 bound (101 lines)',
      "x.ts:203 app.post('/api/leads') callback (101 lines)",
      'x.ts:305 method (101 lines)',
      'x.ts:407 expression (101 lines)',
    ]);
  });

  it('reads components in .tsx too', () => {
    const text = `export function Page() {\n  return (\n    <main>\n${'      <p />\n'.repeat(97)}    </main>\n  );\n}`;
    expect(functionLengths('page.tsx', text).map(describeFunction)).toEqual([
      'page.tsx:1 Page (103 lines)',
    ]);
  });

  it('finds a long function anywhere under a folder, .ts or .tsx, and no test', () => {
    const from = mkdtempSync(join(tmpdir(), 'function-length-'));
    try {
      const long = `{\n${'  work();\n'.repeat(limit - 1)}}`;
      const write = (file: string, text: string) => {
        mkdirSync(dirname(join(from, file)), { recursive: true });
        writeFileSync(join(from, file), text);
      };
      write('server/features/room/router.ts', `export function ownerRouter() ${long}\n`);
      write('src/owner/room.tsx', `export const Room = () => ${long};\n`);
      write('src/owner/room.test.tsx', `describe('the room', () => ${long});\n`);
      write('src/lib/short.ts', 'export const short = () => 1;\n');
      expect(longFunctions(['server', 'src'], limit, from).map(describeFunction)).toEqual([
        'server/features/room/router.ts:1 ownerRouter (101 lines)',
        'src/owner/room.tsx:1 Room (101 lines)',
      ]);
    } finally {
      rmSync(from, { recursive: true, force: true });
    }
  });

  it('reads the folders it holds to the limit, their tests left out', () => {
    const files = (dir: string) => new Set(sourceFiles(dir));
    expect(files('server')).toContain('server/outbox/worker.ts');
    expect(files('contracts')).toContain('contracts/content/pages.ts');
    expect(files('scripts')).toContain('scripts/function-length.ts');
    expect(files('src')).toContain('src/pages/composed/block-sections.tsx');
    expect(files('src')).toContain('src/owner/room.tsx');
    expect(files('src')).not.toContain('src/owner/room.test.tsx');
  });

  it(`server/, contracts/ and scripts/ have no function over ${limit} lines`, () => {
    const offenders = longFunctions(['server', 'contracts', 'scripts'], limit);
    expect(offenders.map(describeFunction), 'split these into named functions').toEqual([]);
  });

  it(`the site (its pages, sections, components and the owner's room) has none over ${limit} lines`, () => {
    const offenders = longFunctions(['src'], limit);
    expect(offenders.map(describeFunction), 'split these where they have parts').toEqual([]);
  });
});
