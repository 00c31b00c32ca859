import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPaths } from '../server/build-paths';

/**
 * `cn` (src/lib/cn.ts) only joins: components offer choices as props instead of letting a
 * caller's class override theirs. What keeps that honest is this check over the real build
 * (`npm run build` runs before the tests): no element of any prerendered page carries two classes
 * for the same property, where the order of the stylesheet, not the markup, would pick the winner.
 */
const groups: Array<[string, RegExp]> = [
  ['max-width', /^max-w-/],
  ['min-height', /^min-h-/],
  ['flex-basis', /^basis-/],
  ['padding-x', /^px-/],
  ['padding-y', /^py-/],
  ['font-size', /^text-step-/],
  [
    'text-colour',
    /^text-(ink|paper|muted|danger|accent|kicker|cream|on-accent|white|night)(\/\d+)?$/,
  ],
  ['border-colour', /^border-(accent|danger|ink|line|current)$/],
  ['text-case', /^(uppercase|lowercase|capitalize|normal-case)$/],
  ['letter-spacing', /^tracking-/],
  ['display', /^(block|inline-block|inline|flex|inline-flex|grid|contents|hidden|table)$/],
];

/** The property groups set twice in one class list (variants such as `md:` count apart). */
function conflicts(classList: string): string[] {
  const seen = new Map<string, string>();
  const found: string[] = [];
  for (const name of classList.split(/\s+/).filter(Boolean)) {
    const colon = name.lastIndexOf(':');
    const [variant, utility] = [name.slice(0, colon + 1), name.slice(colon + 1)];
    const group = groups.find(([, pattern]) => pattern.test(utility))?.[0];
    if (!group) continue;
    const key = `${variant}${group}`;
    const earlier = seen.get(key);
    if (earlier && earlier !== name) found.push(`${earlier} / ${name}`);
    seen.set(key, name);
  }
  return found;
}

describe('class conflicts in the built pages', () => {
  it('the check finds a real conflict', () => {
    expect(conflicts('max-w-6xl px-5 max-w-3xl md:max-w-sm')).toEqual(['max-w-6xl / max-w-3xl']);
    expect(conflicts('hidden md:block target:block')).toEqual([]);
  });

  const pages = readdirSync(buildPaths.pages).filter((file) => file.endsWith('.html'));
  it.each(pages)('%s: no element has two classes for one property', (file) => {
    const html = readFileSync(join(buildPaths.pages, file), 'utf8');
    const found = [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap(([, classes]) =>
      conflicts(classes ?? ''),
    );
    expect([...new Set(found)]).toEqual([]);
  });
});
