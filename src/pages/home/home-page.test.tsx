import { beforeAll, describe, expect, it } from 'vitest';
import type { PageProps } from '../../content/page-props';
import { renderPage } from '../../entry-server';
import { testPageProps } from '../../testing/content';

/**
 * The home page's way into the writing (docs/decisions/028-writing.md): the latest writing, the
 * newest three posts out, and the newsletter sign-up's link to the past issues, from the sample
 * posts and a post dated ahead.
 */
let props: PageProps;
beforeAll(async () => {
  props = await testPageProps(Date.parse('2026-11-26T12:00:00Z'));
});

/** The latest writing's section, or undefined when the page has none. */
const latestWriting = (html: string) => /<section id="writing"[\s\S]*?<\/section>/.exec(html)?.[0];
const titles = (html: string) =>
  [...html.matchAll(/<h3[^>]*><a href="([^"]+)"[^>]*>(.*?)<\/a><\/h3>/g)].map(
    ([, href, title]) => `${href} ${title}`,
  );

/** The sample content with a post dated ahead. */
const withScheduled = (now: number, date: string): PageProps => {
  const sample = props.content.posts['the-first-hire'] as PageProps['content']['posts'][string];
  return {
    content: {
      ...props.content,
      posts: {
        ...props.content.posts,
        'the-secret-launch': { ...sample, title: 'The secret launch', date },
      },
    },
    now,
  };
};

describe('the home page’s latest writing', () => {
  it('lists the newest three posts out, each linking its page, with its date and summary', async () => {
    const section = latestWriting(await renderPage('home', props)) ?? '';
    const { home, writing, posts } = props.content;
    expect(section).toContain(home.latestWriting.heading);
    expect(titles(section)).toEqual([
      '/cheatcodes/a-week-without-you Plan a week without you, then take it',
      '/cheatcodes/numbers-a-buyer-reads The three numbers a buyer reads first',
      '/cheatcodes/the-first-hire The first hire is the one who replaces you',
    ]);
    expect(section).toContain('<time dateTime="2026-11-15T07:00:00+00:00">15 November 2026</time>');
    expect(section).toContain(posts['a-week-without-you']?.description.slice(0, 40));
    expect(section).toContain(`href="${writing.path}"`);
    expect(section).toContain(home.latestWriting.archive);
  });

  it('leaves out a post dated ahead until its time, then leads with it', async () => {
    const date = '2027-03-01T07:00:00+00:00';
    const before = await renderPage('home', withScheduled(Date.parse(date) - 60_000, date));
    expect(before).not.toMatch(/secret/i);
    const after = latestWriting(await renderPage('home', withScheduled(Date.parse(date), date)));
    expect(titles(after ?? '')).toEqual([
      '/cheatcodes/the-secret-launch The secret launch',
      '/cheatcodes/a-week-without-you Plan a week without you, then take it',
      '/cheatcodes/numbers-a-buyer-reads The three numbers a buyer reads first',
    ]);
  });

  it('is left out when the content hides it, and when no post is out', async () => {
    const { home } = props.content;
    const hidden = await renderPage('home', {
      ...props,
      content: {
        ...props.content,
        home: { ...home, latestWriting: { ...home.latestWriting, show: false } },
      },
    });
    expect(latestWriting(hidden)).toBeUndefined();
    expect(hidden).not.toContain(home.latestWriting.heading);
    const early = await renderPage('home', { ...props, now: Date.parse('2026-10-01T12:00:00Z') });
    expect(latestWriting(early)).toBeUndefined();
  });
});

describe('the home page’s newsletter sign-up', () => {
  it('links the past issues: the writing’s index', async () => {
    const html = await renderPage('home', props);
    const section = /<section id="newsletter"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section).toMatch(
      new RegExp(
        `<a href="${props.content.writing.path}"[^>]*>${props.content.writing.words.archive}<`,
      ),
    );
  });
});
