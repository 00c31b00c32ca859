import { JSDOM } from 'jsdom';
import { beforeAll, expect, it } from 'vitest';
import type { PageId } from '../../../contracts/routes';
import type { PageProps } from '../../content/page-props';
import { renderPageDocument } from '../../entry-server';
import { testPageProps } from '../../testing/content';

/**
 * The writing's feeds as a feed reader finds them (docs/decisions/028-writing.md): every page's
 * head names all three, RSS, Atom and JSON Feed, on the main site under the section's path.
 */
let props: PageProps;
beforeAll(async () => {
  props = await testPageProps(Date.parse('2026-11-26T12:00:00Z'));
});

const feedLinks = async (page: PageId) => {
  const html = await renderPageDocument(page, props, {
    canonical: null,
    noindex: false,
    stylesheets: [],
    script: { src: '/assets/entry.js', imports: [] },
    fontPreloads: [],
    share: null,
  });
  const { document } = new JSDOM(html).window;
  return [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => ({
    type: link.getAttribute('type'),
    title: link.getAttribute('title'),
    href: new URL(link.getAttribute('href') ?? '').pathname,
  }));
};

it("every page's head names the three feeds, the JSON Feed among them", async () => {
  for (const page of ['home', 'writing', 'posts/the-first-hire'] as PageId[]) {
    expect(await feedLinks(page), page).toEqual([
      { type: 'application/rss+xml', title: 'Cheatcodes', href: '/cheatcodes/rss.xml' },
      { type: 'application/atom+xml', title: 'Cheatcodes', href: '/cheatcodes/atom.xml' },
      { type: 'application/feed+json', title: 'Cheatcodes', href: '/cheatcodes/feed.json' },
    ]);
  }
});
