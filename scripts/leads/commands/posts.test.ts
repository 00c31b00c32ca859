import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postFile } from '../../../contracts/content/index';
import { checkFile } from '../../../contracts/content/load';
import type { Post } from '../../../contracts/content/posts';
import { type LeadsEnv, runLeadsCli } from '../cli';
import { type PictureHost, startPictureHost } from '../posts-import/picture-host';

/** Runs the tool as the owner would, with these settings. */
async function leads(settings: Partial<LeadsEnv>, ...argv: string[]) {
  const output = { stdout: '', stderr: '' };
  const code = await runLeadsCli(argv, {
    env: () => ({ SITE_URL: 'https://jamie.example', DATA_DIR: './data', ...settings }) as LeadsEnv,
    openStore: () => Promise.reject(new Error('posts import needs no database')),
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: (text) => {
      output.stderr += text;
    },
    now: new Date('2026-06-01T12:00:00Z'),
    // The pictures' host is the test's, on 127.0.0.1 with a certificate of its own.
    pictureNetwork: pictures.network,
  });
  return { code, ...output };
}

/** A local web server: `routes` by path, and each request's path and headers kept. */
async function serve(
  routes: Record<
    string,
    (url: URL) => {
      status?: number;
      type?: string;
      body: string | Buffer;
      headers?: Record<string, string>;
    }
  >,
) {
  const requests: Array<{ url: string; headers: Record<string, unknown> }> = [];
  const server: Server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = routes[url.pathname];
    if (!route) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const { status = 200, type = 'application/octet-stream', body, headers } = route(url);
    response.writeHead(status, { 'Content-Type': type, ...headers }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

let pictures: PictureHost;
beforeAll(async () => {
  const raster = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#336699' } });
  const [png, jpeg, webp, pixel] = await Promise.all([
    raster(400, 300).png().toBuffer(),
    raster(800, 400).jpeg().toBuffer(),
    raster(320, 240).webp().toBuffer(),
    raster(1, 1).gif().toBuffer(),
  ]);
  pictures = await startPictureHost({
    '/photo.png': () => ({ type: 'image/png', body: png }),
    '/cover.jpg': () => ({ type: 'image/jpeg', body: jpeg }),
    '/chart.webp': () => ({ type: 'image/webp', body: webp }),
    '/open.gif': () => ({ type: 'image/gif', body: pixel }),
    '/page.png': () => ({ type: 'text/html', body: '<html></html>' }),
    // Hosts that answer with words of their own, which the report must never repeat.
    '/secret.png': () => (response) =>
      response.writeHead(500, secret, { 'Content-Type': 'text/plain' }).end(secret),
    '/secret-page.png': () => ({ type: `text/${secret}`, body: secret }),
    '/secret-moved.png': () => ({
      status: 302,
      type: 'text/plain',
      body: secret,
      headers: { Location: `https://10.0.0.1/${secret}` },
    }),
    '/secret.svg': () => ({
      type: 'image/svg+xml',
      // Not well-formed: the parser's complaint names the element.
      body: `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><${secret}></svg>`,
    }),
    '/to-loopback.png': () => ({
      status: 301,
      body: '',
      headers: { Location: `http://127.0.0.1:${pictures.port}/photo.png` },
    }),
  });
});
const secret = 'hostsecret7f3a';
afterAll(() => pictures.close());

let content: string;
beforeEach(() => {
  content = mkdtempSync(join(tmpdir(), 'posts-import-'));
  mkdirSync(join(content, 'posts'));
  mkdirSync(join(content, 'images'));
});
afterEach(() => rmSync(content, { recursive: true, force: true }));

const posts = () => readdirSync(join(content, 'posts')).sort();
const images = () => readdirSync(join(content, 'images')).sort();
const textOf = (file: string) => readFileSync(join(content, 'posts', file), 'utf8');

/** A written post, read by the content loader's own reader of a post file. */
function loaded(slug: string): Post {
  const checked = checkFile(postFile(slug), textOf(`${slug}.md`));
  if ('problems' in checked) throw new Error(JSON.stringify(checked.problems, null, 2));
  return checked.value as Post;
}

function writeFeed(name: string, xml: string): string {
  const path = join(content, `${name}.xml`);
  writeFileSync(path, xml);
  return path;
}

const rss = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>Cheatcodes</title><link>https://old.example</link><description>Weekly</description>
${items}
</channel></rss>`;

describe('npm run leads -- posts import --feed', () => {
  const feedItems = () => `
<item>
  <title>The first hire</title>
  <link>${pictures.url}/p/first-hire</link>
  <guid isPermaLink="false">old-1</guid>
  <pubDate>Mon, 06 Jan 2025 08:00:00 GMT</pubDate>
  <category>Hiring</category>
  <category>hiring</category>
  <category>Getting out of the way</category>
  <description>Most founders hire for the work they dislike.</description>
  <media:content url="${pictures.url}/cover.jpg" medium="image"/>
  <content:encoded><![CDATA[
    <h1>The first hire</h1>
    <p>Most founders hire <b>for the work</b> they dislike. <a href="/about">About me</a>.</p>
    <p><a href="${pictures.url}/page"><img src="${pictures.url}/photo.png" alt="The team at work"></a> A caption after.</p>
    <img src="${pictures.url}/open.gif" width="1" height="1">
    <h2>The work only you do</h2>
    <ul><li>The sales calls</li><li>The quotes</li></ul>
    <blockquote><p>A business that cannot run without you is a job.</p></blockquote>
    <p><img src="/chart.webp" alt="A chart"></p>
  ]]></content:encoded>
</item>
<item>
  <title>Plan a week without you</title>
  <guid>old-2</guid>
  <pubDate>Mon, 13 Jan 2025 08:00:00 GMT</pubDate>
  <content:encoded><![CDATA[<p>The week away is the cheapest audit.</p>]]></content:encoded>
</item>
<item>
  <title>The first hire</title>
  <guid>old-3</guid>
  <pubDate>Mon, 20 Jan 2025 08:00:00 GMT</pubDate>
  <description><![CDATA[<p>A second issue with the same title.</p><p>It goes on.</p>]]></description>
</item>
<item>
  <title>Already here</title>
  <guid>old-4</guid>
  <pubDate>Mon, 27 Jan 2025 08:00:00 GMT</pubDate>
  <description>Written by hand before the import.</description>
</item>`;

  it('Importing a feed file twice gives one copy of each post', async () => {
    // A post written by hand with the same name and date is this issue, imported before.
    writeFileSync(
      join(content, 'posts', 'already-here.md'),
      '---\ntitle: Already here\ndescription: By hand.\ndate: "2025-01-27T08:00:00+00:00"\n---\nBy hand.\n',
    );
    const feed = writeFeed('rss', rss(feedItems()));
    const first = await leads({}, 'posts', 'import', '--feed', feed, '--content', content);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Imported 3 posts, skipped 1 already imported, 0 failed.');
    expect(posts()).toEqual([
      'already-here.md',
      'plan-a-week-without-you.md',
      'the-first-hire-2.md',
      'the-first-hire.md',
    ]);
    const written = { posts: posts().map(textOf), images: images() };

    const second = await leads({}, 'posts', 'import', '--feed', feed, '--content', content);
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).toContain('Imported 0 posts, skipped 4 already imported, 0 failed.');
    expect({ posts: posts().map(textOf), images: images() }).toEqual(written);

    const hire = loaded('the-first-hire');
    expect(hire).toMatchObject({
      title: 'The first hire',
      description: 'Most founders hire for the work they dislike.',
      date: '2025-01-06T08:00:00+00:00',
      tags: ['Hiring', 'Getting out of the way'],
      cover: { src: 'the-first-hire-1.jpg', alt: 'The first hire' },
      newsletter: false,
      importedFrom: 'old-1',
    });
    // Each imported post an id of its own, which its newsletter would be keyed by.
    const ids = ['plan-a-week-without-you', 'the-first-hire-2', 'the-first-hire'].map(
      (slug) => loaded(slug).id,
    );
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/);
    // The pictures are fetched into images/ and named there; the tracking pixel is not kept.
    expect(images()).toEqual([
      'the-first-hire-1.jpg',
      'the-first-hire-2.png',
      'the-first-hire-3.jpg',
    ]);
    expect(hire.body).toContain('\n\n![The team at work](the-first-hire-2.png)\n\n');
    expect(hire.body).toContain('\n\n![A chart](the-first-hire-3.jpg)');
    expect(hire.body).toContain(`[About me](${pictures.url}/about)`);
    expect(hire.body).toContain('## The work only you do');
    // The first heading repeated the title: the page has it already.
    expect(hire.body.startsWith('Most founders hire **for the work**')).toBe(true);
    expect(first.stdout).toMatch(
      /left out the picture https:\/\/pictures\.test:\d+\/open\.gif: it is 1×1 px/,
    );
    expect(first.stdout).toContain(
      'Imported posts/the-first-hire.md: "The first hire" (3 pictures)',
    );

    expect(loaded('the-first-hire-2')).toMatchObject({
      description: 'A second issue with the same title.',
      body: 'A second issue with the same title.\n\nIt goes on.\n',
      tags: [],
    });
    expect(loaded('plan-a-week-without-you').description).toBe(
      'The week away is the cheapest audit.',
    );
  });

  it('imports an Atom feed', async () => {
    const feed = writeFeed(
      'atom',
      `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Cheatcodes</title><id>urn:feed</id><updated>2025-02-01T00:00:00Z</updated>
  <entry>
    <title>Numbers a buyer reads</title>
    <id>urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427</id>
    <link rel="alternate" href="${pictures.url}/writing/numbers"/>
    <link rel="enclosure" type="image/png" href="${pictures.url}/photo.png"/>
    <published>2025-02-01T09:30:00+02:00</published>
    <updated>2025-02-02T10:00:00Z</updated>
    <category term="selling" label="Selling a business"/>
    <category term="numbers"/>
    <summary>Three numbers first.</summary>
    <content type="html">&lt;h5&gt;Profit&lt;/h5&gt;&lt;p&gt;Not revenue. &lt;img src="../chart.webp" alt="Profit"&gt;&lt;/p&gt;</content>
  </entry>
</feed>`,
    );
    const result = await leads({}, 'posts', 'import', '--feed', feed, '--content', content);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(loaded('numbers-a-buyer-reads')).toMatchObject({
      title: 'Numbers a buyer reads',
      description: 'Three numbers first.',
      date: '2025-02-01T07:30:00+00:00',
      tags: ['Selling a business', 'numbers'],
      cover: { src: 'numbers-a-buyer-reads-1.png', alt: 'Numbers a buyer reads' },
      importedFrom: 'urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427',
      body: '#### Profit\n\nNot revenue.\n\n![Profit](numbers-a-buyer-reads-2.jpg)\n',
    });
    // A picture given relative to the item's own address is fetched from there; a WebP is
    // converted to a JPEG.
    expect(images()).toEqual(['numbers-a-buyer-reads-1.png', 'numbers-a-buyer-reads-2.jpg']);
  });

  it('writes no HTML, skips an item without a title, and says why', async () => {
    const feed = writeFeed(
      'refusals',
      rss(`
<item>
  <title>Raw HTML</title>
  <guid>html-1</guid>
  <pubDate>Tue, 04 Feb 2025 08:00:00 GMT</pubDate>
  <content:encoded><![CDATA[
    <div style="display:none">A preheader for email clients</div>
    <script>alert('x')</script><style>p { color: red }</style>
    <iframe src="https://video.example/embed"></iframe>
    <p onclick="steal()">Write <span style="color:red">&lt;div&gt;</span> as text, and {email} too &amp;amp; more.</p>
    <table><tr><th>Revenue</th><td>£1m</td></tr><tr><td colspan="2">Profit <b>£200k</b></td></tr></table>
    <p><a href="javascript:steal()">Not a link</a> <u>underlined</u> <font color="red">old</font></p>
    <h2>Twice</h2><h2>Twice</h2>
    <pre>let a = 1;</pre>
    <img src="${pictures.url}/missing.png" alt="Gone"><img src="${pictures.url}/page.png" alt="A page">
  ]]></content:encoded>
</item>
<item>
  <guid>untitled-2</guid>
  <pubDate>Tue, 11 Feb 2025 08:00:00 GMT</pubDate>
  <description>No title.</description>
</item>`),
    );
    const result = await leads({}, 'posts', 'import', '--feed', feed, '--content', content);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Failed item 2 (untitled-2): it has no title');
    expect(result.stdout).toContain('Imported 1 post, skipped 0 already imported, 1 failed.');
    expect(result.stderr).toContain('1 item was not imported (see above)');
    expect(result.stdout).toMatch(
      /left out the picture \S+\/missing\.png: the server answered 404/,
    );
    expect(result.stdout).toMatch(/left out the picture \S+\/page\.png: it is not a picture$/m);
    expect(posts()).toEqual(['raw-html.md']);
    expect(images()).toEqual([]);

    const post = loaded('raw-html');
    // HTML written as text is escaped (\<div>), read as the words it is.
    expect(post.body).not.toMatch(
      /(?<!\\)<\/?(div|script|style|iframe|table|td|th|tr|span|u|font|p)\b/i,
    );
    expect(post.body).not.toMatch(/alert|steal|preheader|color: red/);
    expect(post.body).toContain('Write \\<div> as text, and {email\\} too \\&amp; more.');
    expect(post.body).toContain('Revenue\n\n£1m\n\nProfit **£200k**');
    expect(post.body).toContain('Not a link underlined old');
    expect(post.body).toContain('## Twice\n\n**Twice**');
    expect(post.body).toContain('```\nlet a = 1;\n```');
    expect(post.description).toBe('Write <div> as text, and email too &amp; more.');
  });

  it('fetches pictures over https from public addresses only, and never repeats what a host said', async () => {
    const port = pictures.port;
    const refused = [
      `http://pictures.test:${port}/photo.png`,
      `${pictures.url}/to-loopback.png`,
      `https://loopback.test:${port}/photo.png`,
      // The feed's reader writes these as the URL parser reads them: [::ffff:7f00:1], 127.0.0.1.
      `https://[::ffff:127.0.0.1]:${port}/photo.png`,
      `https://2130706433:${port}/photo.png`,
      `https://0x7f.1:${port}/photo.png`,
      `${pictures.url}/secret-moved.png`,
    ];
    const failing = [
      `${pictures.url}/secret.png`,
      `${pictures.url}/secret-page.png`,
      `${pictures.url}/secret.svg`,
    ];
    const feed = writeFeed(
      'hosts',
      rss(`
<item>
  <title>Pictures from everywhere</title>
  <guid>hosts-1</guid>
  <pubDate>Tue, 04 Mar 2025 08:00:00 GMT</pubDate>
  <content:encoded><![CDATA[<p>Words.</p>
    ${[...refused, ...failing, `${pictures.url}/photo.png`].map((src) => `<p><img src="${src}" alt="A picture"></p>`).join('\n')}
  ]]></content:encoded>
</item>`),
    );
    const seen = pictures.requests.length;
    const result = await leads({}, 'posts', 'import', '--feed', feed, '--content', content);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const said = (url: string) =>
      result.stdout.split('\n').find((line) => line.includes(`picture ${url}:`));
    expect(said(refused[0] ?? '')).toMatch(/: refused: not https$/);
    expect(said(refused[1] ?? '')).toMatch(/: refused: not https \(after a redirect\)$/);
    // loopback.test resolves to 127.0.0.1 in this test's network, but is not its picture host.
    for (const url of [
      refused[2] ?? '',
      `https://[::ffff:7f00:1]:${port}/photo.png`,
      `https://127.0.0.1:${port}/photo.png`,
    ]) {
      expect(said(url), url).toMatch(/: refused: private address$/);
    }
    expect(said(refused[6] ?? '')).toMatch(/: refused: private address \(after a redirect\)$/);
    expect(said(failing[0] ?? '')).toMatch(/: the server answered 500$/);
    expect(said(failing[1] ?? '')).toMatch(/: it is not a picture$/);
    expect(said(failing[2] ?? '')).toMatch(/: it is an SVG the site cannot keep safely$/);
    expect(result.stdout).toContain('"Pictures from everywhere" (1 picture)');
    // Only the picture host was asked, and only for what passed the checks.
    expect(pictures.requests.slice(seen).map((request) => request.url)).toEqual([
      '/to-loopback.png',
      '/secret-moved.png',
      '/secret.png',
      '/secret-page.png',
      '/secret.svg',
      '/photo.png',
    ]);
    expect(result.stdout + result.stderr + posts().map(textOf).join('')).not.toContain(secret);
    expect(images()).toEqual(['pictures-from-everywhere-1.png']);
  });

  it("stops at the import's cap, and the next run brings the posts it left", async () => {
    const { importPosts } = await import('../posts-import/import');
    const { pictureFetcher } = await import('../posts-import/pictures');
    const issue = (number: number) => ({
      source: `cap-${number}`,
      label: `item ${number}`,
      title: `Issue ${number}`,
      date: `2025-04-0${number}T08:00:00Z`,
      html: `<p>Issue ${number}.</p><img src="${pictures.url}/photo.png?${number}" alt="A photo">`,
      tags: [],
    });
    const items = [issue(1), issue(2), issue(3)];
    const run = async () => {
      const lines: string[] = [];
      const counts = await importPosts({
        items,
        contentDir: content,
        say: (line) => lines.push(line),
        fetchPicture: pictureFetcher({ limits: { maxPictures: 2 }, network: pictures.network }),
      });
      return { counts, lines };
    };
    const first = await run();
    expect(first.counts).toEqual({ imported: 2, already: 0, failed: 1 });
    expect(first.lines).toContain(
      `Failed "Issue 3" (item 3): the picture ${pictures.url}/photo.png?3 is over the import's cap of 2 pictures; run the import again for the rest`,
    );
    expect(posts()).toEqual(['issue-1.md', 'issue-2.md']);
    const second = await run();
    expect(second.counts).toEqual({ imported: 1, already: 2, failed: 0 });
    expect(loaded('issue-3').body).toContain('![A photo](issue-3-1.png)');
  });

  it('refuses a file that is not a feed, and wrong usage', async () => {
    const notXml = writeFeed('text', 'These are my notes, not a feed.');
    const result = await leads({}, 'posts', 'import', '--feed', notXml, '--content', content);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`leads: ${notXml}: it is not an RSS or Atom feed`);
    expect(posts()).toEqual([]);

    const missing = await leads({}, 'posts', 'import', '--feed', join(content, 'nowhere.xml'));
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('Cannot read') });

    for (const wrong of [
      ['posts'],
      ['posts', 'export'],
      ['posts', 'import'],
      ['posts', 'import', '--content', content],
      ['posts', 'import', '--feed', 'a.xml', '--kit'],
      ['posts', 'import', '--feed'],
      ['posts', 'import', 'extra', '--kit'],
    ]) {
      const wrongUsage = await leads({}, ...wrong);
      expect(wrongUsage.code, wrong.join(' ')).toBe(2);
      expect(wrongUsage.stderr).toContain('Usage');
    }
    expect((await leads({}, 'help')).stdout).toContain('posts import --feed FILE');
  });
});

