import { describe, expect, it } from 'vitest';
import { describeFunction, functionLengths, longFunctions } from './function-length';

/**
 * No function past a hundred lines: one that long has
 * parts, and they read better as named functions beside it (a router's handlers, a build's
 * steps, a page's sections) than as one scroll.
 */
const limit = 100;

/**
 * The long functions of server/ and contracts/ that are still being split as those folders are
 * arranged by feature. Each entry is a function known to be over the limit today; strike it out
 * when it is split (the last test below says so). Nothing of scripts/ may be here.
 */
const beingSplit = new Set([
  // The room's routers and the lead form's: their handlers become named functions beside them.
  'server/features/room/sign-in-router.ts signInRouter',
  'server/features/room/router.ts ownerRouter',
]);

const keyOf = ({ file, name }: { file: string; name: string }) => `${file} ${name}`;

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

  it(`server/, contracts/ and scripts/ have no function over ${limit} lines`, () => {
    const offenders = longFunctions(['server', 'contracts', 'scripts'], limit).filter(
      (each) => !beingSplit.has(keyOf(each)),
    );
    expect(offenders.map(describeFunction), 'split these into named functions').toEqual([]);
  });

  it(`the site's pages, sections and components have none over ${limit} lines`, () => {
    const offenders = longFunctions(['src/pages', 'src/sections', 'src/components'], limit);
    expect(offenders.map(describeFunction), 'split these where they have parts').toEqual([]);
  });

  it('excuses only server/ and contracts/ functions still over the limit', () => {
    const long = new Set(longFunctions(['server', 'contracts'], limit).map(keyOf));
    const stale = [...beingSplit].filter((key) => !long.has(key));
    expect(stale, 'split (or moved): strike these out of beingSplit').toEqual([]);
    expect([...beingSplit].filter((key) => !/^(server|contracts)\//.test(key))).toEqual([]);
  });
});
