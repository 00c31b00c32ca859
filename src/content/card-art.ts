import bookCover from '../assets/book-cover.svg?raw';
import portrait from '../assets/portrait.svg?raw';
import { book, founder } from './site';
import type { SocialCard } from './types';

/**
 * Artwork for the share cards, as SVG markup: only the page modules' `meta` use it, which the
 * build reads and no browser bundle imports.
 */
export const cardArt = {
  bookCover: { svg: bookCover, width: 600, height: 900, alt: book.coverAlt },
  portrait: {
    svg: portrait,
    width: 800,
    height: 1000,
    alt: `Illustrated portrait of ${founder.name}`,
  },
} as const satisfies Record<string, NonNullable<SocialCard['art']>>;
