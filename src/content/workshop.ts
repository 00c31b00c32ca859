import amara from '../../content/images/people/amara.svg';
import lena from '../../content/images/people/lena.svg';
import raj from '../../content/images/people/raj.svg';
import tom from '../../content/images/people/tom.svg';
import portrait from '../../content/images/portrait.svg';
import { publicConfig } from '../config';
import { ukEventLabel } from '../lib/countdown';
import type { FaqProps } from '../sections/faq';
import type { PitchProps } from '../sections/pitch';
import type { TestimonialsProps } from '../sections/testimonials';
import type { AgendaProps } from '../sections/workshop/agenda';
import type { PriceCardProps } from '../sections/workshop/price-card';
import type { WorkshopHeroProps } from '../sections/workshop/workshop-hero';
import type { PageMeta } from './types';

/**
 * The £49 live workshop (spec §2.7, §4, §9; D13, D14, D16, D19). The date and the price are
 * content: one start drives the eyebrow, the countdown and (later) the Event data. Testimonials
 * are fictional sample content (D21).
 */

/** Spec §9: 22 September 2025, 18:00 UK time (D16). */
export const start = '2025-09-22T18:00:00+01:00';
export const price = { value: 49, currency: 'GBP', label: '£49' } as const;

const opening = {
  kicker: `Live Workshop: ${ukEventLabel(Date.parse(start))}`,
  heading: 'Make your business an asset',
};

export const meta: PageMeta = {
  title: 'Make Your Business an Asset — Live Workshop',
  description:
    'A live workshop for founders of established businesses: the numbers, team and week that turn a business into an asset. One time price £49.',
  theme: 'premium',
  card: {
    kicker: opening.kicker,
    headline: opening.heading,
    detail: 'Live online, with lifetime access to the replay.',
    badge: { value: price.label, label: 'One time price' },
  },
};

const checkout = {
  href: publicConfig.links.workshopCheckout,
  checkout: { value: price.value, currency: price.currency },
};

export const hero = {
  ...opening,
  sub: 'For founders of established businesses who are done being the bottleneck: the numbers, the team and the week that make a company worth buying.',
  cta: { label: 'Reserve Your Spot', ...checkout },
} as const satisfies WorkshopHeroProps;

export const testimonials = {
  id: 'testimonials',
  kicker: 'From past workshops',
  heading: 'What founders say',
  sampleNote: 'Sample testimonials: the people quoted are fictional.',
  items: [
    {
      quote:
        'Two hours that changed how I run the company. We cut our reporting to five numbers and I got my Fridays back.',
      name: 'Amara Osei',
      role: 'Founder, Northlight Studio',
      photo: { src: amara, width: 160, height: 160, alt: 'Amara Osei' },
    },
    {
      quote:
        'The sales-team session alone was worth ten times the price. Our pipeline no longer depends on me.',
      name: 'Tom Brennan',
      role: 'CEO, Brennan Logistics',
      photo: { src: tom, width: 160, height: 160, alt: 'Tom Brennan' },
    },
    {
      quote:
        'Practical, blunt and generous. I left with a plan for the next quarter, not a notebook of quotes.',
      name: 'Lena Kovac',
      role: 'Managing Director, Kovac & Co',
      photo: { src: lena, width: 160, height: 160, alt: 'Lena Kovac' },
    },
    {
      quote:
        'I thought selling was five years away. Jamie showed me why building to sell makes it a better business today.',
      name: 'Raj Patel',
      role: 'Founder, Patel Digital',
      photo: { src: raj, width: 160, height: 160, alt: 'Raj Patel' },
    },
  ],
} as const satisfies TestimonialsProps;

export const problem = {
  id: 'problem',
  heading: 'Most founders hit a point where growth stops feeling like progress',
  paragraphs: [
    'Revenue is up, but so are the hours. Every decision still lands on your desk, the team waits for you, and a week off feels like a risk to the business.',
    'That is not a growth problem. It is an operator problem: the company runs on you, so it is worth less than it should be, and it costs you more than it should.',
  ],
  cta: { label: 'Sign Me Up', location: 'workshop-problem', ...checkout },
} as const satisfies PitchProps;

export const agenda = {
  id: 'agenda',
  kicker: 'The session',
  heading: 'What we’ll cover',
  phases: [
    {
      label: 'Phase One',
      title: 'The Only 5 Numbers That Matter If You Want to Scale and Sell',
      points: [
        'The five numbers a buyer looks at first',
        'A one-page dashboard you update in ten minutes',
        'Spotting the leak before it becomes a crisis',
        'What “good” looks like for a service business',
      ],
    },
    {
      label: 'Phase Two',
      title: 'Build a Sales Team That Doesn’t Break at Scale',
      points: [
        'Moving sales off the founder’s diary',
        'The hiring profile that actually closes',
        'Pipeline rituals that keep revenue predictable',
        'Paying for outcomes, not activity',
      ],
    },
    {
      // D14: the observed page misspells this as "Thase Three".
      label: 'Phase Three',
      title: 'Designing the Perfect Week as a Founder',
      points: [
        'The hours only you should spend',
        'Delegation that sticks',
        'A meeting rhythm that runs without you',
        'Protecting time for the work that builds value',
      ],
    },
  ],
} as const satisfies AgendaProps;

export const paid = {
  id: 'paid',
  heading: 'This is a paid workshop...',
  paragraphs: [
    'On purpose. A small price keeps the room full of founders who will do the work, and it keeps the session focused: no upsell, no pitch, just the playbook.',
    'Come with your numbers and your questions. Leave with a plan you can start on Monday.',
  ],
  cta: { label: "I'm Ready", location: 'workshop-paid', ...checkout },
} as const satisfies PitchProps;

export const priceCard = {
  id: 'price',
  heading: 'Claim Your Spot Now',
  countdown: {
    target: start,
    // When the page was built: the prerender and the hydration show the same value (D16).
    renderedAt: Date.now(),
    units: { days: 'days', hours: 'hours', minutes: 'minutes', seconds: 'seconds' },
    started: '(workshop has started)',
    label: 'Time until the workshop starts',
  },
  benefits: [
    'Live access to the full session',
    'Lifetime replay access',
    'Bonus resource “Business Operator to Asset Owner”, free when you attend',
  ],
  priceLine: `One Time Price: ${price.label}`,
  cta: { label: 'Enrol Now', ...checkout },
} as const satisfies PriceCardProps;

export const faq = {
  id: 'faq',
  kicker: 'Questions',
  heading: 'Before you book',
  image: {
    src: portrait,
    width: 800,
    height: 1000,
    alt: 'Jamie Castell, illustrated',
  },
  items: [
    {
      question: 'Is this relevant if I’m not planning to sell soon?',
      answer:
        'Yes. A business built to sell is a better business to own: clearer numbers, a team that runs without you and more profit. Selling is just the option it gives you.',
    },
    {
      question: 'Is it theory or practical?',
      answer:
        'Both, with the weight on practical: real metrics, real systems and the changes founders made afterwards, with the numbers that moved.',
    },
    {
      question: 'Systems have slowed me down before. Why would these be different?',
      answer:
        'Because the workshop is about lean systems: the few that take work off your plate, not the ones that add meetings and software.',
    },
    {
      question: 'What if I can’t attend live?',
      answer:
        'The replay is included, for life. Attending live is recommended, though, because of the Q&A at the end.',
    },
  ],
} as const satisfies FaqProps;
