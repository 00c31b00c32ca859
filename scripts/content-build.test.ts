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
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The owner's side of the build: an edit to a content file (in a copy of content/) shows on the
 * built page, and bad content stops the build with the file, line and field, building nothing.
 */
const root = resolve(import.meta.dirname, '..');
// Inside the repository, so that the built server bundle finds node_modules by walking up.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules/.cache/content-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function contentCopy(
  name: string,
  edit: (files: {
    read: (file: string) => string;
    write: (file: string, text: string) => void;
  }) => void,
) {
  const dir = join(work, name);
  cpSync(join(root, 'content'), dir, { recursive: true });
  edit({
    read: (file) => readFileSync(join(dir, file), 'utf8'),
    write: (file, text) => writeFileSync(join(dir, file), text),
  });
  return dir;
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
    const dir = contentCopy('edited', ({ read, write }) => {
      write(
        'workshop.yaml',
        read('workshop.yaml')
          .replace(
            '  heading: Make your business an asset\n  sub:',
            '  heading: Build a business worth buying\n  sub:',
          )
          .replace('start: 2026-12-10T18:00:00+00:00', 'start: 2031-06-05T18:00:00+01:00')
          .replaceAll('amount: 49', 'amount: 59'),
      );
    });
    const out = join(work, 'edited-dist');
    const result = await build(dir, out);
    expect(result.stderr).not.toMatch(/problem/);
    expect(result.code).toBe(0);
    const page = readFileSync(join(out, 'pages/workshop.html'), 'utf8');
    expect(page).toContain('Build a business worth buying');
    expect(page).toContain('One Time Price: £59');
    // The next session to come is now the other one (February), not the edited June 2031.
    expect(page).toContain('Live Workshop: February 11th @ 18:00 UK (GMT)');
  }, 180_000);

  it('bad content stops the build, naming file, line and field, and builds nothing', async () => {
    const dir = contentCopy('broken', ({ read, write }) => {
      write(
        'workshop.yaml',
        read('workshop.yaml').replace('start: 2026-12-10T18:00:00+00:00', 'start: 22/09/2025'),
      );
      write(
        'site.yaml',
        read('site.yaml').replace(
          'skipLink: Skip to content',
          'skipLink: Skip to content\nskipLnk: oops',
        ),
      );
    });
    const out = join(work, 'broken-dist');
    const result = await build(dir, out);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The content has 2 problems:');
    expect(result.stderr).toMatch(/content\/site\.yaml:\d+: unknown field "skipLnk"/);
    expect(result.stderr).toMatch(
      /content\/workshop\.yaml:\d+ sessions\[0\]\.start: expected a date-time with a UTC offset .*, got "22\/09\/2025"/,
    );
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('a missing or too small picture stops the build, naming the file that uses it', async () => {
    const dir = contentCopy('pictures', ({ read, write }) => {
      write(
        'workshop.yaml',
        read('workshop.yaml')
          .replace('src: people/amara.svg', 'src: people/amara.jpg')
          .replace('src: portrait.svg', 'src: tiny.png'),
      );
      // A 20×20 PNG: readable, but too small to show.
      write('images/tiny.png', '');
    });
    const tiny = join(dir, 'images/tiny.png');
    const sharp = (await import('sharp')).default;
    await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ccc' } })
      .png()
      .toFile(tiny);
    const result = await build(dir, join(work, 'pictures-dist'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /content\/workshop\.yaml:\d+ testimonials\.items\[0\]\.photo\.src: image "people\/amara\.jpg" is not in content\/images\//,
    );
    expect(result.stderr).toMatch(
      /content\/workshop\.yaml:\d+ faq\.image\.src: image "tiny\.png" is 20×20 px/,
    );
    expect(existsSync(join(work, 'pictures-dist'))).toBe(false);
  }, 60_000);
});
