/**
 * The site's faces, cut for the first paint (decision 022): every page paints with Anton and Inter,
 * and the whole Latin files (67 KB) were most of the bytes before the largest paint. Each face
 * becomes two: a small file with the characters the pages use (printable ASCII and the few
 * typographic marks the content has), preloaded, and the original file for every other Latin
 * character, which a browser fetches only for a page that has one (CSS unicode-range). The
 * glyphs are the originals, so nothing looks different. Inter keeps its weight axis from 400
 * (the lightest weight the pages use) to 900.
 *
 * `npm run fonts` writes src/styles/fonts/*.woff2 and src/styles/fonts.css; a test checks that
 * both are what this script makes, and that the small files cover every character of content/.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { startedAsScript } from './started-as-script';

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, '..');
export const fontsDir = join(root, 'src/styles/fonts');
export const fontsCss = join(root, 'src/styles/fonts.css');

type Range = readonly [number, number];

/** Fontsource's "latin" subset, which the original files cover. */
const latin: readonly Range[] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** What the pages paint with: printable ASCII, a no-break space and the content's marks. */
export const firstPaintCharacters: readonly number[] = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index),
  ...[...'\u00a0£©·×–—‘’“”•…€™'].map((char) => char.codePointAt(0) as number),
].sort((a, b) => a - b);

const faces = [
  {
    name: 'anton',
    family: 'Anton',
    weight: '400',
    format: 'woff2',
    source: '@fontsource/anton/files/anton-latin-400-normal.woff2',
  },
  {
    name: 'inter',
    family: 'Inter Variable',
    weight: '400 900',
    format: 'woff2-variations',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    axes: { wght: { min: 400, max: 900 } },
  },
] as const;

export const inLatin = (code: number) => latin.some(([from, to]) => code >= from && code <= to);

/** Code points as CSS unicode-range, consecutive ones joined. */
function unicodeRange(codes: readonly number[]): string {
  const ranges: [number, number][] = [];
  for (const code of codes) {
    const last = ranges.at(-1);
    if (last && last[1] === code - 1) last[1] = code;
    else ranges.push([code, code]);
  }
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
  return ranges
    .map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
    .join(', ');
}

/** The latin characters that the first-paint files leave to the original ones. */
function restOfLatin(): number[] {
  const first = new Set(firstPaintCharacters);
  return latin
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, index) => from + index))
    .filter((code) => !first.has(code));
}

const fontFace = (face: (typeof faces)[number], src: string, range: string) =>
  `@font-face {
  font-family: "${face.family}";
  font-style: normal;
  font-weight: ${face.weight};
  font-display: swap;
  src: url("${src}") format("${face.format}");
  unicode-range: ${range};
}`;

/** The files `npm run fonts` writes: the small faces and the stylesheet that declares them. */
export async function subsetFonts(): Promise<{ css: string; files: Map<string, Buffer> }> {
  const text = String.fromCodePoint(...firstPaintCharacters.filter(inLatin));
  const files = new Map<string, Buffer>();
  const declarations: string[] = [];
  for (const face of faces) {
    const original = await readFile(require.resolve(face.source));
    const file = `${face.name}-first-paint.woff2`;
    files.set(
      file,
      await subsetFont(original, text, {
        targetFormat: 'woff2',
        ...('axes' in face ? { variationAxes: face.axes } : {}),
      }),
    );
    declarations.push(
      fontFace(face, `./fonts/${file}`, unicodeRange(firstPaintCharacters.filter(inLatin))),
      fontFace(face, face.source, unicodeRange(restOfLatin())),
    );
  }
  return { css: [header, fallbacksImport, ...declarations].join('\n\n'), files };
}

// The metric-matched fallbacks are written by hand, beside the faces they stand in for.
const fallbacksImport = '@import "./font-fallbacks.css";';

const header = `/*
 * The site's faces, shared by the pages (global.css) and the owner's room (src/owner/room.css).
 * Written by \`npm run fonts\` (scripts/subset-fonts.ts): edit there. Each face is a small file
 * with the characters the pages use, preloaded by the build, and the original Latin file for any
 * other character, fetched only by a page that has one.
 */`;

if (startedAsScript(import.meta)) {
  const { css, files } = await subsetFonts();
  for (const [name, bytes] of files) {
    await writeFile(join(fontsDir, name), bytes);
    console.log(`src/styles/fonts/${name}: ${bytes.length} bytes`);
  }
  await writeFile(fontsCss, css);
  // In the repository's format, so that lint passes (the test compares without whitespace).
  execFileSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', fontsCss]);
  console.log('src/styles/fonts.css written');
}
