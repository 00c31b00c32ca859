import { book, founder } from './site';
import type { PageMeta, Section } from './types';

export const meta: PageMeta = {
  title: `${founder.name} — Entrepreneur, Investor, Author`,
  description:
    'From a council estate to a multi-8-figure agency exit at 27. Join the waitlist for “What’s Stopping You?”, get weekly tips and book Jamie to speak.',
  theme: 'main',
};

export const hero = {
  name: founder.name,
  tagline: founder.tagline,
  scrollCue: 'Scroll',
} as const;

export const bookSection = {
  id: 'book',
  kicker: 'Book Coming Soon',
  title: 'JOIN THE WAITLIST',
  subLine: `Be first to read ${book.title} and get 3 randomized “CheatCodes” from the book, delivered instantly.`,
  trustLine: 'Instant email. No spam. 1-click unsubscribe.',
} as const;

export const sections: readonly Section[] = [
  { id: 'intro', heading: 'Council estate kid. Agency founder. Exited at 27.' },
  { id: 'timeline', heading: 'The story so far' },
  { id: 'speaking', heading: 'Speaking' },
  { id: 'press', heading: 'As featured in' },
  { id: 'work-with-me', heading: 'Work with me' },
  { id: 'newsletter', heading: 'Join 17,000+ entrepreneurs getting weekly tips' },
  { id: 'contact', heading: 'Press & speaking enquiries' },
];

export const nav = {
  label: 'Main',
  links: [
    { label: 'BOOK', href: '#book' },
    { label: 'NEWSLETTER', href: '#newsletter' },
    { label: 'SPEAKING', href: '#speaking' },
    { label: 'CONTACT', href: '#contact' },
  ],
} as const;
