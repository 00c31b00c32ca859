import type { PageMeta, Section } from './types';

export const meta: PageMeta = {
  title: 'Escape the 7-Figure Prison — 5-Week Cohort',
  description:
    'An application-only 5-week cohort for founders of 7-figure service businesses: turn the business you run into an asset you own. 20 seats.',
  theme: 'premium',
};

export const hero = {
  badge: '$100,000,000 IN SALES ACHIEVED',
  headline: 'Escape the 7-Figure Prison',
  sub: 'Turn the service business that runs you into an asset that runs without you — in 5 weeks.',
  slots: 'Only 20 slots left',
  ctaLabel: 'BOOK YOUR APPLICATION CALL',
} as const;

export const sections: readonly Section[] = [
  { id: 'story', heading: 'I KNOW YOUR PAIN (TRUST ME)' },
  { id: 'shift', heading: 'THE SHIFT THAT CHANGES EVERYTHING' },
  { id: 'pitch', heading: 'PITCH TO 8-FIGURE EXPERTS LIVE' },
  { id: 'how', heading: 'HOW THE 5-WEEK TRANSFORMATION WORKS' },
  { id: 'fit', heading: 'WHO THIS IS FOR (AND WHO IT’S NOT)' },
  { id: 'details', heading: 'COHORT DETAILS' },
  { id: 'testimonials', heading: 'WHAT OTHER FOUNDERS SAY!' },
  { id: 'ready', heading: 'READY TO TRANSFORM YOUR BUSINESS?' },
  { id: 'faq', heading: 'COMMON QUESTIONS' },
];
