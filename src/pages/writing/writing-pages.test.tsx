import { beforeAll, describe, expect, it } from 'vitest';
import { ownerRoutes } from '../../../contracts/routes';
import { isWritingPage } from '../../../contracts/writing';
import type { PageProps } from '../../content/page-props';
import { renderPage, renderPageDocument } from '../../entry-server';
import { testPageProps } from '../../testing/content';

/**
 * The writing's pages from the sample posts (docs/decisions/028-writing.md): the index lists them
 * newest first, a tag lists its own, a post shows its text, its facts, its neighbours, related
 * posts and the sign-up, and each is whole in its HTML.
 */
let props: PageProps;
beforeAll(async () => {
  props = await testPageProps(Date.parse('2026-11-26T12:00:00Z'));
});

/** The headings of a level in the page's main content (the consent banner has its own). */
const headings = (html: string, level: number) =>
  [
    ...(/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '').matchAll(
      new RegExp(`<h${level}[^>]*>(.*?)</h${level}>`, 'g'),
    ),
  ].map(([, inner]) => (inner ?? '').replace(/<[^>]+>/g, ''));

describe("the writing's pages", () => {
  it('answer on the main site under the section’s path, from the content', () => {
    const routes = ownerRoutes(props.content).filter(({ page }) => isWritingPage(page));
    expect(routes.map(({ page, path, site }) => `${site} ${path} ${page}`)).toEqual([
      'main /cheatcodes writing',
      'main /cheatcodes/tags/getting-out-of-the-way writing/tags/getting-out-of-the-way',
      'main /cheatcodes/tags/selling-a-business writing/tags/selling-a-business',
      'main /cheatcodes/tags/numbers writing/tags/numbers',
      'main /cheatcodes/tags/hiring writing/tags/hiring',
      'main /cheatcodes/a-week-without-you posts/a-week-without-you',
      'main /cheatcodes/numbers-a-buyer-reads posts/numbers-a-buyer-reads',
      'main /cheatcodes/the-first-hire posts/the-first-hire',
    ]);
  });

  it('the index: the section’s name as its one heading, every post newest first, linked', async () => {
    const html = await renderPage('writing', props);
    expect(headings(html, 1)).toEqual(['Cheatcodes']);
    expect(headings(html, 2)).toEqual([
      'Plan a week without you, then take it',
      'The three numbers a buyer reads first',
      'The first hire is the one who replaces you',
    ]);
    expect(html).toContain('href="/cheatcodes/the-first-hire"');
    expect(html).toContain('href="/cheatcodes/rss.xml"');
  });

  it('a tag: its posts only', async () => {
    const html = await renderPage('writing/tags/hiring', props);
    expect(headings(html, 1)).toEqual(['Cheatcodes on Hiring']);
    expect(headings(html, 2)).toEqual(['The first hire is the one who replaces you']);
  });

  it('a post: its title, facts, text, tags, neighbours, related posts and the sign-up', async () => {
    const html = await renderPage('posts/numbers-a-buyer-reads', props);
    expect(headings(html, 1)).toEqual(['The three numbers a buyer reads first']);
    expect(headings(html, 2)).toEqual([
      '1. Profit you can show',
      '2. How much of it repeats',
      '3. How much of it depends on you',
      // No other post is under its first tag, "Selling a business": no more to offer.
      props.content.writing.signUp.heading,
    ]);
    expect(html).toContain('<time dateTime="2026-11-08T07:00:00+00:00">8 November 2026</time>');
    expect(html).toContain('1 min read');
    expect(html).toContain('<strong>Repeat revenue</strong>');
    expect(html).toMatch(/href="\/cheatcodes\/the-first-hire" rel="prev"/);
    expect(html).toMatch(/href="\/cheatcodes\/a-week-without-you" rel="next"/);
    expect(html).toContain('href="/cheatcodes/tags/selling-a-business"');
    expect(html).toContain('id="post-sign-up-form"');
  });

  it('a post’s foot: its neighbours, then more under its first tag, none of them twice', async () => {
    const html = await renderPage('posts/a-week-without-you', props);
    expect(html).toMatch(/href="\/cheatcodes\/numbers-a-buyer-reads" rel="prev"/);
    expect(html).not.toMatch(/rel="next"/);
    // "Getting out of the way" is its first tag; the first hire is filed under it too.
    expect(headings(html, 2)).toContain('More on Getting out of the way');
    expect(headings(html, 3)).toEqual(['The first hire is the one who replaces you']);
    // The oldest post: its only neighbour is not offered again under its tag, "Hiring".
    const oldest = await renderPage('posts/the-first-hire', props);
    expect(oldest).toMatch(/href="\/cheatcodes\/numbers-a-buyer-reads" rel="next"/);
    expect(oldest).not.toMatch(/rel="prev"/);
    expect(headings(oldest, 2)).not.toContain('More on Hiring');
    expect(headings(oldest, 3)).toEqual([]);
  });

  it('a post’s document: its head, its BlogPosting and the feeds', async () => {
    const html = await renderPageDocument('posts/the-first-hire', props, {
      canonical: 'https://founder.example/cheatcodes/the-first-hire',
      noindex: false,
      stylesheets: [],
      script: { src: '/assets/entry.js', imports: [] },
      fontPreloads: [],
      share: { url: 'https://founder.example/card.png', width: 1200, height: 630, alt: 'Card' },
    });
    expect(html).toContain(
      '<title>The first hire is the one who replaces you | Cheatcodes</title>',
    );
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="Cheatcodes" href="[^"]+\/cheatcodes\/rss.xml">/,
    );
    expect(html).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="Cheatcodes" href="[^"]+\/cheatcodes\/atom.xml">/,
    );
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
    expect(JSON.parse(json)['@graph']).toEqual([
      expect.objectContaining({
        '@type': 'BlogPosting',
        headline: 'The first hire is the one who replaces you',
        datePublished: '2026-11-01T07:00:00+00:00',
        url: 'https://founder.example/cheatcodes/the-first-hire',
      }),
    ]);
  });
});

