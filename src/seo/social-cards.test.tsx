import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalLocation, ownerRoutes, systemPageIds } from '../../contracts/routes';
import { siteOrigins } from '../../contracts/sites';
import type { PageProps } from '../content/page-props';
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
      ...ownerRoutes(props.content).map(({ page }) => page),
    ]);
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