describe('npm run leads -- posts import --kit', () => {
  const key = 'kit-secret-key';
  const broadcast = (id: number, fields: Record<string, unknown>) => ({
    id,
    publication_id: id,
    created_at: '2025-01-01T00:00:00Z',
    subject: `Issue ${id}`,
    preview_text: null,
    description: null,
    content: `<p>Issue ${id} text.</p>`,
    public: true,
    published_at: null,
    send_at: null,
    thumbnail_alt: null,
    thumbnail_url: null,
    public_url: null,
    ...fields,
  });

  it('imports the broadcasts Kit sent, page by page, with the API key, once', async () => {
    const kit = await serve({
      '/v4/broadcasts': (url) => {
        const second = url.searchParams.get('after') === 'cursor-1';
        return {
          type: 'application/json',
          body: JSON.stringify(
            second
              ? {
                  broadcasts: [
                    broadcast(3, {
                      subject: 'Hello {{ subscriber.first_name }}',
                      published_at: '2025-03-01T10:00:00Z',
                      content:
                        '<p>Hi {{ subscriber.first_name | default: "there" }}, and welcome.</p>',
                      public: false,
                    }),
                    broadcast(4, { send_at: '2027-01-01T10:00:00Z' }),
                  ],
                  pagination: { has_next_page: false, end_cursor: 'cursor-2' },
                }
              : {
                  broadcasts: [
                    broadcast(1, {
                      send_at: '2025-02-01T10:00:00Z',
                      preview_text: 'What a buyer reads first.',
                      thumbnail_url: `${pictures.url}/cover.jpg`,
                      thumbnail_alt: 'A ledger',
                    }),
                    broadcast(2, {}),
                  ],
                  pagination: { has_next_page: true, end_cursor: 'cursor-1' },
                },
          ),
        };
      },
    });
    try {
      const settings = { KIT_API_KEY: key, KIT_API_URL: kit.url };
      const first = await leads(settings, 'posts', 'import', '--kit', '--content', content);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(
        'Imported 2 posts, skipped 0 already imported, 0 failed; left out 2 broadcasts not sent yet.',
      );
      expect(first.stdout).toContain('Imported posts/hello.md: "Hello" (not public in Kit)');
      expect(first.stdout + first.stderr).not.toContain(key);
      expect(kit.requests.map((request) => request.url)).toEqual([
        '/v4/broadcasts?per_page=100',
        '/v4/broadcasts?per_page=100&after=cursor-1',
      ]);
      for (const request of kit.requests) expect(request.headers['x-kit-api-key']).toBe(key);

      expect(posts()).toEqual(['hello.md', 'issue-1.md']);
      expect(loaded('issue-1')).toMatchObject({
        title: 'Issue 1',
        description: 'What a buyer reads first.',
        date: '2025-02-01T10:00:00+00:00',
        cover: { src: 'issue-1-1.jpg', alt: 'A ledger' },
        newsletter: false,
        importedFrom: 'kit-broadcast:1',
        body: 'Issue 1 text.\n',
      });
      expect(loaded('hello')).toMatchObject({
        importedFrom: 'kit-broadcast:3',
        body: 'Hi there, and welcome.\n',
      });
      expect(images()).toEqual(['issue-1-1.jpg']);

      const second = await leads(settings, 'posts', 'import', '--kit', '--content', content);
      expect(second.stdout).toContain('Imported 0 posts, skipped 2 already imported, 0 failed');
      expect(posts()).toEqual(['hello.md', 'issue-1.md']);
    } finally {
      await kit.close();
    }
  });

  it('needs the key, refuses a redirect and never prints the key', async () => {
    expect(await leads({}, 'posts', 'import', '--kit', '--content', content)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('KIT_API_KEY is not set'),
    });
    const moved = await serve({
      '/v4/broadcasts': () => ({
        status: 302,
        body: '',
        headers: { Location: 'https://elsewhere.example/v4/broadcasts' },
      }),
    });
    try {
      const result = await leads(
        { KIT_API_KEY: key, KIT_API_URL: moved.url },
        'posts',
        'import',
        '--kit',
        '--content',
        content,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Kit answered with a redirect, which is refused');
      expect(result.stdout + result.stderr).not.toContain(key);
      expect(moved.requests).toHaveLength(1);
    } finally {
      await moved.close();
    }
  });
});
