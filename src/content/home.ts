import bookCover from '../../content/images/book-cover.svg';
import heroPoster from '../../content/images/hero-poster.svg';
import portrait from '../../content/images/portrait.svg';
import foundry from '../../content/images/press/foundry.svg';
import northernPost from '../../content/images/press/northern-post.svg';
import signalAndNoise from '../../content/images/press/signal-and-noise.svg';
import theLedger from '../../content/images/press/the-ledger.svg';
import ventureWeekly from '../../content/images/press/venture-weekly.svg';
import speakingPoster from '../../content/images/speaking-poster.svg';
import agency from '../../content/images/timeline/agency.svg';
import bookIllustration from '../../content/images/timeline/book.svg';
import estate from '../../content/images/timeline/estate.svg';
import exit from '../../content/images/timeline/exit.svg';
import firstBusiness from '../../content/images/timeline/first-business.svg';
import investing from '../../content/images/timeline/investing.svg';
import today from '../../content/images/timeline/today.svg';
import { publicConfig } from '../config';
import type { ContactProps } from '../sections/contact';
import type { BookWaitlistProps } from '../sections/home/book-waitlist';
import type { IntroProps } from '../sections/home/intro';
import type { PressLogosProps } from '../sections/home/press-logos';
import type { SpeakingProps } from '../sections/home/speaking';
import type { TimelineProps } from '../sections/home/timeline';
import type { WorkWithMeProps } from '../sections/home/work-with-me';
import type { NewsletterProps } from '../sections/newsletter';
import { cardArt } from './card-art';
import { formCopy, waitlistBonusLink } from './forms';
import { book, founder } from './site';
import type { CarouselLabels, FormCopy, ImageAsset, PageMeta } from './types';

/**
 * The home page (spec §2.2, D12, D17). Spec wording is kept word for word; the rest is sample
 * copy about the fictional founder (D21).
 */

const story = 'Council estate kid. Agency founder. Exited at 27.';
const mission =
  'Now I back founders, help brands scale and write about what’s really stopping you.';

export const meta: PageMeta = {
  title: `${founder.name} — Entrepreneur, Investor, Author`,
  description:
    'From a council estate to a multi-8-figure agency exit at 27. Join the waitlist for “What’s Stopping You?”, get weekly tips and book Jamie to speak.',
  theme: 'main',
  card: { kicker: founder.tagline, headline: story, detail: mission, art: cardArt.portrait },
};

export const anchors = {
  book: 'book',
  newsletter: 'newsletter',
  speaking: 'speaking',
  contact: 'contact',
} as const;

export const topBanner = {
  label: 'Newsletter invitation',
  text: 'Join 17,000+ entrepreneurs getting weekly tips',
  link: { label: 'Subscribe free', href: `#${anchors.newsletter}` },
} as const;

export const header = {
  brand: founder.name,
  navLabel: 'Main',
  socialLabel: 'Social links',
  menuOpen: 'Open menu',
  menuClose: 'Close menu',
  menuText: 'Menu',
  links: [
    { label: 'BOOK', href: `#${anchors.book}` },
    { label: 'NEWSLETTER', href: `#${anchors.newsletter}` },
    { label: 'SPEAKING', href: `#${anchors.speaking}` },
    { label: 'CONTACT', href: `#${anchors.contact}` },
  ],
} as const;

const poster = (src: string, alt: string): ImageAsset => ({ src, width: 1280, height: 720, alt });

export const hero = {
  name: founder.name,
  tagline: founder.tagline,
  sub: `Council estate to a multi-8-figure exit at 27. ${mission}`,
  cta: { label: 'Join the book waitlist', href: `#${anchors.book}` },
  scrollCue: 'Scroll',
  scrollTarget: `#${anchors.book}`,
  video: {
    title: `${founder.name} — showreel`,
    url: publicConfig.videos.hero,
    poster: poster(
      heroPoster,
      `${founder.name} showreel: an illustrated portrait under a spotlight`,
    ),
    play: 'Play the showreel',
  },
} as const;

export const bookSection = {
  id: anchors.book,
  kicker: 'Book Coming Soon',
  heading: 'JOIN THE WAITLIST',
  sub: `Be first to read ${book.title} and get 3 randomized “CheatCodes” from the book, delivered instantly.`,
  trustLine: 'Instant email. No spam. 1-click unsubscribe.',
  cover: { src: bookCover, width: 600, height: 900, alt: book.coverAlt } satisfies ImageAsset,
  form: {
    id: 'waitlist-form',
    emailLabel: formCopy.emailLabel,
    emailPlaceholder: formCopy.emailPlaceholder,
    copy: { ...formCopy.signUpDefault, submit: 'Join the waitlist' } satisfies FormCopy,
    bonusLink: waitlistBonusLink,
  },
} as const satisfies BookWaitlistProps;

