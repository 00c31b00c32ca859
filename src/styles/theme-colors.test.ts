import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ThemeColors, themeColors } from './theme-colors';

// The tokens (theme.css) and the premium theme's overrides (global.css), as the site reads them.
const css = ['./theme.css', './global.css']
  .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
  .join('\n');

/** The token's value declared inside the first block that follows `selector`. */
function tokenIn(selector: string, token: string): string | undefined {
  const block = css.slice(css.indexOf(selector));
  const kebab = token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return new RegExp(`--color-${kebab}:\\s*(#[0-9a-f]{6})`, 'i').exec(
    block.slice(0, block.indexOf('}')),
  )?.[1];
}

const tokens = Object.keys(themeColors.main) as Array<keyof ThemeColors>;

describe('theme colours outside the stylesheet', () => {
  it.each(tokens)('%s matches the main theme token', (token) => {
    expect(tokenIn('@theme', token)).toBe(themeColors.main[token]);
  });

  // The premium theme overrides some tokens and inherits the rest from @theme.
  it.each(tokens)('%s matches the premium theme token', (token) => {
    expect(tokenIn('[data-theme="premium"]', token) ?? tokenIn('@theme', token)).toBe(
      themeColors.premium[token],
    );
  });

  it('no component writes a colour as a hex value in its classes', () => {
    const src = new URL('..', import.meta.url);
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .filter((file) => /\[#[0-9a-f]{3,8}\]/i.test(readFileSync(new URL(file, src), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
