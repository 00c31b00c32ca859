import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalLocation,
  isContentOpened,
  ownerRoutes,
  systemPageIds,
} from '../../contracts/routes';
import { siteOrigins } from '../../contracts/sites';
import { readingMinutes } from '../components/writing/post-facts';
import type { PageProps } from '../content/page-props';
import { fillTemplate } from '../lib/template';
import { readTestImage, testPageProps } from '../testing/content';
import { type RenderedSocialCard, renderSocialCards } from './social-cards';

const origins = siteOrigins('https://jamie.example', {
  sellableBusiness: 'sellable.example',
  waitlist: 'wait.example',
  book: 'book.example',
});

describe('the share images drawn from the content layer', () => {
  let cards: RenderedSocialCard[];
  let props: PageProps;
  beforeAll(async () => {
    props = await testPageProps();
    cards = await renderSocialCards(origins, props, readTestImage);
  }, 60_000);

  it("draws one for every page with an address, the owner's and the writing's too, none for the 404", () => {
    expect(cards.map(({ page }) => page)).toEqual([
      ...systemPageIds.filter((page) => canonicalLocation[page] !== null),
      // The system page the content opens (the cohort's application page) is drawn as one.
      ...ownerRoutes(props.content)
        .map(({ page }) => page)
        .filter((page) => !isContentOpened(page)),
    ]);
    expect(cards.map(({ page }) => page)).toContain('cohort-apply');
    expect(cards.map(({ page }) => page)).toContain('pages/press');
    expect(cards.map(({ page }) => page)).toContain('posts/the-first-hire');
  });

  it('are 1200×630 PNGs, as Open Graph and X show them large', async () => {
    for (const card of cards) {
      const { format, width, height } = await sharp(card.png).metadata();
      expect({ format, width, height }, card.page).toEqual({
        format: 'png',
        width: 1200,
        height: 630,
      });
      expect({ width: card.width, height: card.height }).toEqual({ width, height });
    }
  });

  it('describe themselves in their alt text with the words they show', () => {
    const card = cards.find(({ page }) => page === 'workshop');
    expect(card?.alt).toContain(props.content.workshop.card.headline);
    expect(card?.alt).toContain(props.content.workshop.card.kicker);
    expect(card?.alt).toContain('Jamie Castell');
  });
});

describe("a post's share image", () => {
  const slug = 'the-first-hire';
  const coverSrc = '/assets/the-first-hire-cover.jpg';
  const cover = { src: coverSrc, width: 1600, height: 900, alt: 'A blue door in a white wall' };
  const blue = { r: 20, g: 60, b: 230 };

  /** The card of the post, drawn with `withCover` or without a cover. */
  async function postCard(withCover: boolean) {
    const props = await testPageProps();
    const post = props.content.posts[slug];
    if (!post) throw new Error(`the sample content has no post "${slug}"`);
    if (withCover) post.cover = cover;
    const photo = await sharp({
      create: { width: cover.width, height: cover.height, channels: 3, background: blue },
    })
      .jpeg()
      .toBuffer();
    const readImage = (src: string) =>
      src === coverSrc ? Promise.resolve(photo) : readTestImage(src);
    const cards = await renderSocialCards(origins, props, readImage);
    const card = cards.find(({ page }) => page === `posts/${slug}`);
    if (!card) throw new Error('no card for the post');
    const { data, info } = await sharp(card.png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return { r: data[at] ?? 0, g: data[at + 1] ?? 0, b: data[at + 2] ?? 0 };
    };
    return { card, pixel };
  }

  const isBlue = ({ r, g, b }: { r: number; g: number; b: number }) =>
    Math.abs(r - blue.r) < 24 && Math.abs(g - blue.g) < 24 && Math.abs(b - blue.b) < 24;

  it('shows its cover beside the words, cropped clear of them, and names it in the alt text', async () => {
    const { card, pixel } = await postCard(true);
    // The middle of the artwork's place on the right.
    expect(isBlue(pixel(916, 315))).toBe(true);
    // Left of the artwork's widest (a 16:9 cover at full height would reach here, over the words).
    expect(isBlue(pixel(690, 315))).toBe(false);
    expect(card.alt).toContain(cover.alt);
  }, 60_000);

  it('without a cover shows none', async () => {
    const { card, pixel } = await postCard(false);
    expect(isBlue(pixel(916, 315))).toBe(false);
    expect(card.alt).not.toContain(cover.alt);
  }, 60_000);

  it('gives the post’s date and reading time under its title, and the founder’s name once', async () => {
    const props = await testPageProps();
    const [card] = (await renderSocialCards(origins, props, readTestImage)).filter(
      ({ page }) => page === `posts/${slug}`,
    );
    const { writing, site, posts } = props.content;
    const post = posts[slug];
    if (!post) throw new Error(`the sample content has no post "${slug}"`);
    expect(card?.alt).toContain(
      fillTemplate(writing.words.readingTime, { minutes: readingMinutes(post) }),
    );
    expect(card?.alt.split(site.founder.name)).toHaveLength(2);
  }, 60_000);
});

describe('copy a card cannot hold', () => {
  it('fails the build naming the headline, or the kicker, that is too long', async () => {
    const props = await testPageProps();
    props.content.workshop.card.headline = 'A headline that goes on and on '.repeat(6).trim();
    await expect(renderSocialCards(origins, props, readTestImage)).rejects.toThrow(
      `Card headline too long: "${props.content.workshop.card.headline}"`,
    );
    const other = await testPageProps();
    other.content.workshop.card.kicker = 'A kicker far too long for one line '.repeat(3).trim();
    await expect(renderSocialCards(origins, other, readTestImage)).rejects.toThrow(
      `Card kicker too long: "${other.content.workshop.card.kicker}"`,
    );
  }, 60_000);
});
