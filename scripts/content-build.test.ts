import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type Document, parseDocument } from 'yaml';
import { buildPaths } from '../server/build-paths';
import { renderInChild } from '../server/features/room/publish/render-child';
import { loadRenderedContent } from '../server/site';

/**
 * The owner's side of the build: an edit to a content file (in a copy of content/) shows on the
 * built page, and bad content stops the build with the file, line and field, building nothing
 * (the build checks the content before Vite runs, so these builds stop in seconds).
 */
const root = resolve(import.meta.dirname, '..');
// Inside the repository, so that the built server bundle finds node_modules by walking up.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules/.cache/content-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A copy of content/ with changes made through the YAML documents (so the test holds whatever
 * the owner's files say), and any extra files.
 */
function contentCopy(
  name: string,
  changes: Record<string, (document: Document) => void>,
  extra: (dir: string) => Promise<void> = async () => {},
) {
  const dir = join(work, name);
  cpSync(join(root, 'content'), dir, { recursive: true });
  for (const [file, change] of Object.entries(changes)) {
    const document = parseDocument(readFileSync(join(dir, file), 'utf8'));
    change(document);
    writeFileSync(join(dir, file), String(document));
  }
  return extra(dir).then(() => dir);
}

async function build(contentDir: string, buildDir: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/build.ts'],
      { cwd: root, env: { ...process.env, CONTENT_DIR: contentDir, BUILD_DIR: buildDir } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('building from the owner’s content', () => {
  it('a new headline, date and price in content/workshop.yaml reach the built page', async () => {
    const dir = await contentCopy('edited', {
      'workshop.yaml': (document) => {
        document.setIn(['hero', 'heading'], 'Build a business worth buying');
        document.setIn(['hero', 'kicker'], 'Live Workshop: {workshopDate}');
        document.setIn(['price', 'priceLine'], 'One Time Price: {workshopPrice}');
        document.setIn(
          ['sessions'],
          document.createNode([
            {
              id: 'june-2031',
              start: '2031-06-05T18:00:00+01:00',
              price: { amount: 59, currency: 'GBP' },
              seats: 3,
              checkout: 'https://buy.stripe.com/test_june',
            },
          ]),
        );
      },
    });
    const out = join(work, 'edited-dist');
    // The build's content step against the build the suite has already made (`npm test` builds
    // once): what `npm run build` does after Vite, and what a publish does.
    await renderInChild(buildPaths, dir, out);
    const page = readFileSync(join(out, 'pages/workshop.html'), 'utf8');
    expect(page).toContain('Build a business worth buying');
    expect(page).toContain('One Time Price: £59');
    expect(page).toContain('Live Workshop: June 5th @ 18:00 UK (BST)');
    // The buttons go through our counted redirect (decision 020); the server reads the session's
    // Payment Link from the render input, where /go/workshop finds it.
    expect(page).toContain('href="/go/workshop?session=june-2031"');
    // Three seats, fewer than the count from which "N seats left" shows.
    expect(page).toContain('3 seats left');
    const rendered = await loadRenderedContent({
      client: join(out, 'client'),
      pages: join(out, 'pages'),
      private: join(out, 'private'),
      renderInput: join(out, 'render-input.json'),
    });
    expect(rendered.slices.sales.workshopSessions).toEqual([
      {
        id: 'june-2031',
        start: '2031-06-05T18:00:00+01:00',
        price: { amount: 59, currency: 'GBP' },
        seats: 3,
        checkout: 'https://buy.stripe.com/test_june',
      },
    ]);
  }, 60_000);

  it('bad content stops the build, naming file, line and field, and builds nothing', async () => {
    let privacyLines = 0;
    const dir = await contentCopy(
      'broken',
      {
        'workshop.yaml': (document) => document.setIn(['sessions', 0, 'start'], '22/09/2025'),
        'site.yaml': (document) => document.set('skipLnk', 'oops'),
      },
      async (copy) => {
        // A Markdown text: raw HTML at its end.
        const privacy = join(copy, 'legal/privacy.md');
        const text = `${readFileSync(privacy, 'utf8')}\n<script>alert(1)</script>\n`;
        writeFileSync(privacy, text);
        privacyLines = text.split('\n').length;
      },
    );
    const out = join(work, 'broken-dist');
    const result = await build(dir, out);
    expect(result.code).toBe(65);
    expect(result.stderr).toContain('The content has 3 problems:');
    expect(result.stderr).toContain(
      `content/legal/privacy.md:${privacyLines - 1} body: expected paragraphs`,
    );
    expect(result.stderr).toMatch(/content\/site\.yaml:\d+: unknown field "skipLnk"/);
    expect(result.stderr).toMatch(
      /content\/workshop\.yaml:\d+ sessions\[0\]\.start: expected a date-time with a UTC offset .*, got "22\/09\/2025"/,
    );
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('a menu item that no page of the main site answers stops the build, at its line', async () => {
    const dir = await contentCopy('menu', {
      'site.yaml': (document) => document.setIn(['navigation', 'footer', 1, 'href'], '/presss'),
    });
    const out = join(work, 'menu-dist');
    const result = await build(dir, out);
    expect(result.code).toBe(65);
    const site = readFileSync(join(dir, 'site.yaml'), 'utf8').split('\n');
    const line = site.findIndex((text) => text.endsWith('href: /presss')) + 1;
    expect(result.stderr).toContain(
      `content/site.yaml:${line} navigation.footer[1].href: the menu item "Press" links "/presss", which no page of the main site answers`,
    );
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('a missing or too small picture stops the build, naming the file that uses it', async () => {
    const dir = await contentCopy(
      'pictures',
      {
        'workshop.yaml': (document) => {
          document.setIn(['testimonials', 'items', 0, 'photo', 'src'], 'people/nobody.jpg');
          document.setIn(['faq', 'image', 'src'], 'tiny.png');
        },
      },
      // A 20×20 PNG: readable, but too small to show.
      (dir) =>
        sharp({ create: { width: 20, height: 20, channels: 3, background: '#ccc' } })
          .png()
          .toFile(join(dir, 'images/tiny.png'))
          .then(() => undefined),
    );
    const result = await build(dir, join(work, 'pictures-dist'));
    expect(result.code).toBe(65);
    expect(result.stderr).toMatch(
      /content\/workshop\.yaml:\d+ testimonials\.items\[0\]\.photo\.src: image "people\/nobody\.jpg" is not in content\/images\//,
    );
    expect(result.stderr).toMatch(
      /content\/workshop\.yaml:\d+ faq\.image\.src: image "tiny\.png" is 20×20 px/,
    );
    expect(existsSync(join(work, 'pictures-dist'))).toBe(false);
  }, 60_000);
});
