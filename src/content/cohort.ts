import amara from '../../content/images/people/amara.svg';
import lena from '../../content/images/people/lena.svg';
import raj from '../../content/images/people/raj.svg';
import tom from '../../content/images/people/tom.svg';
import { publicConfig } from '../config';
import type { CardGridProps } from '../sections/cohort/card-grid';
import type { CohortHeroProps } from '../sections/cohort/cohort-hero';
import type { DetailsProps } from '../sections/cohort/details';
import type { FitProps } from '../sections/cohort/fit';
import type { ShiftTableProps } from '../sections/cohort/shift-table';
import type { WeeksProps } from '../sections/cohort/weeks';
import type { FaqProps } from '../sections/faq';
import type { PitchProps } from '../sections/pitch';
import type { Testimonial, TestimonialsProps } from '../sections/testimonials';
import type { PageMeta } from './types';

/**
 * The 5-week cohort, "Escape the 7-Figure Prison" (spec §2.8, §9; D18). Every call-booking link
 * goes to the one booking URL (configuration). Testimonials are fictional sample content (D21).
 */
const programme = 'Escape the 7-Figure Prison';

export const meta: PageMeta = {
  title: `${programme} — 5-Week Cohort`,
  description:
    'An application-only 5-week cohort for founders of 7-figure service businesses: turn the business you run into an asset you own. 20 seats.',
  theme: 'premium',
  card: {
    kicker: 'Application-only cohort',
    headline: programme,
    detail: 'For founders of 7-figure service businesses. 20 seats.',
    badge: { value: '5', label: 'Weeks' },
  },
};

const booking = publicConfig.links.cohortBooking;

const person = (src: string, name: string) => ({ src, width: 160, height: 160, alt: name });

const quotes = {
  amara: {
    quote:
      'I went from working 70 hours a week in the business to 30 on it. Our valuation doubled in a year.',
    name: 'Amara Osei',
    role: 'Founder, Northlight Studio (£2.4M revenue)',
    photo: person(amara, 'Amara Osei'),
    rating: 5,
  },
  tom: {
    quote:
      'The five-KPI dashboard alone changed how we run. For the first time I know where we are every Monday.',
    name: 'Tom Brennan',
    role: 'CEO, Brennan Logistics',
    photo: person(tom, 'Tom Brennan'),
    rating: 5,
  },
  lena: {
    quote:
      'Pitching to exited founders in week 5 was terrifying and the best feedback I have ever had.',
    name: 'Lena Kovac',
    role: 'Managing Director, Kovac & Co',
    photo: person(lena, 'Lena Kovac'),
    rating: 5,
  },
  raj: {
    quote:
      'Our sales no longer depend on me. Two hires and one process later, we had our best quarter.',
    name: 'Raj Patel',
    role: 'Founder, Patel Digital',
    photo: person(raj, 'Raj Patel'),
    rating: 5,
  },
} satisfies Record<string, Testimonial>;

export const hero = {
  kicker: '$100,000,000 IN SALES ACHIEVED',
  heading: programme,
  sub: 'Turn the service business that runs you into an asset that runs without you, in 5 weeks. Application only.',
  slots: 'Only 20 slots left',
  cta: { label: 'BOOK YOUR APPLICATION CALL', href: booking },
} as const satisfies CohortHeroProps;

export const firstQuote = [quotes.amara] as const;

export const story = {
  id: 'story',
  heading: 'I KNOW YOUR PAIN (TRUST ME)',
  paragraphs: [
    'At 21 I started an agency from my bedroom. By 25 it turned over millions, and I was its most expensive bottleneck: every pitch, every hire, every crisis came back to me.',
    'We grew from £6M to £10M only when I stopped running the business and started building it to sell. At 27 we did. This cohort is the playbook that got us there.',
  ],
  cta: { label: 'BOOK YOUR FIT CALL', href: booking, location: 'cohort-story' },
} as const satisfies PitchProps;

export const secondQuotes = [quotes.tom, quotes.lena] as const;

export const pain = {
  id: 'pain',
  heading: 'SOUND FAMILIAR?',
  paragraphs: [
    'You built a 7-figure business. It pays well. And you cannot take two weeks off without the phone ringing, the numbers wobbling and the team waiting for you.',
    'More revenue has only bought you more work. A buyer would see a job, not an asset, and they would price it that way.',
  ],
  cta: { label: 'BOOK YOUR FREE CALL', href: booking, location: 'cohort-pain' },
} as const satisfies PitchProps;

export const shift = {
  id: 'shift',
  heading: 'THE SHIFT THAT CHANGES EVERYTHING',
  caption: 'From operator to asset owner: seven shifts',
  columns: { from: 'Operator', to: 'Asset owner' },
  rows: [
    { from: 'Thinks in revenue', to: 'Thinks in exit value' },
    { from: 'Operates', to: 'Orchestrates' },
    { from: 'Always needed', to: 'Replaceable by design' },
    { from: 'Earns income', to: 'Builds equity' },
    { from: 'Plans in days and weeks', to: 'Plans in years and multiples' },
    { from: 'Hires to grow', to: 'Hires to exit' },
    { from: 'A great company', to: 'A great deal' },
  ],
} as const satisfies ShiftTableProps;

