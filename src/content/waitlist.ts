import bookCover from '../../content/images/book-cover.svg';
import { publicConfig } from '../config';
import type { SpacesBannerProps } from '../components/waitlist/spaces-banner';
import type { WaitlistHeroProps } from '../sections/waitlist/waitlist-hero';
import { cardArt } from './card-art';
import { formCopy, waitlistBonusLink } from './forms';
import { book } from './site';
import type { PageMeta } from './types';

/**
 * The waitlist ({product}) page: spec §2.3, §4, §9; D1, D4, D11. Visitors arrive from Instagram
 * (`/ig`, `/bookwaitlistig`) and LinkedIn (`/li`, `/bookwaitlistli`) ads, or directly.
 */
export const meta: PageMeta = {
  title: `Join the waitlist — ${book.title}`,
  description: `Claim your spot on the waitlist for ${book.title} and get 3 CheatCodes from the book by email, instantly.`,
  theme: 'main',
  card: {
    kicker: 'Join the waitlist',
    headline: 'Be first to read it',
    detail: 'Get 3 CheatCodes from the book by email, instantly.',
    art: cardArt.bookCover,
  },
};

export const banner = {
  label: 'Waitlist offer',
  lead: "Claim your spot before it's gone",
  remainingLabel: 'spaces remaining',
  endsLabel: 'Offer ends 24th September',
  /** Said politely to screen readers when the visitor's own sign-up takes a space. */
  announcement: 'You took a space: {count} spaces remaining.',
  mode: publicConfig.spacesCounter.mode,
  // Spec §9: 983 to start, never below 250, 1–3 fewer every 5–10 s (simulated mode).
  rules: {
    start: 983,
    floor: 250,
    drop: { min: 1, max: 3 },
    delayMs: { min: 5000, max: 10_000 },
  },
} as const satisfies SpacesBannerProps;

export const hero = {
  kicker: book.title,
  cover: { src: bookCover, width: 600, height: 900, alt: book.coverAlt },
  heading: "You're almost in",
  sub: `Get book updates and 3 randomized CheatCodes from ${book.title}, delivered instantly.`,
  trustLine: 'Instant email. No spam. 1-click unsubscribe.',
  form: {
    id: 'waitlist-page-form',
    firstNameLabel: 'First name (optional)',
    bonusLink: waitlistBonusLink,
    emailLabel: formCopy.emailLabel,
    emailPlaceholder: formCopy.emailPlaceholder,
    copy: {
      submit: 'I want book updates!',
      submitting: 'Submitting...',
      success: 'Success! Now check your email to confirm your subscription.',
      error: formCopy.signUpDefault.error,
    },
  },
} as const satisfies WaitlistHeroProps;
