import { JSDOM } from 'jsdom';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FeedSource } from '../../../contracts/render-slices/writing';
import { writingFeeds } from './feeds';

/**
 * The writing's feeds read by rss-parser, the feed reader library most Node projects use: both
 * formats give the same posts, newest first, with their links, dates, summaries and tags.
 */
const source: FeedSource = {
  name: 'Cheatcodes & "notes"',
  path: '/cheatcodes',
  description: 'One idea a week <for founders>.',
  author: 'Jamie Castell',
  posts: {
    'older-one': {
      title: 'The older one',
      description: 'Written first.',
      date: '2026-11-01T07:00:00+00:00',
      tags: ['Hiring'],
      body: 'Short and plain.',
    },
    'newer-one': {
      title: 'Profit & <loss>',
      description: 'Written second, updated later.',
      date: '2026-11-08T07:00:00+00:00',
      updated: '2026-11-10T09:30:00+00:00',
      tags: ['Numbers', 'Selling a business'],
      cover: { src: '/assets/images/cover-1a2b.jpg', alt: 'A ledger, open' },
      body: [
        'Keep fees < 5% & read [the workshop](/workshop), [below](#the-margin) and [Kit](https://kit.com).',
        '',
        '## The margin',
        '',
        '![The margin, drawn](margin.png)',
      ].join('\n'),
    },
  },
  pictures: {
    'newer-one': { 'margin.png': { src: '/assets/images/margin-9f8e.png', alt: 'margin.png' } },
  },
};

const parser = new Parser({
  customFields: { item: [['category', 'categories', { keepArray: true }]] },
});

describe("the writing's feeds", () => {
  for (const file of ['rss.xml', 'atom.xml'] as const) {
    it(`${file}: every post newest first, with its link, date, summary and tags`, async () => {
      const feed = await parser.parseString(
        writingFeeds(source, 'https://founder.example')[file].body.toString('utf8'),
      );
      expect(feed.title).toBe('Cheatcodes & "notes"');
      expect(feed.link).toBe('https://founder.example/cheatcodes');
      expect(feed.items.map(({ title, link }) => ({ title, link }))).toEqual([
        { title: 'Profit & <loss>', link: 'https://founder.example/cheatcodes/newer-one' },
        { title: 'The older one', link: 'https://founder.example/cheatcodes/older-one' },
      ]);
      const [newer] = feed.items;
      expect(Date.parse(newer?.isoDate ?? '')).toBe(Date.parse('2026-11-08T07:00:00+00:00'));
      // Atom's summary is its own element; RSS's is the description (its full text is below).
      expect(newer?.summary ?? newer?.contentSnippet).toBe('Written second, updated later.');
      expect(JSON.stringify(newer?.categories)).toContain('Selling a business');
    });
  }

  it('says what it is to the reader: its type, in UTF-8', () => {
    const files = writingFeeds(source, 'https://founder.example');
    expect(files['rss.xml'].contentType).toBe('application/rss+xml; charset=utf-8');
    expect(files['atom.xml'].contentType).toBe('application/atom+xml; charset=utf-8');
    expect(files['feed.json'].contentType).toBe('application/feed+json');
  });
});

/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1) as a reader reads it: the fields the site
 * writes, with the types and the forms the specification gives them.
 */
const rfc3339 = z.iso.datetime({ offset: true });
const jsonFeed11 = z.strictObject({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string().min(1),
  home_page_url: z.url(),
  feed_url: z.url(),
  description: z.string(),
  language: z.string().optional(),
  authors: z.array(z.strictObject({ name: z.string().min(1) })).min(1),
  items: z.array(
    z.strictObject({
      id: z.string().min(1),
      url: z.url(),
      title: z.string(),
      content_html: z.string().min(1),
      summary: z.string(),
      image: z.url().optional(),
      date_published: rfc3339,
      date_modified: rfc3339,
      tags: z.array(z.string()),
    }),
  ),
});
const readJsonFeed = (files: ReturnType<typeof writingFeeds>) =>
  jsonFeed11.parse(JSON.parse(files['feed.json'].body.toString('utf8')));

