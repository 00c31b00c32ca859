import type { Book, Course, Event, FAQPage, Graph, Person, Thing } from 'schema-dts';
import { publicConfig } from '../config';
import * as bookPage from '../content/book';
import * as cohortPage from '../content/cohort';
import * as homePage from '../content/home';
import { book, founder, socialLinks } from '../content/site';
import * as workshopPage from '../content/workshop';
import type { PageId } from '../../contracts/routes';
import type { FaqProps } from '../sections/faq';

/** What the build knows about a page that its content does not: where it and its image live. */
export interface PageAddress {
  /** The page's canonical URL. */
  url: string;
  /** Its share image's absolute URL. */
  image: string;
}

const language = 'en-GB';
const founderUrl = new URL('/', publicConfig.origins.main).href;

/** The founder as the other pages name him: one node, joined to the home page's by its @id. */
const founderRef = {
  '@type': 'Person',
  '@id': `${founderUrl}#founder`,
  name: founder.name,
} as const satisfies Person;

/** The FAQ a page shows in its accordion, as search engines read it. */
function faqPage({ items }: FaqProps, { url }: PageAddress): FAQPage {
  return {
    '@type': 'FAQPage',
    url,
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

function person({ image }: PageAddress): Person {
  return {
    ...founderRef,
    url: founderUrl,
    description: homePage.hero.sub,
    image,
    sameAs: socialLinks.map(({ href }) => href),
  };
}

function bookOnPreOrder({ url, image }: PageAddress): Book {
  return {
    '@type': 'Book',
    name: book.title,
    author: founderRef,
    url,
    image,
    description: bookPage.meta.description,
    inLanguage: language,
    datePublished: book.releaseDate,
    offers: {
      '@type': 'Offer',
      url: publicConfig.links.bookRetailer,
      availability: 'https://schema.org/PreOrder',
      availabilityStarts: book.releaseDate,
    },
  };
}

function liveWorkshop({ url, image }: PageAddress): Event {
  const { start, price, hero, meta } = workshopPage;
  return {
    '@type': 'Event',
    name: hero.heading,
    description: meta.description,
    url,
    image,
    startDate: start,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    organizer: founderRef,
    performer: founderRef,
    offers: {
      '@type': 'Offer',
      price: price.value,
      priceCurrency: price.currency,
      url: publicConfig.links.workshopCheckout,
      availability: 'https://schema.org/InStock',
    },
  };
}

function cohort({ url, image }: PageAddress): Course {
  return {
    '@type': 'Course',
    name: cohortPage.hero.heading,
    description: cohortPage.meta.description,
    url,
    image,
    inLanguage: language,
    provider: founderRef,
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
  };
}

/** What each page tells search engines beyond its head (the rest say nothing more). */
const thingsOn: Partial<Record<PageId, (address: PageAddress) => Thing[]>> = {
  home: (address) => [person(address)],
  book: (address) => [bookOnPreOrder(address), faqPage(bookPage.faq, address)],
  workshop: (address) => [liveWorkshop(address), faqPage(workshopPage.faq, address)],
  cohort: (address) => [cohort(address), faqPage(cohortPage.faq, address)],
};

/**
 * A page's JSON-LD (schema.org), from the same content its sections show, so the structured
 * data cannot drift from the page: the founder on the home page, the book and its pre-order, the
 * workshop as an online event with its £49 offer, the cohort as a course, and each page's FAQ.
 */
export function structuredData(page: PageId, address: PageAddress): Graph | null {
  const things = thingsOn[page]?.(address);
  return things ? { '@context': 'https://schema.org', '@graph': things } : null;
}