describe('the writing’s pages with a post dated next year', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const nextYear = `${new Date(now).getUTCFullYear() + 1}-03-01T07:00:00+00:00`;
  const document = (page: string) => ({
    canonical: `https://founder.example/${page}`,
    noindex: false,
    stylesheets: [],
    script: { src: '/assets/entry.js', imports: [] },
    fontPreloads: [],
    share: { url: 'https://founder.example/card.png', width: 1200, height: 630, alt: 'Card' },
  });
  /** The sample posts, one of them updated next year, and a post of next year's under "hiring". */
  const propsAt = (at: number): PageProps => {
    const { posts } = props.content;
    const sample = posts['the-first-hire'] as (typeof posts)[string];
    return {
      content: {
        ...props.content,
        posts: {
          ...posts,
          'a-week-without-you': {
            ...(posts['a-week-without-you'] as typeof sample),
            updated: nextYear,
          },
          'the-secret-launch': {
            ...sample,
            title: 'The secret launch',
            description: 'Nobody may know yet.',
            date: nextYear,
            tags: ['hiring', 'Secret plans'],
          },
        },
      },
      now: at,
    };
  };
  const dateModified = (html: string) =>
    JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}')[
      '@graph'
    ][0].dateModified;

  it('no page out shows it, its tag’s words, its date or an update dated ahead', async () => {
    const before = propsAt(now);
    const pages = [
      'writing',
      'writing/tags/hiring',
      'writing/tags/getting-out-of-the-way',
      'posts/the-first-hire',
      'posts/numbers-a-buyer-reads',
      'posts/a-week-without-you',
    ] as const;
    for (const page of pages) {
      const html = await renderPageDocument(page, before, document(page));
      expect(html, page).not.toMatch(/secret/i);
      expect(html, page).not.toContain(nextYear.slice(0, 10));
      expect(html, page).not.toContain('1 March');
    }
    // A tag is named in the words of the newest post out that has it.
    expect(headings(await renderPage('writing/tags/hiring', before), 1)).toEqual([
      'Cheatcodes on Hiring',
    ]);
    expect(
      dateModified(await renderPageDocument('posts/a-week-without-you', before, document('week'))),
    ).toBe(before.content.posts['a-week-without-you']?.date);
  });

  it('once its time has come, the index, its tag and its neighbour list it', async () => {
    const after = propsAt(Date.parse(nextYear) + 60_000);
    expect(headings(await renderPage('writing', after), 2)[0]).toBe('The secret launch');
    const tag = await renderPage('writing/tags/hiring', after);
    expect(headings(tag, 1)).toEqual(['Cheatcodes on hiring']);
    expect(headings(tag, 2)[0]).toBe('The secret launch');
    expect(await renderPage('posts/a-week-without-you', after)).toMatch(
      /href="\/cheatcodes\/the-secret-launch" rel="next"/,
    );
    // Under the first hire's first tag ("Hiring"), as its own first tag spells it ("hiring").
    const firstHire = await renderPage('posts/the-first-hire', after);
    expect(headings(firstHire, 2)).toContain('More on Hiring');
    expect(headings(firstHire, 3)).toEqual(['The secret launch']);
    expect(
      dateModified(await renderPageDocument('posts/a-week-without-you', after, document('week'))),
    ).toBe(nextYear);
  });
});
