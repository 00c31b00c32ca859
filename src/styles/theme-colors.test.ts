import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themePaper } from './theme-colors';

const css = readFileSync(new URL('./global.css', import.meta.url), 'utf8');

/** The `--color-paper` declared inside the first block that follows `selector`. */
function paperIn(selector: string): string | undefined {
  const block = css.slice(css.indexOf(selector));
  return /--color-paper:\s*(#[0-9a-f]{6})/i.exec(block.slice(0, block.indexOf('}')))?.[1];
}

describe('theme colours of the document head', () => {
  it('match the page background tokens of each theme', () => {
    expect(paperIn('@theme')).toBe(themePaper.main);
    expect(paperIn('[data-theme="premium"]')).toBe(themePaper.premium);
  });

  it('no component writes a colour as a hex value in its classes', () => {
    const src = new URL('..', import.meta.url);
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .filter((file) => /\[#[0-9a-f]{3,8}\]/i.test(readFileSync(new URL(file, src), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
