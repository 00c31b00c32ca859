import { JSDOM } from 'jsdom';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import type { FeedSource } from '../../../contracts/writing';
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
    },
    'newer-one': {
      title: 'Profit & <loss>',
      description: 'Written second, updated later.',
      date: '2026-11-08T07:00:00+00:00',
      updated: '2026-11-10T09:30:00+00:00',
      tags: ['Numbers', 'Selling a business'],
    },
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
      expect(newer?.contentSnippet ?? newer?.summary ?? newer?.content).toBe(
        'Written second, updated later.',
      );
      expect(JSON.stringify(newer?.categories)).toContain('Selling a business');
    });
  }

  it('says what it is to the reader: its type, in UTF-8', () => {
    const files = writingFeeds(source, 'https://founder.example');
    expect(files['rss.xml'].contentType).toBe('application/rss+xml; charset=utf-8');
    expect(files['atom.xml'].contentType).toBe('application/atom+xml; charset=utf-8');
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
      title: 'The secret launch',
      description: 'Not out yet.',
      date: nextYear,
      tags: ['Secret plans'],
    },
  },
};

describe("the writing's feeds with a post dated next year", () => {
  const feedsAt = (at: number) => {
    const files = writingFeeds(withScheduled, 'https://founder.example', at);
    return {
      rss: files['rss.xml'].body.toString('utf8'),
      atom: files['atom.xml'].body.toString('utf8'),
    };
  };
  /** Every date a feed gives, as a moment. */
  const datesOf = (xml: string) =>
    [
      ...xml.matchAll(
        /<(?:lastBuildDate|pubDate|published|updated)>([^<]+)<\/(?:lastBuildDate|pubDate|published|updated)>/g,
      ),
    ].map(([, date]) => Date.parse(date ?? ''));

  it('names neither it, nor its tag, nor its date, nor an update dated ahead, before their time', () => {
    for (const xml of Object.values(feedsAt(now))) {
      expect(xml).not.toContain('secret');
      expect(xml).not.toContain('Secret');
      const dates = datesOf(xml);
      expect(dates.length).toBeGreaterThan(0);
      for (const date of dates) expect(date).toBeLessThanOrEqual(now);
    }
    // The feed changed last when the post updated last before now was.
    expect(feedsAt(now).rss).toContain(
      `<lastBuildDate>${new Date('2026-11-10T09:30:00+00:00').toUTCString()}</lastBuildDate>`,
    );
    expect(feedsAt(now).atom).toMatch(/^<updated>2026-11-10T09:30:00.000Z<\/updated>$/m);
  });

  it('carries it, and dates the feed by it, once its time has come', () => {
    const out = Date.parse(nextYear);
    const { rss, atom } = feedsAt(out + 60_000);
    expect(rss).toContain('<title>The secret launch</title>');
    expect(rss).toContain(`<lastBuildDate>${new Date(out).toUTCString()}</lastBuildDate>`);
    expect(atom).toContain('<title>The secret launch</title>');
    expect(atom).toMatch(new RegExp(`^<updated>${new Date(out).toISOString()}</updated>$`, 'm'));
  });
});

/**
 * The feeds read by a strict XML parser (jsdom's, which reports what is not well-formed as a
 * parsererror document), with a hostile title among the posts: control characters, which XML
 * cannot hold at all, the end of a CDATA section, markup, quotes and an emoji.
 */
describe("the writing's feeds with a hostile title", () => {
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
        },
      },
    },
    'https://founder.example',
    Date.parse('2026-11-27T12:00:00Z'),
  );
  const { DOMParser } = new JSDOM('').window;
  const parsed = (file: 'rss.xml' | 'atom.xml') => {
    const document = new DOMParser().parseFromString(
      files[file].body.toString('utf8'),
      'application/xml',
    );
    const error = document.getElementsByTagName('parsererror')[0];
    if (error) throw new Error(`${file} is not well-formed XML: ${error.textContent}`);
    return document;
  };
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
});
