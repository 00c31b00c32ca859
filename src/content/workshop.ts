import type { PageMeta, Section } from './types';

export const meta: PageMeta = {
  title: 'Make Your Business an Asset — Live Workshop',
  description:
    'A live workshop for founders of established businesses: the numbers, team and week that turn a business into an asset. One time price £49.',
  theme: 'premium',
};

export const hero = {
  eyebrow: 'Live Workshop: September 22nd @ 18:00 UK (BST)',
  headline: 'Make your business an asset',
  sub: 'For founders of established businesses who want a company that grows — and sells — without them.',
  ctaLabel: 'Reserve Your Spot',
} as const;

export const sections: readonly Section[] = [
  { id: 'testimonials', heading: 'What founders say' },
  { id: 'problem', heading: 'Most founders hit a point where growth stops feeling like progress' },
  { id: 'agenda', heading: 'What we’ll cover' },
  { id: 'paid', heading: 'This is a paid workshop...' },
  { id: 'price', heading: 'Claim Your Spot Now' },
  { id: 'faq', heading: 'Questions' },
];
