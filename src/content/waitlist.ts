import { book } from './site';
import type { PageMeta } from './types';

export const meta: PageMeta = {
  title: `Join the waitlist — ${book.title}`,
  description: `Claim your spot on the waitlist for ${book.title} and get 3 CheatCodes from the book by email, instantly.`,
  theme: 'main',
};

export const banner = {
  lead: "Claim your spot before it's gone",
  remainingLabel: 'spaces remaining',
  endsLabel: 'Offer ends 24th September',
} as const;

export const hero = {
  headline: "You're almost in",
  sub: `Get book updates and 3 CheatCodes from ${book.title} the moment you join.`,
  firstNameLabel: 'First name (optional)',
  emailLabel: 'Email address',
  submitLabel: 'I want book updates!',
  success: 'Success! Now check your email to confirm your subscription.',
} as const;