export const pitchToExperts = {
  id: 'pitch',
  heading: 'PITCH TO 8-FIGURE EXPERTS LIVE',
  paragraphs: [
    'In week 5 you pitch your business to a panel of exited founders and acquirers. They tell you what it is worth today, what would make it worth more, and what a buyer would ask first.',
    'It is the closest thing to a sale without selling, and the fastest way to see your business the way the market does.',
  ],
} as const satisfies PitchProps;

export const thirdQuotes = [quotes.raj, quotes.amara] as const;

export const weeks = {
  id: 'how',
  heading: 'HOW THE 5-WEEK TRANSFORMATION WORKS',
  rhythm: [
    {
      day: 'Monday',
      body: 'A live teaching session on the week’s shift, with the tools to make it.',
    },
    {
      day: 'Friday',
      body: 'Implementation review and Q&A: what you changed, what got in the way, what’s next. Both sessions are recorded.',
    },
  ],
  weeks: [
    { label: 'Week 1', title: 'From Blind to Clear' },
    { label: 'Week 2', title: 'From Founder-Dependent to Self-Running' },
    { label: 'Week 3', title: 'From Feast-or-Famine to Predictable' },
    { label: 'Week 4', title: 'From Transactional to Valuable' },
    { label: 'Week 5', title: 'From Assumption to Market-Validated' },
  ],
} as const satisfies WeeksProps;

export const deliverables = {
  id: 'deliverables',
  heading: 'WHAT YOU LEAVE WITH',
  items: [
    {
      title: 'A five-KPI dashboard',
      body: 'The numbers a buyer checks first, on one page, updated weekly.',
    },
    {
      title: 'Predictable client acquisition',
      body: 'A pipeline that fills without you on every call.',
    },
    { title: 'Higher retention', body: 'Clients who stay longer and buy more, by design.' },
    {
      title: 'A team that owns outcomes',
      body: 'Roles, scorecards and rhythms that run without you.',
    },
    { title: 'Zone-of-genius time', body: 'Your week rebuilt around the work only you should do.' },
    {
      title: 'A market-validated roadmap',
      body: 'Tested with exited founders and acquirers in week 5.',
    },
  ],
} as const satisfies CardGridProps;

export const fit = {
  id: 'fit',
  heading: 'WHO THIS IS FOR (AND WHO IT’S NOT)',
  forLabel: 'This is for you if',
  forItems: [
    'You run a 7-figure service business',
    'You have proven you can scale, but you feel trapped',
    'You want systems, not tactics',
    'You are ready to implement, every week',
    'You see your business as an asset',
  ],
  notLabel: 'It’s not for you if',
  notItems: [
    'You are still building toward 7 figures',
    'You want to stay the hero of your business',
    'You want motivation and mindset work',
    'You expect transformation without the work',
    'You run an info-product, e-commerce or software company',
  ],
  notes: [
    {
      title: 'Why the 7-figure requirement matters',
      body: 'Below it, the answer is usually more sales. Above it, the constraint is you, and that is what this cohort fixes.',
    },
    {
      title: 'Why we’re selective',
      body: 'Twenty founders who implement make a room where everyone raises their game. One who doesn’t slows everyone down.',
    },
  ],
} as const satisfies FitProps;

export const details = {
  id: 'details',
  heading: 'COHORT DETAILS',
  items: [
    {
      term: 'Format',
      value:
        '5 weeks, 2 live sessions a week (Monday training, Friday implementation and Q&A), all recorded',
    },
    { term: 'Seats', value: '20 founders, application only' },
    { term: 'Commitment', value: 'About 4 hours a week: the two sessions plus implementation' },
    {
      term: 'Outcome',
      value:
        'A business that runs, grows and could sell without you, and the plan to finish the job',
    },
  ],
  cta: { label: 'BOOK YOUR APPLICATION CALL', href: booking },
} as const satisfies DetailsProps;

export const testimonials = {
  id: 'testimonials',
  heading: 'WHAT OTHER FOUNDERS SAY!',
  sampleNote: 'Sample testimonials: the people quoted are fictional.',
  items: [
    quotes.amara,
    quotes.tom,
    quotes.lena,
    quotes.raj,
    {
      quote: 'The best money I have spent on the business. I finally run it like an owner.',
      name: 'Chloe Martin',
      role: 'Founder, Martin Creative',
      rating: 5,
    },
  ],
} as const satisfies TestimonialsProps;

export const ready = {
  id: 'ready',
  heading: 'READY TO TRANSFORM YOUR BUSINESS?',
  paragraphs: [
    'Book a call. If it’s a fit, we’ll tell you. If it isn’t, you’ll leave with one thing to change this month.',
  ],
  cta: { label: 'BOOK A CALL', href: booking, location: 'cohort-ready' },
} as const satisfies PitchProps;

export const faq = {
  id: 'faq',
  heading: 'COMMON QUESTIONS',
  items: [
    {
      question: 'I’m too busy for a 5-week programme.',
      answer:
        'That is exactly why it exists. Four hours a week now buys back far more every week after: the first thing we build is the time.',
    },
    {
      question: 'I’m not planning to sell.',
      answer:
        'You don’t have to. A business a buyer would want is more profitable and less dependent on you: it gives you the choice, whenever you want it.',
    },
    {
      question: 'Won’t I lose control?',
      answer:
        'You gain it. Clear numbers and owners for every outcome mean you see more of the business, not less, without doing all of it.',
    },
    {
      question: 'Don’t I just need to hire more people?',
      answer:
        'More people on a founder-dependent business means more people waiting for you. Systems first, then hires who own outcomes.',
    },
  ],
} as const satisfies FaqProps;
