import heroPoster from '../../content/images/hero-poster.svg';
import { downloads } from '../../contracts/downloads';
import { publicConfig } from '../config';
import type { ShareBonusProps } from '../components/thank-you/share-bonus';
import type { TeaserProps } from '../components/thank-you/teaser';
import { cardArt } from './card-art';
import { book, founder } from './site';
import type { PageMeta } from './types';

/** The thank-you / bonus page (spec §2.5, D10), reached after joining the waitlist. */

const welcome = { kicker: 'Welcome to the waitlist', heading: "You're in. Here's your bonus" };

export const meta: PageMeta = {
  title: "You're in — here's your bonus",
  description: 'Your bonus is ready to download. Share with two friends to unlock a second bonus.',
  theme: 'main',
  card: { kicker: welcome.kicker, headline: welcome.heading, art: cardArt.bookCover },
};

export const hero = {
  ...welcome,
  sub: `Your 3 CheatCodes from ${book.title} are ready: a short PDF to read tonight and use tomorrow.`,
  download: { label: 'Download', href: downloads.bonus },
} as const;

export const teaser = {
  label: 'Play 60-sec teaser',
  dialogTitle: `${book.title}: the 60-second teaser`,
  closeLabel: 'Close',
  video: {
    title: `${book.title} — teaser`,
    url: publicConfig.videos.teaser,
    poster: {
      src: heroPoster,
      width: 1280,
      height: 720,
      alt: `${founder.name} introducing ${book.title}`,
    },
    play: 'Play the teaser',
  },
} as const satisfies TeaserProps;

export const share = {
  id: 'share',
  ps: 'PS: Share this with 2 friends to unlock a second bonus.',
  linkLabel: 'Your personal link',
  noCode: 'Join the waitlist to get a personal link that counts your friends.',
  copy: 'Copy link',
  copied: 'Link copied',
  share: 'Share',
  shareTitle: `Join me on the ${book.title} waitlist`,
  shareText: `I just joined the waitlist for ${book.title} by ${founder.name}. Join me and get 3 CheatCodes from the book:`,
  directLabel: 'Or share on',
  direct: [
    { label: 'WhatsApp', href: 'https://wa.me/?text={text}%20{url}' },
    { label: 'X', href: 'https://x.com/intent/post?text={text}&url={url}' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/sharing/share-offsite/?url={url}' },
    { label: 'Email', href: 'mailto:?subject={title}&body={text}%20{url}' },
  ],
  progress: '{joined} of {goal} friends joined',
  unlocked: 'Unlocked! Thank you for sharing.',
  secondBonusLabel: 'Download the 2026 Planning Workbook',
  waitlistOrigin: publicConfig.origins.waitlist,
} as const satisfies ShareBonusProps;
