import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ownerPaths } from '../../../../contracts/owner';
import type { Store } from '../../../db/store';
import { parseEnv } from '../../../env';
import { contentSecurityPolicy } from '../../../http/security-headers';
import { staticFile } from '../../../http/static-files';
import type { Site } from '../../../site';
import { createTestApp } from '../../../testing/app';
import { siteWithRoom } from '../../../testing/owner-session';
import { describeEachStore } from '../../../testing/stores';
import { inviteOwner } from '../owner-invites';
import { editorPolicy } from '../policy';
import { startSession } from '../sessions';
import { pictureMaxBytes, saveMaxBytes } from './review';

/**
 * The content editor in the room (router.ts), tried as an attacker would: without a
 * session, from another site, and with every way out of the working copy we know of (encoded
 * dots, absolute paths, backslashes, a symbolic link inside pointing outside), plus uploads that
 * are too large or not pictures. Nothing may be read or written outside DATA_DIR/content.
 */

const main = 'http://localhost';
const editorPage = '<!doctype html><title>Content editor</title><div id="keystatic"></div>';
const site: Site = {
  ...siteWithRoom,
  editor: staticFile('editor.html', Buffer.from(editorPage)),
};

let dataDir: string;
/** A directory beside the data directory: what an escape would reach. */
let outside: string;
const secret = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><!-- secret --></svg>';

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'editor-data-'));
  outside = mkdtempSync(join(tmpdir(), 'editor-outside-'));
  writeFileSync(join(outside, 'secret.svg'), secret);
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const appFor = (store: Store) =>
  createTestApp(store, { LEAD_RATE_LIMIT: '0', DATA_DIR: dataDir }, undefined, undefined, site);
type App = ReturnType<typeof appFor>;

async function sessionCookie(store: Store) {
  const { owner } = await inviteOwner(store, 'Jamie', Date.now());
  return `owner_session=${await startSession(store, owner, 'sign-in', Date.now())}`;
}

