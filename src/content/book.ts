import bookCover from '../../content/images/book-cover.svg';
import bookExcerpt from '../../content/images/book-excerpt.svg';
import authorPoster from '../../content/images/hero-poster.svg';
import { publicConfig } from '../config';
import type { BonusClaimProps } from '../sections/book/bonus-claim';
import type { BonusesProps } from '../sections/book/bonuses';
import type { BookDescriptionProps } from '../sections/book/book-description';
import type { BookHeroProps } from '../sections/book/book-hero';
import type { ExcerptProps } from '../sections/book/excerpt';
import type { ExitIntentProps } from '../components/book/exit-intent';
import type { ContactProps } from '../sections/contact';
import type { FaqProps } from '../sections/faq';
import type { TestimonialsProps } from '../sections/testimonials';
import type { VideoMessageProps } from '../sections/video-message';
import { cardArt } from './card-art';
import { contact as homeContact } from './home';
import { book, founder } from './site';
import type { PageMeta } from './types';

/**
 * The book landing (pre-order) page, spec §2.4 and D2, D15. Spec wording is kept; endorsements,
 * bonuses' descriptions and FAQ answers are sample copy about the fictional founder (D21): the
 * people quoted are fictional.
 */

const releaseDay = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeZone: 'Europe/London',
}).format(Date.parse(book.releaseDate));
const preOrder = `Pre-order now · Out ${releaseDay}`;
const promise = 'Stop waiting. Start winning.';

export const meta: PageMeta = {
  // Spec §2.4: the document title is the book title plus the author.
  title: `${book.title} by ${book.author}`,
  description: `Pre-order ${book.title}, the no-excuses playbook for starting and scaling, and claim six pre-order bonuses.`,
  theme: 'main',
  card: {
    kicker: preOrder,
    headline: promise,
    detail: 'Pre-order today and claim six bonuses worth more than the book.',
    art: cardArt.bookCover,
  },
};

const retailer = publicConfig.links.bookRetailer;

export const hero = {
  kicker: preOrder,
  heading: book.title,
  sub: 'The no-excuses playbook for people who know they should start — and still haven’t. Pre-order today and claim six bonuses worth more than the book.',
  cover: { src: bookCover, width: 600, height: 900, alt: book.coverAlt },
  order: { label: 'Pre-order now', href: retailer },
  bonusesLink: { label: 'See the 6 bonuses', href: '#bonuses' },
  author: `by ${founder.name}`,
} as const satisfies BookHeroProps;

export const endorsements = {
  id: 'endorsements',
  kicker: 'Early readers',
  heading: 'What people are saying',
  sampleNote: 'Sample endorsements: the people quoted are fictional.',
  items: [
    {
      quote:
        'Jamie writes like he talks: fast, funny and allergic to excuses. I finished it in a weekend and quit my “someday” list on Monday.',
      name: 'Priya Raman',
      role: 'Founder, Loop & Ladder',
    },
    {
      quote:
        'The most practical book on starting I have read. Every chapter ends with something you can do before lunch.',
      name: 'Marcus Hale',
      role: 'Host, The Build Podcast',
    },
    {
      quote:
        'Honest about fear, brutal about procrastination and generous with the playbook. Give it to anyone stuck at the start line.',
      name: 'Dr. Ellen Okafor',
      role: 'Lecturer in Entrepreneurship',
    },
  ],
} as const satisfies TestimonialsProps;

export const description = {
  id: 'inside',
  kicker: 'Inside the book',
  heading: promise,
  paragraphs: [
    `${book.title} is the book I needed at 16, flipping trainers on a market stall, and at 21, starting an agency from my bedroom. It is not about motivation. It is about the excuses that sound sensible and keep good people small, and the CheatCodes that beat them.`,
  ],
  benefitsLabel: 'You will learn',
  benefits: [
    'How to spot the five excuses that stop most people before they start',
    'A 30-day plan to test a business idea without quitting your job',
    'How to sell before you build, so you never make something nobody wants',
    'The money habits that took me from a council estate to an 8-figure exit',
    'How to keep going when it gets boring, scary or both',
  ],
} as const satisfies BookDescriptionProps;

export const excerpt = {
  id: 'excerpt',
  kicker: 'Read an excerpt',
  heading: 'Chapter 1: The excuse economy',
  image: {
    src: bookExcerpt,
    width: 1200,
    height: 760,
    alt: 'An open book showing the first pages of chapter 1, “The excuse economy”',
  },
  caption: 'From chapter 1. Excerpt © 2025 Jamie Castell.',
} as const satisfies ExcerptProps;

