import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../contracts/content/load';
import { firstPaintCharacters, fontsCss, fontsDir, inLatin, subsetFonts } from './subset-fonts';

const withoutSpace = (text: string) => text.replace(/\s+/g, '');

describe('the first-paint fonts', () => {
  it('are what npm run fonts makes (run it after changing scripts/subset-fonts.ts)', async () => {
    const { css, files } = await subsetFonts();
    expect(withoutSpace(await readFile(fontsCss, 'utf8'))).toBe(withoutSpace(css));
    for (const [name, bytes] of files) {
      expect((await readFile(join(fontsDir, name))).equals(bytes), name).toBe(true);
    }
    // The small files are the point: together about half of the original Latin files.
    const total = [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0);
    expect(total).toBeLessThan(40_000);
  });

  it('cover every character the content uses, so a page paints with them alone', async () => {
    const content = await loadContent(join(import.meta.dirname, '../content'));
    const covered = new Set(firstPaintCharacters);
    const words: string[] = [];
    JSON.stringify(content, (_key, value: unknown) => {
      if (typeof value === 'string') words.push(value);
      return value;
    });
    // Characters outside Latin were never in the web fonts: they show in the fallback face.
    const uncovered = [...new Set(words.join(''))].filter((char) => {
      const code = char.codePointAt(0) as number;
      return code >= 0x20 && inLatin(code) && !covered.has(code);
    });
    expect(uncovered).toEqual([]);
  });
});