const { DOMParser } = new JSDOM('').window;
/** A feed read by jsdom's strict XML parser, which reports what is not well-formed. */
function parsedXml(files: ReturnType<typeof writingFeeds>, file: 'rss.xml' | 'atom.xml') {
  const document = new DOMParser().parseFromString(
    files[file].body.toString('utf8'),
    'application/xml',
  );
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`${file} is not well-formed XML: ${error.textContent}`);
  return document;
}
const contentNamespace = 'http://purl.org/rss/1.0/modules/content/';
/** Each post's full text as each feed carries it, newest first. */
function fullTexts(files: ReturnType<typeof writingFeeds>): Record<string, string[]> {
  const rss = parsedXml(files, 'rss.xml');
  const atom = parsedXml(files, 'atom.xml');
  return {
    'rss.xml': [...rss.getElementsByTagNameNS(contentNamespace, 'encoded')].map(
      (element) => element.textContent ?? '',
    ),
    'atom.xml': [...atom.querySelectorAll('entry > content')].map((element) => {
      expect(element.getAttribute('type')).toBe('html');
      return element.textContent ?? '';
    }),
    'feed.json': readJsonFeed(files).items.map((item) => item.content_html),
  };
}
/** An HTML fragment as a feed reader reads it. */
const fragment = (html: string) => JSDOM.fragment(html);

describe("the writing's feeds carry each post's full text", () => {
  const files = writingFeeds(source, 'https://founder.example', Date.parse('2026-11-27T12:00:00Z'));

  it("in all three, every link and picture on the site's address", () => {
    for (const [file, [newer, older]] of Object.entries(fullTexts(files))) {
      const text = fragment(newer ?? '');
      expect(
        [...text.querySelectorAll('p')].map((paragraph) => paragraph.textContent).filter(Boolean),
        file,
      ).toEqual(['Keep fees < 5% & read the workshop, below and Kit.']);
      expect(text.querySelector('h2')?.textContent, file).toBe('The margin');
      expect(
        [...text.querySelectorAll('a')].map((link) => link.getAttribute('href')),
        file,
      ).toEqual([
        'https://founder.example/workshop',
        'https://founder.example/cheatcodes/newer-one#the-margin',
        'https://kit.com/',
      ]);
      expect(
        [...text.querySelectorAll('img')].map((picture) => [
          picture.getAttribute('src'),
          picture.getAttribute('alt'),
        ]),
        file,
      ).toEqual([
        ['https://founder.example/assets/images/cover-1a2b.jpg', 'A ledger, open'],
        ['https://founder.example/assets/images/margin-9f8e.png', 'The margin, drawn'],
      ]);
      expect(fragment(older ?? '').textContent, file).toBe('Short and plain.');
    }
  });

  it('feed.json: the section, its author and each post with its summary, dates, tags and cover', () => {
    const feed = readJsonFeed(files);
    expect(feed).toMatchObject({
      title: 'Cheatcodes & "notes"',
      home_page_url: 'https://founder.example/cheatcodes',
      feed_url: 'https://founder.example/cheatcodes/feed.json',
      description: 'One idea a week <for founders>.',
      authors: [{ name: 'Jamie Castell' }],
    });
    expect(feed.items.map(({ content_html: _, ...item }) => item)).toEqual([
      {
        id: 'https://founder.example/cheatcodes/newer-one',
        url: 'https://founder.example/cheatcodes/newer-one',
        title: 'Profit & <loss>',
        summary: 'Written second, updated later.',
        image: 'https://founder.example/assets/images/cover-1a2b.jpg',
        date_published: '2026-11-08T07:00:00.000Z',
        date_modified: '2026-11-10T09:30:00.000Z',
        tags: ['Numbers', 'Selling a business'],
      },
      {
        id: 'https://founder.example/cheatcodes/older-one',
        url: 'https://founder.example/cheatcodes/older-one',
        title: 'The older one',
        summary: 'Written first.',
        date_published: '2026-11-01T07:00:00.000Z',
        date_modified: '2026-11-01T07:00:00.000Z',
        tags: ['Hiring'],
      },
    ]);
  });
});