/** Keystatic's blob id: git's hash of the file. */
const blobSha = (bytes: Buffer | string) => {
  const buffer = Buffer.from(bytes);
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${buffer.length}\0`), buffer]))
    .digest('hex');
};
const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

/** A call as the built editor makes it: same origin, Keystatic's `no-cors` header. */
function call(app: App, cookie: string, path: string, init: RequestInit = {}) {
  return app.request(`${ownerPaths.editorApi}/${path}`, {
    ...init,
    headers: {
      Cookie: cookie,
      Origin: main,
      'no-cors': '1',
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}
const save = (
  app: App,
  cookie: string,
  additions: { path: string; contents: string }[],
  deletions: { path: string }[] = [],
) =>
  call(app, cookie, 'update', { method: 'POST', body: JSON.stringify({ additions, deletions }) });

const workingCopy = () => join(dataDir, 'content');
/** Every file under the outside directory: an escape would add or change one. */
const outsideFiles = () =>
  readdirSync(outside, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((file) => `${file}:${readFileSync(join(outside, file), 'utf8').length}`);

/** A PNG header of the given size (enough for the checks, which read the header). */
function pngHeader(width: number, height: number, total = 64): Buffer {
  const bytes = Buffer.alloc(total);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

describeEachStore('the content editor in the room', ({ store }) => {
  it('without a session: its pages lead to sign-in, its calls answer 401, nothing is made', async () => {
    const app = appFor(store());
    for (const cookie of ['', 'owner_session=made-up']) {
      for (const path of [ownerPaths.editor, `${ownerPaths.editor}/singleton/workshop`]) {
        const response = await app.request(path, { headers: { Cookie: cookie } });
        expect(response.status, path).toBe(303);
        expect(response.headers.get('location')).toBe(ownerPaths.signIn);
      }
      for (const [method, path] of [
        ['GET', 'tree'],
        ['GET', `blob/${blobSha('x')}/workshop.yaml`],
        ['POST', 'update'],
      ] as const) {
        const response = await call(app, cookie, path, {
          method,
          ...(method === 'POST' ? { body: '{"additions":[],"deletions":[]}' } : {}),
        });
        expect(response.status, path).toBe(401);
      }
    }
    expect(existsSync(workingCopy())).toBe(false);
  });

  it('with a session: its page under its own policy, the working copy’s tree and files', async () => {
    const app = appFor(store());
    const cookie = await sessionCookie(store());
    for (const path of [ownerPaths.editor, `${ownerPaths.editor}/singleton/workshop`]) {
      const response = await app.request(path, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(editorPage);
      expect(response.headers.get('content-security-policy')).toBe(editorPolicy);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    }
    // The site's pages keep the site's policy: no inline styles there.
    const env = parseEnv({ LOG_LEVEL: 'silent', SITE_URL: main, LEAD_RATE_LIMIT: '0' });
    const home = await app.request('/');
    expect(home.headers.get('content-security-policy')).toBe(contentSecurityPolicy(env));

    const tree = (await (await call(app, cookie, 'tree')).json()) as { path: string }[];
    expect(tree.map((entry) => entry.path)).toContain('workshop.yaml');
    const text = readFileSync(join(workingCopy(), 'workshop.yaml'));
    const blob = await call(app, cookie, `blob/${blobSha(text)}/workshop.yaml`);
    expect(blob.status).toBe(200);
    expect(Buffer.from(await blob.arrayBuffer()).equals(text)).toBe(true);
  });

  it('a save goes through the build’s check and deletes no picture; a bad one is not written', async () => {
    const app = appFor(store());
    const cookie = await sessionCookie(store());
    await call(app, cookie, 'tree');
    const file = join(workingCopy(), 'workshop.yaml');
    const value = parse(readFileSync(file, 'utf8'));
    value.hero.cta = 'Reserve Your Seat';
    const picture = readdirSync(join(workingCopy(), 'images')).find((name) =>
      name.endsWith('.svg'),
    );
    const saved = await save(
      app,
      cookie,
      [{ path: 'workshop.yaml', contents: base64(stringify(value)) }],
      [{ path: `images/${picture}` }, { path: 'site.yaml' }],
    );
    expect(saved.status).toBe(200);
    expect(readFileSync(file, 'utf8')).toContain('  cta: Reserve Your Seat\n');
    expect(existsSync(join(workingCopy(), 'images', picture ?? ''))).toBe(true);
    expect(existsSync(join(workingCopy(), 'site.yaml'))).toBe(true);

    const before = readFileSync(file, 'utf8');
    value.sessions[0].start = '22/09/2025';
    const refused = await save(app, cookie, [
      { path: 'workshop.yaml', contents: base64(stringify(value)) },
    ]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/content\/workshop\.yaml:\d+ sessions\[0\]\.start/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a post from another site is refused, and writes nothing', async () => {
    const app = appFor(store());
    const cookie = await sessionCookie(store());
    await call(app, cookie, 'tree');
    const before = readFileSync(join(workingCopy(), 'site.yaml'), 'utf8');
    const body = JSON.stringify({
      additions: [{ path: 'site.yaml', contents: base64('x: 1') }],
      deletions: [],
    });
    const sites: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const from of sites) {
      const response = await app.request(`${ownerPaths.editorApi}/update`, {
        method: 'POST',
        headers: { Cookie: cookie, 'no-cors': '1', 'Content-Type': 'application/json', ...from },
        body,
      });
      expect(response.status).toBe(403);
    }
    expect(readFileSync(join(workingCopy(), 'site.yaml'), 'utf8')).toBe(before);
  });

  it('reads nothing outside the working copy: encoded dots, absolute paths, backslashes, links', async () => {
    const app = appFor(store());
    const cookie = await sessionCookie(store());
    await call(app, cookie, 'tree');
    symlinkSync(outside, join(workingCopy(), 'images/evil'));
    symlinkSync('/etc', join(workingCopy(), 'images/etc'));
    symlinkSync(join(outside, 'secret.svg'), join(workingCopy(), 'images/link.svg'));
    const sha = blobSha(secret);
    const attempts = [
      `blob/${sha}/%2e%2e/%2e%2e/${outside.slice(1)}/secret.svg`,
      `blob/${sha}/images/%2e%2e/%2e%2e/%2e%2e${outside}/secret.svg`,
      `blob/${sha}/..%2f..%2f..%2f${outside.slice(1).replaceAll('/', '%2f')}%2fsecret.svg`,
      `blob/${sha}/images%2f..%2f..%2f..%2f${outside.slice(1).replaceAll('/', '%2f')}%2fsecret.svg`,
      `blob/${sha}/%2f${outside.slice(1).replaceAll('/', '%2f')}%2fsecret.svg`,
      `blob/${sha}/images%5c..%5c..%5c..%5csecret.svg`,
      `blob/${sha}/images/evil/secret.svg`,
      `blob/${sha}/images/link.svg`,
      `blob/${blobSha(readFileSync('/etc/hostname'))}/images/etc/hostname`,
      `blob/${blobSha(readFileSync('/etc/passwd'))}/images/etc/passwd`,
    ];
    for (const path of attempts) {
      const response = await call(app, cookie, path);
      expect([400, 404], path).toContain(response.status);
      const body = await response.text();
      expect(body, path).not.toContain('secret');
      expect(body, path).not.toContain('root:');
    }
    // The tree lists no link, nor anything behind one.
    const tree = (await (await call(app, cookie, 'tree')).json()) as { path: string }[];
    expect(tree.filter((entry) => /evil|etc|link/.test(entry.path))).toEqual([]);
  });

  it('writes nothing outside the working copy, and only content files and pictures inside it', async () => {
    const app = appFor(store());
    const cookie = await sessionCookie(store());
    await call(app, cookie, 'tree');
    symlinkSync(outside, join(workingCopy(), 'images/evil'));
    symlinkSync(join(outside, 'secret.svg'), join(workingCopy(), 'images/link.svg'));
    symlinkSync(join(outside, 'not-yet.svg'), join(workingCopy(), 'images/dangling.svg'));
    symlinkSync(outside, join(workingCopy(), 'legal-link'));
    const before = outsideFiles();
    const svg = base64('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"></svg>');
    for (const path of [
      '../escape.yaml',
      '../../escape.svg',
      `${outside}/absolute.svg`,
      '/etc/x.svg',
      'images/../../escape.svg',
      'images/./x.svg',
      'images\\..\\..\\escape.svg',
      'images/evil/new.svg',
      'images/link.svg',
      'images/dangling.svg',
      'legal-link/privacy.md',
      'images/.hidden.svg',
      'notes.txt',
      'images/tool.exe',
      'workshop.yaml/../x.svg',
    ]) {
      const response = await save(app, cookie, [{ path, contents: svg }]);
      expect(response.status, path).toBe(400);
    }
    expect(outsideFiles()).toEqual(before);
    expect(readFileSync(join(outside, 'secret.svg'), 'utf8')).toBe(secret);
    expect(existsSync(join(dataDir, 'escape.yaml'))).toBe(false);
    expect(existsSync(join(tmpdir(), 'escape.svg'))).toBe(false);
  });

  it('pictures: the build’s checks at save time, each at most 10 MB, a save at most 32 MB', async () => {
    const app = appFor(store());
    const cookie = await sessionCookie(store());
    await call(app, cookie, 'tree');
    const svg = (inner: string, attributes = '') =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"${attributes}>${inner}</svg>`;
    const refused: Array<[string, Buffer | string, RegExp]> = [
      ['images/notes.png', 'just some text', /not a JPEG, PNG or SVG/],
      ['images/photo.svg', pngHeader(400, 400), /named \.svg but holds PNG/],
      ['images/drawing.png', svg(''), /named \.png but holds SVG/],
      ['images/script.svg', svg('<script>alert(1)</script>'), /scripts, event handlers/],
      ['images/handler.svg', svg('', ' onload="alert(1)"'), /scripts, event handlers/],
      ['images/outside.svg', svg('<image href="https://evil.example/x.png"/>'), /outside links/],
      ['images/tiny.png', pngHeader(40, 40), /40×40 px/],
      ['images/huge.png', pngHeader(4000, 3000, pictureMaxBytes + 1024), /at most 10\.0 MB/],
    ];
    for (const [path, bytes, message] of refused) {
      const response = await save(app, cookie, [{ path, contents: base64(bytes) }]);
      expect(response.status, path).toBe(422);
      expect(await response.text(), path).toMatch(message);
      expect(existsSync(join(workingCopy(), path)), path).toBe(false);
    }
    const tooLarge = await call(app, cookie, 'update', {
      method: 'POST',
      body: JSON.stringify({
        additions: [{ path: 'images/big.png', contents: 'A'.repeat(saveMaxBytes) }],
        deletions: [],
      }),
    });
    expect(tooLarge.status).toBe(413);
    expect(existsSync(join(workingCopy(), 'images/big.png'))).toBe(false);

    const fine = await save(app, cookie, [
      { path: 'images/new/ok.svg', contents: base64(svg('')) },
    ]);
    expect(fine.status).toBe(200);
    expect(readFileSync(join(workingCopy(), 'images/new/ok.svg'), 'utf8')).toBe(svg(''));
  });

  it('Keystatic’s own guard stands: no `no-cors` header, no answer', async () => {
    const app = appFor(store());
    const cookie = await sessionCookie(store());
    const response = await app.request(`${ownerPaths.editorApi}/tree`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(400);
  });
});
