import { book } from './site';
import type { PageMeta, Section } from './types';

export const meta: PageMeta = {
  title: `${book.title} by ${book.author}`,
  description: `Pre-order ${book.title}, the no-excuses playbook for starting and scaling, and claim six pre-order bonuses.`,
  theme: 'main',
};

export const hero = {
  kicker: 'Pre-order now',
  headline: book.title,
  sub: 'The no-excuses playbook for people who know they should start — and still haven’t.',
  orderLabel: 'Pre-order now',
} as const;

export const sections: readonly Section[] = [
  { id: 'endorsements', heading: 'What people are saying' },
  { id: 'about', heading: 'Inside the book' },
  { id: 'excerpt', heading: 'Read an excerpt' },
  { id: 'bonuses', heading: 'Pre-order bonuses' },
  { id: 'video', heading: 'A message from the author' },
  { id: 'faq', heading: 'Questions' },
  { id: 'contact', heading: 'Press & speaking enquiries' },
];
