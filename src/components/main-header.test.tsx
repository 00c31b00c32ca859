import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageId } from '../../contracts/routes';
import { publicConfig } from '../config';
import type { PageProps } from '../content/page-props';
import { renderPage } from '../entry-server';
import { testPageProps } from '../testing/content';

/**
 * The main site's frame (docs/decisions/026-owner-pages.md, "Headers"): the writing, the owner's
 * pages and the legal pages get the menu header and the footer's menu; the home page adds the
 * owner's items to its own; the seed's landing pages keep neither.
 */
let props: PageProps;
beforeAll(async () => {
  props = await testPageProps(Date.parse('2026-11-26T12:00:00Z'));
});

const home = new URL('/', publicConfig.origins.main).href;
const onMain = (path: string) => new URL(path, publicConfig.origins.main).href;

async function pageOf(page: PageId, with_: PageProps = props) {
  return new JSDOM(await renderPage(page, with_)).window.document;
}

/** The menu's items as "label -> address [aria-current]", in one of its two layouts. */
const items = (list: Element | null | undefined) =>
  [...(list?.querySelectorAll('a') ?? [])].map(
    (link) =>
      `${link.textContent} -> ${link.getAttribute('href')}${
        link.hasAttribute('aria-current') ? ` [${link.getAttribute('aria-current')}]` : ''
      }`,
  );

const mainMenu = (document: Document) =>
  document.querySelector('header nav[aria-label="Main menu"]');

describe('the menu header', () => {
  it('on a post: the founder home, the menu in a details disclosure, the writing marked as its section', async () => {
    const document = await pageOf('posts/the-first-hire');
    const header = document.querySelector('header');
    const brand = header?.querySelector('a');
    expect(brand?.textContent).toBe(props.content.site.founder.name);
    expect(brand?.getAttribute('href')).toBe(home);
    const nav = mainMenu(document);
    const row = nav?.querySelector(':scope > ul');
    const disclosure = nav?.querySelector(':scope > details');
    expect(items(row)).toEqual([
      `Writing -> ${onMain('/cheatcodes')} [true]`,
      `Press -> ${onMain('/press')}`,
    ]);
    // The phone's layout: the same items behind a summary in the content's words, no script.
    expect(disclosure?.querySelector('summary')?.textContent).toBe('Menu');
    expect(items(disclosure)).toEqual(items(row));
    expect(header?.outerHTML).not.toMatch(/<script|data-island|\bon[a-z]+=/);
    // No item is this page itself.
    expect(nav?.querySelector('[aria-current="page"]')).toBeNull();
  });

  it.each([
    ['writing', 'Writing'],
    ['writing/tags/hiring', null],
    ['pages/press', 'Press'],
  ] as const)(
    'on %s marks the current page’s item (%s) with aria-current="page"',
    async (page, label) => {
      const document = await pageOf(page);
      const current = [...(mainMenu(document)?.querySelectorAll('[aria-current="page"]') ?? [])];
      // Once in each layout, or none when the page is not in the menu.
      expect(current.map((link) => link.textContent)).toEqual(label ? [label, label] : []);
    },
  );

  it('on a legal page: every link goes to the main site, as it is served on every host', async () => {
    const document = await pageOf('terms');
    expect(document.querySelector('header a')?.getAttribute('href')).toBe(home);
    expect(items(mainMenu(document)?.querySelector('ul'))).toEqual([
      `Writing -> ${onMain('/cheatcodes')}`,
      `Press -> ${onMain('/press')}`,
    ]);
  });

  it('marks an external item: a new tab without an opener, rel external, and words for a screen reader', async () => {
    const site = props.content.site;
    const primary = [
      ...site.navigation.primary,
      { label: 'LinkedIn', href: 'https://www.linkedin.com/in/someone', external: true },
    ];
    const document = await pageOf('writing', {
      ...props,
      content: { ...props.content, site: { ...site, navigation: { ...site.navigation, primary } } },
    });
    const links = [...(mainMenu(document)?.querySelectorAll('a') ?? [])].filter((link) =>
      link.textContent?.startsWith('LinkedIn'),
    );
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe('https://www.linkedin.com/in/someone');
      expect(link.getAttribute('rel')?.split(' ').sort()).toEqual([
        'external',
        'noopener',
        'noreferrer',
      ]);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.querySelector('.sr-only')?.textContent).toContain(site.navigation.externalHint);
      expect(link.hasAttribute('aria-current')).toBe(false);
    }
  });

  it.each(['writing', 'posts/the-first-hire', 'pages/press', 'privacy', 'home'] as const)(
    '%s has one skip link and the footer’s menu',
    async (page) => {
      const document = await pageOf(page);
      expect(document.querySelectorAll('a[href="#main"]')).toHaveLength(1);
      const footerMenu = document.querySelector('footer nav[aria-label="Site"]');
      expect(items(footerMenu).map((item) => item.replace(/ \[.*\]$/, ''))).toEqual([
        `Writing -> ${onMain('/cheatcodes')}`,
        `Press -> ${onMain('/press')}`,
      ]);
    },
  );
});

describe('the home page', () => {
  it('keeps its section menu and adds the owner’s items after it', async () => {
    const document = await pageOf('home');
    const nav = document.querySelector('header nav');
    expect(
      [...(nav?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href')),
    ).toEqual([
      '#book',
      '#newsletter',
      '#speaking',
      '#contact',
      onMain('/cheatcodes'),
      onMain('/press'),
    ]);
    expect(document.querySelectorAll('nav[aria-label="Main menu"]')).toHaveLength(0);
  });
});

describe('the seed’s landing pages', () => {
  it.each([
    'waitlist',
    'book',
    'handbook',
    'thank-you',
    'workshop',
    'cohort',
    'not-found',
  ] as const)('%s has no menu, only the footer’s way home', async (page) => {
    const document = await pageOf(page);
    expect(document.querySelector('nav[aria-label="Main menu"]')).toBeNull();
    expect(document.querySelector('nav[aria-label="Site"]')).toBeNull();
    expect(document.querySelector('details > summary')?.textContent).not.toBe('Menu');
    const name = [...document.querySelectorAll('footer a')].find(
      (link) => link.textContent === props.content.site.founder.name,
    );
    expect(name?.getAttribute('href')).toBe(home);
  });
});