/** A post dated next year, relative to the feeds' `now`, beside those already out. */
const now = Date.parse('2026-11-27T12:00:00Z');
const nextYear = `${new Date(now).getUTCFullYear() + 1}-03-01T07:00:00+00:00`;
const withScheduled: FeedSource = {
  ...source,
  posts: {
    ...source.posts,
    // Out already; its update is not.
    'older-one': {
      ...(source.posts['older-one'] as FeedSource['posts'][string]),
      updated: nextYear,
    },
    'the-secret-launch': {
      title: 'The launch',
      description: 'Not out yet.',
      date: nextYear,
      tags: ['Secret plans'],
      body: 'The secret plan, in full.\n\n![The plan](plan.png)',
    },
  },
  pictures: {
    ...source.pictures,
    'the-secret-launch': { 'plan.png': { src: '/assets/images/secret-plan.png', alt: 'plan.png' } },
  },
};

describe("the writing's feeds with a post dated next year", () => {
  const feedsAt = (at: number) => {
    const files = writingFeeds(withScheduled, 'https://founder.example', at);
    return {
      rss: files['rss.xml'].body.toString('utf8'),
      atom: files['atom.xml'].body.toString('utf8'),
      json: files['feed.json'].body.toString('utf8'),
    };
  };
  /** Every date a feed gives, as a moment. */
  const datesOf = (xml: string) =>
    [
      ...xml.matchAll(
        /<(?:lastBuildDate|pubDate|published|updated)>([^<]+)<\/(?:lastBuildDate|pubDate|published|updated)>/g,
      ),
    ].map(([, date]) => Date.parse(date ?? ''));

  it('names neither it, nor its tag, its text, its date, nor an update dated ahead, before their time', () => {
    const { json, ...xml } = feedsAt(now);
    for (const feed of [...Object.values(xml), json]) {
      expect(feed).not.toMatch(/secret|launch|plan/i);
      expect(feed).not.toContain(nextYear.slice(0, 4));
    }
    for (const feed of Object.values(xml)) {
      const dates = datesOf(feed);
      expect(dates.length).toBeGreaterThan(0);
      for (const date of dates) expect(date).toBeLessThanOrEqual(now);
    }
    const { items } = jsonFeed11.parse(JSON.parse(json));
    expect(items.map(({ title }) => title)).toEqual(['Profit & <loss>', 'The older one']);
    for (const { date_published, date_modified } of items) {
      expect(Date.parse(date_published)).toBeLessThanOrEqual(now);
      expect(Date.parse(date_modified)).toBeLessThanOrEqual(now);
    }
    // The feed changed last when the post updated last before now was.
    expect(feedsAt(now).rss).toContain(
      `<lastBuildDate>${new Date('2026-11-10T09:30:00+00:00').toUTCString()}</lastBuildDate>`,
    );
    expect(feedsAt(now).atom).toMatch(/^<updated>2026-11-10T09:30:00.000Z<\/updated>$/m);
  });

  it('carries it, and dates the feed by it, once its time has come', () => {
    const out = Date.parse(nextYear);
    const { rss, atom, json } = feedsAt(out + 60_000);
    expect(rss).toContain('<title>The launch</title>');
    expect(rss).toContain('The secret plan, in full.');
    expect(rss).toContain(`<lastBuildDate>${new Date(out).toUTCString()}</lastBuildDate>`);
    expect(atom).toContain('<title>The launch</title>');
    expect(atom).toContain('https://founder.example/assets/images/secret-plan.png');
    expect(jsonFeed11.parse(JSON.parse(json)).items[0]).toMatchObject({
      title: 'The launch',
      date_published: new Date(out).toISOString(),
      content_html: expect.stringContaining('The secret plan, in full.'),
    });
    expect(atom).toMatch(new RegExp(`^<updated>${new Date(out).toISOString()}</updated>$`, 'm'));
  });
});

/**
 * The feeds read by a strict XML parser (jsdom's, which reports what is not well-formed as a
 * parsererror document) and the JSON Feed's schema, with a hostile title and text among the
 * posts: control characters, which XML cannot hold at all, the end of a CDATA section, markup,
 * the end of a script, quotes and an emoji.
 */