export const intro = {
  id: 'intro',
  heading: story,
  paragraphs: [
    'I grew up on an estate in South London where “business” meant the corner shop and whoever was selling trainers out of a car boot. That was my first classroom.',
    'At 21 I started a Gen Z marketing agency with a laptop and a borrowed camera. Six years later we sold it for multi-8 figures. Now I invest in founders, help brands scale, and write down everything I wish someone had told me.',
  ],
  stats: [
    { value: '21', label: 'founded my first agency' },
    { value: '27', label: 'exited for multi-8 figures' },
    { value: '17,000+', label: 'entrepreneurs read my weekly tips' },
  ],
  portrait: {
    src: portrait,
    width: 800,
    height: 1000,
    alt: cardArt.portrait.alt,
  } satisfies ImageAsset,
} as const satisfies IntroProps;

export interface TimelineSlide {
  image: ImageAsset;
  section: string;
  location: string;
  body: string;
}

const scene = (src: string, alt: string): ImageAsset => ({ src, width: 800, height: 600, alt });

export const timeline = {
  id: 'timeline',
  kicker: 'How it happened',
  heading: 'The story so far',
  autoplay: { minMs: 4000, maxMs: 6000 },
  labels: {
    region: 'Timeline',
    previous: 'Previous slide',
    next: 'Next slide',
    goTo: 'Go to slide {slide}',
    slide: '{slide} of {total}',
    pause: 'Pause the slideshow',
    play: 'Play the slideshow',
  } satisfies CarouselLabels,
  slides: [
    {
      image: scene(estate, 'Three tower blocks under a low sun'),
      section: 'The estate',
      location: 'South London',
      body: 'Grew up on a council estate with my mum and two brothers. Money was tight, but the corner shop taught me more about business than school ever did.',
    },
    {
      image: scene(firstBusiness, 'A market stall with boxes marked with pound signs'),
      section: 'First business',
      location: 'Croydon market',
      body: 'At 16 I was flipping trainers from a Saturday market stall. First profit: £140. First lesson: nobody buys what they can’t understand in three seconds.',
    },
    {
      image: scene(agency, 'Three phones showing a post, a growth chart and a like'),
      section: 'The agency',
      location: 'Shoreditch, London',
      body: 'At 21 I started a Gen Z marketing agency from my bedroom. We grew by making brands feel native on the apps young people actually use.',
    },
    {
      image: scene(exit, 'A SOLD stamp over a rising chart'),
      section: 'The exit',
      location: 'London',
      body: 'At 27 we sold the agency for multi-8 figures. I signed on a Tuesday and was back at my desk on Wednesday, wondering what was next.',
    },
    {
      image: scene(investing, 'Growing stacks of coins beside a sprouting plant'),
      section: 'Investing',
      location: 'London & Lisbon',
      body: 'Now I back founders and brands I believe in, and help them scale with the playbook that got us there: clear numbers, great people, no ego.',
    },
    {
      image: scene(bookIllustration, `The ${book.title} cover on a desk beside a pencil`),
      section: 'The book',
      location: 'Wherever there’s a desk',
      body: `${book.title} is everything I wish someone had told me at 16: the excuses, the fears and the CheatCodes that beat them.`,
    },
    {
      image: scene(today, 'A microphone on a stage under a spotlight'),
      section: 'Today',
      location: 'On stage and online',
      body: 'Speaking to founders, writing for 17,000+ entrepreneurs every week, and still far too excited about a good spreadsheet.',
    },
  ] satisfies TimelineSlide[],
} as const satisfies TimelineProps;

export const speaking = {
  id: anchors.speaking,
  kicker: 'Keynotes & firesides',
  heading: 'Speaking',
  sub: 'The unvarnished version, for founders, brands and teams: how a council-estate kid built and sold a Gen Z agency, and what’s really stopping you.',
  topics: [
    'What’s Stopping You? Beating the excuses that keep good people small',
    'Earning Gen Z attention in three seconds (and keeping it)',
    'Build to sell: turning a business into an asset',
  ],
  topicsLabel: 'Popular talks',
  cta: { label: 'Book a Talk', href: `#${anchors.contact}` },
  video: {
    title: `${founder.name} speaking`,
    url: publicConfig.videos.speaking,
    poster: poster(speakingPoster, `${founder.name} on stage in front of a full room`),
    play: 'Play the speaking video',
  },
} as const satisfies SpeakingProps;

