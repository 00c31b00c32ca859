import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { fixtureContentDir } from '../../server/features/room/editor/fixture';
import { contentDir as repositoryContent } from '../content-dir';
import { editorPage, editorPolicy, keystaticDev } from './dev-middleware';

/**
 * The editor's routes in a server of their own, on a copy of the content: its page, Keystatic's
 * API (tree, files, saves), and nothing else. (The editor's Vite server, started by the page's
 * first module request, is not started here.)
 */
let server: Server;
let base: string;
let dir: string;
const passed: string[] = [];

beforeAll(async () => {
  dir = fixtureContentDir();
  for (const file of ['workshop.yaml', 'site.yaml']) {
    writeFileSync(join(dir, file), readFileSync(join(repositoryContent, file)));
  }
  const editor = keystaticDev({ contentDir: dir, allowedHosts: ['example.test'] });
  server = createServer((req, res) => {
    if (editor.handle(req, res)) return;
    passed.push(req.url ?? '');
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${base}/api/keystatic/${path}`, {
    ...init,
    headers: { 'no-cors': '1', 'Content-Type': 'application/json', ...init.headers },
  });

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('the content editor in npm run dev', () => {
  it('serves its page at /keystatic and below, loading its own entry', async () => {
    for (const path of ['/keystatic', '/keystatic/singleton/workshop']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      // Keystatic's link to Google Fonts is refused: nothing third-party loads.
      expect(response.headers.get('content-security-policy')).toBe(editorPolicy);
      expect(await response.text()).toBe(editorPage);
    }
    expect(editorPage).toContain('src="/__keystatic/scripts/content-editor/ui-entry.ts"');
  });

  it('leaves every other request to the site', async () => {
    await fetch(`${base}/keystatic-not`);
    await fetch(`${base}/api/subscriptions`);
    expect(passed).toEqual(['/keystatic-not', '/api/subscriptions']);
  });

  it('answers only this machine and the site’s own host names', async () => {
    const statusFor = (host: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        request(`${base}/api/keystatic/tree`, { headers: { host, 'no-cors': '1' } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
          .on('error', reject)
          .end();
      });
    expect(await statusFor('attacker.example:3000')).toBe(403);
    expect(await statusFor('waitlist.localhost:3000')).toBe(200);
    expect(await statusFor('www.example.test')).toBe(403);
    expect(await statusFor('example.test')).toBe(200);
  });

  it('Keystatic’s API lists the content directory and serves its files', async () => {
    const tree = (await (await api('tree')).json()) as { path: string; sha: string }[];
    const workshop = tree.find((entry) => entry.path === 'workshop.yaml');
    expect(workshop).toBeDefined();
    expect(tree.some((entry) => entry.path === 'images/portrait.svg')).toBe(true);
    const blob = await api(`blob/${workshop?.sha}/workshop.yaml`);
    expect(await blob.text()).toBe(readFileSync(join(dir, 'workshop.yaml'), 'utf8'));
    // Keystatic's own guard: no `no-cors` header, no answer.
    expect((await fetch(`${base}/api/keystatic/tree`)).status).toBe(400);
  });

  it('a save is written through the save step, and never deletes a picture', async () => {
    const before = readFileSync(join(dir, 'workshop.yaml'), 'utf8');
    const value = parse(before);
    value.hero.cta = 'Reserve Your Seat';
    const response = await api('update', {
      method: 'POST',
      body: JSON.stringify({
        additions: [{ path: 'workshop.yaml', contents: base64(stringify(value)) }],
        deletions: [{ path: 'images/portrait.svg' }],
      }),
    });
    expect(response.status).toBe(200);
    const after = readFileSync(join(dir, 'workshop.yaml'), 'utf8');
    expect(after).toContain('  cta: Reserve Your Seat\n');
    // One changed value, one changed line: the owner's comments, quoting and wrapping stay.
    expect(after.split('\n').filter((line, index) => line !== before.split('\n')[index])).toEqual([
      '  cta: Reserve Your Seat',
    ]);
    expect(existsSync(join(dir, 'images/portrait.svg'))).toBe(true);
  });

  it('a save the build would refuse is not written, and the editor is told why', async () => {
    const before = readFileSync(join(dir, 'workshop.yaml'), 'utf8');
    const value = parse(before);
    value.sessions[0].start = '22/09/2025';
    const response = await api('update', {
      method: 'POST',
      body: JSON.stringify({
        additions: [{ path: 'workshop.yaml', contents: base64(stringify(value)) }],
        deletions: [],
      }),
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toMatch(
      /content\/workshop\.yaml:\d+ sessions\[0\]\.start: expected a date-time with a UTC offset/,
    );
    expect(readFileSync(join(dir, 'workshop.yaml'), 'utf8')).toBe(before);
  });

  it('Keystatic’s own path check still stands: nothing outside its content files and pictures', async () => {
    const response = await api('update', {
      method: 'POST',
      body: JSON.stringify({
        additions: [{ path: '../escape.txt', contents: base64('x') }],
        deletions: [],
      }),
    });
    expect(response.status).toBe(400);
    expect(existsSync(join(dir, '../escape.txt'))).toBe(false);
  });
});