describe("the writing's feeds with a hostile title and text", () => {
  const hostile = '\u0000Profit\u0007 & <loss> ]]> "double" \'single\' 🚀\u001f\u007f\ufffe end';
  /** What a reader can be given of it: the title without what XML cannot hold. */
  const readable = 'Profit & <loss> ]]> "double" \'single\' 🚀 end';
  const files = writingFeeds(
    {
      ...source,
      name: 'Cheat\u0008codes ]]> <&>',
      posts: {
        ...source.posts,
        hostile: {
          title: hostile,
          description: 'Line one,\nline two\u000b. <script>alert(1)</script>',
          date: '2026-11-20T07:00:00+00:00',
          tags: ['<b>Bold</b> & \u0000null'],
          body: 'Fees < 5% & ]]> **bold ]]>** and\u0007 `</script><script>alert(1)</script>` &amp; &lt;img src=x onerror=alert(1)&gt;',
        },
      },
    },
    'https://founder.example',
    Date.parse('2026-11-27T12:00:00Z'),
  );
  const parsed = (file: 'rss.xml' | 'atom.xml') => parsedXml(files, file);
  const texts = (document: Document, selector: string) =>
    [...document.querySelectorAll(selector)].map((element) => element.textContent);

  it('the parser refuses what is not well-formed (so that its silence means something)', () => {
    const document = new DOMParser().parseFromString('<title>a\u0007b</title>', 'application/xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(1);
  });

  it('rss.xml is well-formed and carries the title, its summary and its tag as written', () => {
    const document = parsed('rss.xml');
    expect(document.documentElement.nodeName).toBe('rss');
    expect(texts(document, 'channel > title')).toEqual(['Cheatcodes ]]> <&>']);
    expect(texts(document, 'item > title')).toEqual([readable, 'Profit & <loss>', 'The older one']);
    expect(texts(document, 'item > description')[0]).toBe(
      'Line one,\nline two. <script>alert(1)</script>',
    );
    expect(texts(document, 'item > category')[0]).toBe('<b>Bold</b> & null');
  });

  it('atom.xml is well-formed and carries the title, its summary and its tag as written', () => {
    const document = parsed('atom.xml');
    expect(document.documentElement.nodeName).toBe('feed');
    expect(texts(document, 'feed > title')).toEqual(['Cheatcodes ]]> <&>']);
    expect(texts(document, 'entry > title')).toEqual([
      readable,
      'Profit & <loss>',
      'The older one',
    ]);
    expect(texts(document, 'entry > summary')[0]).toBe(
      'Line one,\nline two. <script>alert(1)</script>',
    );
    expect(document.querySelector('entry > category')?.getAttribute('term')).toBe(
      '<b>Bold</b> & null',
    );
  });

  it('feed.json is a JSON Feed 1.1 and carries the title, its summary and its tag as the others do', () => {
    const feed = readJsonFeed(files);
    expect(feed.title).toBe('Cheatcodes ]]> <&>');
    expect(feed.items.map(({ title }) => title)).toEqual([
      readable,
      'Profit & <loss>',
      'The older one',
    ]);
    expect(feed.items[0]?.summary).toBe('Line one,\nline two. <script>alert(1)</script>');
    expect(feed.items[0]?.tags).toEqual(['<b>Bold</b> & null']);
  });

  it("all three carry the text's words as written, and no markup of its own", () => {
    for (const [file, [text]] of Object.entries(fullTexts(files))) {
      const html = fragment(text ?? '');
      expect(html.textContent, file).toBe(
        // The Markdown's "&amp;" is an ampersand and "&lt;" a "<", as the page shows them.
        'Fees < 5% & ]]> bold ]]> and </script><script>alert(1)</script> & <img src=x onerror=alert(1)>',
      );
      expect(html.querySelector('strong')?.textContent, file).toBe('bold ]]>');
      expect(html.querySelector('code')?.textContent, file).toBe(
        '</script><script>alert(1)</script>',
      );
      expect(html.querySelectorAll('script, img'), file).toHaveLength(0);
    }
  });
});
