import bookCover from '../../content/images/book-cover.svg';
import portrait from '../../content/images/portrait.svg';
import { book, founder } from './site';
import type { SocialCard } from './types';

/** Artwork for the share cards of the pages not yet moved to content/ (the build reads it). */
export const cardArt = {
  bookCover: { src: bookCover, width: 600, height: 900, alt: book.coverAlt },
  portrait: {
    src: portrait,
    width: 800,
    height: 1000,
    alt: `Illustrated portrait of ${founder.name}`,
  },
} as const satisfies Record<string, NonNullable<SocialCard['art']>>;
