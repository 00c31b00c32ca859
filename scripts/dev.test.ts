import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../server/testing/server-process';
import { testContent } from '../src/testing/content';

/** `npm run dev` as a child process: pages from source on every host, the real API beside them. */

let dev: ServerProcess;
const dataDir = mkdtempSync(join(tmpdir(), 'dev-'));

beforeAll(async () => {
  dev = await startServerProcess({ DATA_DIR: dataDir }, 'scripts/dev.ts');
}, 20_000);

afterAll(async () => {
  // Vite, the HMR websocket, the outbox worker and the store all close: a clean exit.
  expect(await dev?.stop()).toBe(0);
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  contentType: string;
  location?: string;
  body: string;
}

/** fetch() always sends the URL's host, so requests for the named hosts go through node:http. */
function send(
  path: string,
  { host = 'localhost', method = 'GET', headers = {}, body = '' } = {},
): Promise<Answer> {
  const { port } = new URL(dev.url);
  return new Promise((resolve, reject) => {
    const req = request(
      `${dev.url}${path}`,
      { method, headers: { host: `${host}:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? '',
            location: res.headers.location,
            body: text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function headline(html: string) {
  const document = new Window().document;
  document.write(html);
  return document.querySelector('h1')?.textContent;
}

describe('npm run dev', () => {
  it('renders the home page from source, with the page entry and the Vite client', async () => {
    const page = await send('/');
    expect(page.status).toBe(200);
    expect(page.contentType).toMatch(/^text\/html/);
    expect(headline(page.body)).toBe((await testContent()).site.founder.name);
    expect(page.body).toContain('<script type="module" src="/src/pages/home/entry.ts"');
    expect(page.body).toContain('<script type="module" src="/@vite/client"></script>');
  });

  it('serves each site by its Host', async () => {
    const page = await send('/ig', { host: 'waitlist.localhost' });
    expect(page.status).toBe(200);
    expect(headline(page.body)).toBe((await testContent()).waitlist.hero.heading);
    expect(page.body).toContain('src="/src/pages/waitlist/entry.ts"');
  });

  it('serves an owner page at its path, with the entry the owner pages share', async () => {
    const { pages } = await testContent();
    const [hero] = pages.press?.blocks ?? [];
    const page = await send(pages.press?.path ?? '/press');
    expect(page.status).toBe(200);
    expect(headline(page.body)).toBe(hero?.discriminant === 'hero' ? hero.value.heading : null);
    expect(page.body).toContain('src="/src/pages/composed/entry.ts"');
  });

  it('answers an unknown path on the main site with the 404 page', async () => {
    const page = await send('/no-such-page');
    expect(page.status).toBe(404);
    expect(headline(page.body)).toBe((await testContent()).notFound.heading);
  });

  it('sends an old path on as the content’s redirects say, on their own site only', async () => {
    const [redirect] = (await testContent()).site.redirects;
    // The sample content's: an old path of the main site, sent to a section of the home page.
    expect(redirect).toMatchObject({ site: 'main', kind: 'permanent' });
    const [path, section] = (redirect?.to ?? '').split('#');
    const old = await send(`${redirect?.from}?utm_source=email`);
    expect(old.status).toBe(301);
    expect(old.location).toBe(`${path}?utm_source=email${section ? `#${section}` : ''}`);
    // Every path of the book's site is the book page (D2).
    const elsewhere = await send(redirect?.from ?? '', { host: 'whatsstoppingyou.localhost' });
    expect(elsewhere.status).toBe(200);
  });

  it('serves the stylesheet and page modules from source', async () => {
    const css = await send('/src/styles/global.css', { headers: { accept: 'text/css' } });
    expect(css.status).toBe(200);
    expect(css.contentType).toMatch(/^text\/css/);
    const entry = await send('/src/pages/home/entry.ts');
    expect(entry.status).toBe(200);
    expect(entry.contentType).toMatch(/javascript/);
  });

  it('answers the real API under /api, storing a sign-up', async () => {
    const health = await send('/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });

    const signUp = await send('/api/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(dev.url).origin },
      host: new URL(dev.url).hostname,
      body: JSON.stringify({ list: 'newsletter', email: 'dev@example.com', page: '/' }),
    });
    expect(signUp.status).toBe(201);
    expect(JSON.parse(signUp.body)).toHaveProperty('id');
  });
});