export interface PressLogo {
  image: ImageAsset;
  href: string;
}

const wordmark = (src: string, alt: string, href: string): PressLogo => ({
  image: { src, width: 320, height: 80, alt },
  href,
});

export const press = {
  id: 'press',
  heading: 'As featured in',
  sampleNote: 'Sample outlets for illustration.',
  labels: {
    region: 'Press coverage',
    previous: 'Previous logos',
    next: 'Next logos',
    goTo: 'Go to logo {slide}',
    slide: '{slide} of {total}',
    pause: 'Pause',
    play: 'Play',
  } satisfies CarouselLabels,
  // Fictional outlets (D22): the links are placeholders for the owner to replace.
  logos: [
    wordmark(theLedger, 'The Ledger', 'https://example.com/the-ledger'),
    wordmark(foundry, 'Foundry', 'https://example.com/foundry'),
    wordmark(signalAndNoise, 'Signal & Noise', 'https://example.com/signal-and-noise'),
    wordmark(ventureWeekly, 'Venture Weekly', 'https://example.com/venture-weekly'),
    wordmark(northernPost, 'The Northern Post', 'https://example.com/northern-post'),
  ] satisfies PressLogo[],
} as const satisfies PressLogosProps;

export interface Offer {
  kicker: string;
  heading: string;
  body: string;
  link: { label: string; href: string };
}

/** D12: the further section points to the workshop, the cohort and the free handbook. */
export const workWithMe = {
  id: 'work-with-me',
  kicker: 'Work with me',
  heading: 'Three ways to get unstuck',
  offers: [
    {
      kicker: 'Live workshop · £49',
      heading: 'Make your business an asset',
      body: 'One live session for founders of established businesses: the five numbers that matter, a sales team that scales and the perfect founder week.',
      link: { label: 'See the workshop', href: '/assetworkshop' },
    },
    {
      kicker: '5-week cohort · 20 seats',
      heading: 'Escape the 7-Figure Prison',
      body: 'Application only, for founders of 7-figure service businesses who want a company that runs, grows and sells without them.',
      link: { label: 'Apply for the cohort', href: '/sellablebusiness' },
    },
    {
      kicker: 'Free · instant download',
      heading: 'The 11 CheatCodes handbook',
      body: 'The 11 CheatCodes I’d hand my 21-year-old self, in one short PDF. Read it on the train, use it the same day.',
      link: { label: 'Get the free handbook', href: '/11cheatcodes' },
    },
  ] satisfies Offer[],
} as const satisfies WorkWithMeProps;

export const newsletter = {
  id: anchors.newsletter,
  kicker: 'The Sunday CheatCode',
  heading: 'Join 17,000+ entrepreneurs getting weekly tips',
  sub: 'One email every Sunday: a CheatCode, a story and one thing to try this week.',
  trustLine: 'Free. No spam. 1-click unsubscribe.',
  form: {
    id: 'newsletter-form',
    emailLabel: formCopy.emailLabel,
    emailPlaceholder: formCopy.emailPlaceholder,
    copy: {
      submit: 'Subscribe',
      submitting: 'Submitting...',
      success: 'Subscribed! You have joined Cheatcodes.',
      error: 'Sorry, we could not subscribe you just now. Please try again.',
    } satisfies FormCopy,
    toast: { title: 'Subscribed!', description: 'You have joined Cheatcodes.' },
  },
} as const satisfies NewsletterProps;

export const contact = {
  id: anchors.contact,
  kicker: 'Get in touch',
  heading: 'Press & speaking enquiries',
  sub: 'Booking a talk, writing a story or planning a podcast? Tell me about it and my team will reply within two working days.',
  form: {
    id: 'contact-form',
    nameLabel: 'Name',
    emailLabel: 'Email',
    messageLabel: 'Message',
    messagePlaceholder: 'The event, the date, the audience…',
    copy: {
      submit: 'Send message',
      submitting: 'Sending...',
      success: "Thank you for your message! We'll get back to you soon.",
      error: 'Sorry, there was an error submitting your message. Please try again.',
    } satisfies FormCopy,
  },
} as const satisfies ContactProps;