const receiptSubject = `Pre-order bonuses: ${book.title}`;
const receiptBody = [
  'Hi Jamie,',
  '',
  `I have pre-ordered ${book.title}. My receipt is attached.`,
  '',
  'Name:',
  'Where I ordered:',
].join('\n');

/** The book mailbox that receives receipts. Sample address: the owner replaces it. */
const bookMailbox = 'book@example.com';

export const bonusClaim = {
  id: 'claim',
  kicker: 'Pre-order bonuses',
  heading: 'Claim your bonuses in two steps',
  steps: [
    {
      title: 'Pre-order the book',
      body: 'From your favourite retailer. Keep the receipt email.',
      link: { label: 'Pre-order now', href: retailer, external: true },
    },
    {
      title: 'Email us your receipt',
      body: `Forward it to ${bookMailbox} and the bonuses are yours, sent within two working days.`,
      link: {
        label: 'Email my receipt',
        href: `mailto:${bookMailbox}?subject=${encodeURIComponent(receiptSubject)}&body=${encodeURIComponent(receiptBody)}`,
      },
    },
  ],
} as const satisfies BonusClaimProps;

export const bonuses = {
  id: 'bonuses',
  kicker: 'Worth more than the book',
  heading: 'Six pre-order bonuses',
  itemLabel: 'Bonus {n}',
  items: [
    {
      title: 'Live webinar: plan your 2026',
      body: 'Join me live on 15 January, the day the book ships, and leave with a one-page plan for the year.',
    },
    {
      title: 'The What’s Stopping You? workbook',
      body: 'Every exercise from the book on printable pages, so you do the work instead of nodding along.',
    },
    {
      title: 'Monthly review worksheet',
      body: 'The 20-minute review I still do on the first Sunday of every month.',
    },
    {
      title: 'The daily lock-in method',
      body: 'The morning routine that gets your most important hour done before the inbox wins.',
    },
    {
      title: '26 business ideas for 2026',
      body: 'Tested, low-cost ideas with the first three steps for each.',
    },
    {
      title: 'Tickets to the business-idea competition',
      body: 'Pitch your idea to me and a panel of founders. The winner gets mentoring and a cash prize.',
    },
  ],
} as const satisfies BonusesProps;

export const videoMessage = {
  id: 'message',
  kicker: 'A message from the author',
  heading: 'Why I wrote this book',
  sub: 'Two minutes on what held me back, and why I think it’s holding you back too.',
  video: {
    title: `${founder.name} on why he wrote ${book.title}`,
    url: publicConfig.videos.teaser,
    poster: {
      src: authorPoster,
      width: 1280,
      height: 720,
      alt: `${founder.name} under a spotlight, ready to talk about the book`,
    },
    play: 'Play the message from the author',
  },
} as const satisfies VideoMessageProps;

export const faq = {
  id: 'faq',
  kicker: 'Good questions',
  heading: 'Frequently asked questions',
  items: [
    {
      question: 'When will the book arrive?',
      answer:
        'The book ships from 15 January 2026. Pre-orders are sent on release day, so you will be among the first to read it.',
    },
    {
      question: 'How do I claim the pre-order bonuses?',
      answer:
        'Pre-order from any retailer, then email your receipt to the book mailbox using the button in the bonuses section. We send the bonuses within two working days.',
    },
    {
      question: 'Is there an ebook or audiobook?',
      answer:
        'Yes. The ebook and the audiobook (read by me) come out on the same day as the hardback. Every format counts for the bonuses.',
    },
    {
      question: 'I have never started a business. Is this book for me?',
      answer:
        'Especially for you. The book starts before the idea: with the excuses that stop you trying. No jargon, no assumed knowledge.',
    },
    {
      question: 'I already run a business. Will I learn anything?',
      answer:
        'The second half is about growing without burning out: pricing, hiring your first people and the money habits that got us to an exit.',
    },
    {
      question: 'Can I order copies for my team or an event?',
      answer:
        'Yes. For 20 copies or more, send an enquiry with the form below and we will arrange a bulk price, and a signed note if you like.',
    },
  ],
} as const satisfies FaqProps;

export const contact = {
  ...homeContact,
  id: 'contact',
} as const satisfies ContactProps;

export const exitIntent = {
  heading: 'Before you go: join the free community',
  body: 'Get daily CheatCodes, early chapters and live Q&As with me in our free community on WhatsApp.',
  join: { label: 'Join the free community', href: publicConfig.links.communityInvite },
  dismiss: 'No thanks',
  closeLabel: 'Close',
} as const satisfies ExitIntentProps;
