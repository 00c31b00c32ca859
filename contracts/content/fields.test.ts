import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { image, line, paragraph, withoutControlCharacters } from './fields';

/**
 * A picture's `src` names a file inside content/images/ and nothing else: the build joins it to
 * that directory and reads what it names, so a path that climbs out (`a/../../x.png`) would read
 * a file outside the content.
 */
describe('a picture’s src', () => {
  const messages = (src: string) => {
    const result = image.safeParse({ src, alt: 'A drawing' });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('names a file inside content/images/, in a folder or not', () => {
    for (const src of [
      'portrait.svg',
      'people/amara.jpg',
      'press/2026/the-ledger.PNG',
      'a.b.jpeg',
    ]) {
      expect(messages(src), src).toEqual([]);
    }
  });

  it('is refused when it climbs out, starts at the root, or hides what it names', () => {
    for (const src of [
      'a/../../x.png',
      'people/../../../etc/x.png',
      '../x.png',
      './x.png',
      'a/./x.png',
      '/etc/passwd',
      '/etc/x.png',
      'a\\..\\..\\x.png',
      '%2e%2e/x.png',
      'a/%2e%2e/%2e%2e/x.png',
      'a//x.png',
      'people/.hidden.png',
    ]) {
      expect(messages(src), src).toEqual([
        'expected the name of a file inside content/images/ (folders separated by "/"; no "..", no leading "/", no "\\")',
      ]);
    }
  });
});

/**
 * Words refuse control characters (U+0000–U+001F but the tab, and U+007F): no page shows them,
 * and XML 1.0 cannot hold most of them, so one pasted into a title would break the feeds. Line
 * breaks stay where a field may hold several lines (docs/decisions/028-writing.md).
 */
describe('control characters in words', () => {
  const refused = Array.from({ length: 0x20 }, (_, code) => code)
    .filter((code) => ![0x09, 0x0a, 0x0d].includes(code))
    .concat(0x7f)
    .map((code) => String.fromCharCode(code));
  const messages = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };
  const altOf = (alt: string) => ({ src: 'portrait.svg', alt });

  it('are refused in a line, a paragraph and alt text, each named with where it is', () => {
    for (const character of refused) {
      const code = `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      expect(messages(line, `Profit${character} & loss`), code).toEqual([
        `expected text without control characters (a tab is fine), found ${code} at character 7`,
      ]);
      expect(messages(paragraph, `One line.\nAnd${character} another.`), code).toEqual([
        `expected text without control characters (a tab and line breaks are fine), found ${code} on line 2 of the text, at character 4`,
      ]);
      expect(messages(image, altOf(`A${character}drawing`)), code).toEqual([
        `expected text without control characters (a tab and line breaks are fine), found ${code} at character 2`,
      ]);
    }
  });

  it('leave a tab anywhere, and line breaks where a field may hold several lines', () => {
    expect(messages(line, 'Profit\t& loss — 🚀 "quoted" <b> ]]>')).toEqual([]);
    expect(messages(paragraph, 'One line,\r\nand\tanother.\n')).toEqual([]);
    expect(messages(image, altOf('A drawing,\nof a desk'))).toEqual([]);
    // A line break in a line is refused for what it is.
    expect(messages(line, 'Two\nlines')).toEqual(['expected one line of text, got line breaks']);
  });

  it('come out of imported words, tabs and line breaks staying', () => {
    expect(withoutControlCharacters('Pro\u0000fit\u0007\t& loss\r\n\u007f\u001b[31m')).toBe(
      'Profit\t& loss\r\n[31m',
    );
  });
});
