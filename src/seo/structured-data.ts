import type {
  BlogPosting,
  Book,
  Course,
  Event,
  FAQPage,
  Graph,
  Person,
  Thing,
  WebPage,
} from 'schema-dts';
import type { z } from 'zod';
import type { workshopSession } from '../../contracts/content/workshop';
import type { OwnerPageId, PageId } from '../../contracts/routes';
import { sessionsOnSale } from '../../contracts/workshop-sessions';
import { changesOf, isWritingPage, latestBy, postSlugOfPage } from '../../contracts/writing';
import { publicConfig } from '../config';
import type { PageProps } from '../content/page-props';
import { nextIntake } from '../lib/facts';
import { socialLinksOf } from '../lib/social-links';
import { bookFaq, releaseCopy } from '../pages/book/book-copy';
import { slugOf } from '../pages/composed/composed-page';
import type { FaqProps } from '../sections/faq';

/** A session as the content gives it: its start, price and checkout. */
type WorkshopSession = z.output<typeof workshopSession>;

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
function founderRef({ content }: PageProps) {
  return {
    '@type': 'Person',
    '@id': `${founderUrl}#founder`,
    name: content.site.founder.name,
  } as const satisfies Person;
}

/** The FAQ a page shows in its accordion, as search engines read it. */
function faqPage({ items }: Pick<FaqProps, 'items'>, { url }: PageAddress): FAQPage {
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

function person(props: PageProps, { image }: PageAddress): Person {
  const { site, home } = props.content;
  return {
    ...founderRef(props),
    url: founderUrl,
    description: home.hero.sub,
    image,
    sameAs: socialLinksOf(site).map(({ href }) => href),
  };
}

/** The book and its offer: a pre-order before release day, in stock from it. */
function bookOnSale(props: PageProps, { url, image }: PageAddress): Book {
  const { content, now } = props;
  const { title, releaseDate } = content.site.book;
  const { released, meta } = releaseCopy(content, now);
  return {
    '@type': 'Book',
    name: title,
    author: founderRef(props),
    url,
    image,
    description: meta.description,
    inLanguage: language,
    datePublished: releaseDate,
    offers: {
      '@type': 'Offer',
      url: publicConfig.links.bookRetailer,
      availability: released ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder',
      availabilityStarts: releaseDate,
    },
  };
}

/** A session on sale as an online event, with its offer. */
function onlineEvent(
  props: PageProps,
  { url, image }: PageAddress,
  { name, description }: { name: string; description: string },
  session: Pick<WorkshopSession, 'start' | 'price' | 'checkout'>,
): Event {
  return {
    '@type': 'Event',
    name,
    description,
    url,
    image,
    startDate: session.start,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    organizer: founderRef(props),
    performer: founderRef(props),
    offers: {
      '@type': 'Offer',
      price: session.price.amount,
      priceCurrency: session.price.currency,
      url: session.checkout,
      availability: 'https://schema.org/InStock',
    },
  };
}

/** The session on sale as an online event, or nothing while none is (no date set, or all full). */
function liveWorkshop(props: PageProps, address: PageAddress): Event[] {
  const { hero, meta, sessions } = props.content.workshop;
  const session = sessionsOnSale(sessions, props.now, props.taken).onSale;
  if (!session) return [];
  return [
    onlineEvent(props, address, { name: hero.heading, description: meta.description }, session),
  ];
}

/** The cohort as a course; its instance starts with the intake taking applications, if any. */
function cohort(props: PageProps, { url, image }: PageAddress): Course {
  const { hero, meta, intakes } = props.content.cohort;
  const intake = nextIntake(intakes, props.now);
  return {
    '@type': 'Course',
    name: hero.heading,
    description: meta.description,
    url,
    image,
    inLanguage: language,
    provider: founderRef(props),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Online',
      ...(intake ? { startDate: intake.starts } : {}),
    },
  };
}

/** What each page tells search engines beyond its head (the rest say nothing more). */
const thingsOn: Partial<Record<PageId, (props: PageProps, address: PageAddress) => Thing[]>> = {
  home: (props, address) => [person(props, address)],
  book: (props, address) => [
    bookOnSale(props, address),
    faqPage({ items: bookFaq(props.content, props.now) }, address),
  ],
  workshop: (props, address) => [
    ...liveWorkshop(props, address),
    faqPage(props.content.workshop.faq, address),
  ],
  cohort: (props, address) => [cohort(props, address), faqPage(props.content.cohort.faq, address)],
};

/**
 * One of the owner's pages: a web page by the founder, with the session on sale of a checkout
 * block as an event, the book for a book card and the questions of each FAQ block.
 */
function composedPage(page: OwnerPageId, props: PageProps, address: PageAddress): Thing[] {
  const content = props.content.pages[slugOf(page)];
  if (!content) return [];
  const webPage: WebPage = {
    '@type': 'WebPage',
    name: content.meta.title,
    description: content.meta.description,
    url: address.url,
    image: address.image,
    inLanguage: language,
    author: founderRef(props),
  };
  return [
    webPage,
    ...content.blocks.flatMap((block): Thing[] => {
      if (block.discriminant === 'faq') return [faqPage(block.value, address)];
      if (block.discriminant === 'checkout') {
        // The session on sale, as the page's price card sells it; none once all have started or are full.
        const session = sessionsOnSale(block.value.sessions, props.now, props.taken).onSale;
        const { title: name, description } = content.meta;
        return session ? [onlineEvent(props, address, { name, description }, session)] : [];
      }
      if (block.discriminant !== 'bookCard') return [];
      const { title, releaseDate } = props.content.site.book;
      const book: Book = {
        '@type': 'Book',
        name: title,
        author: founderRef(props),
        url: block.value.order.href,
        inLanguage: language,
        datePublished: releaseDate,
      };
      return [book];
    }),
  ];
}

/** A post as a blog posting by the founder, with its dates; the writing's lists as web pages. */
function writingPage(page: PageId, props: PageProps, address: PageAddress): Thing[] | undefined {
  const slug = postSlugOfPage(page);
  const post = slug === null ? undefined : props.content.posts[slug];
  if (!post) return undefined;
  const posting: BlogPosting = {
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    url: address.url,
    mainEntityOfPage: address.url,
    image: address.image,
    inLanguage: language,
    datePublished: post.date,
    // An update dated ahead is not told before its time (the calendar renders the page again then).
    dateModified: latestBy(changesOf(post), props.now) ?? post.date,
    keywords: post.tags.join(', '),
    author: founderRef(props),
    isPartOf: { '@type': 'Blog', name: props.content.writing.name },
  };
  return [posting];
}

/**
 * A page's JSON-LD (schema.org), from the same content its sections show, so the structured
 * data cannot drift from the page: the founder on the home page, the book and its pre-order, the
 * workshop as an online event with its £49 offer, the cohort as a course, each page's FAQ, the
 * owner's pages as web pages and each post as a blog posting.
 */
export function structuredData(page: PageId, props: PageProps, address: PageAddress): Graph | null {
  const things = page.startsWith('pages/')
    ? composedPage(page as OwnerPageId, props, address)
    : isWritingPage(page)
      ? writingPage(page, props, address)
      : thingsOn[page as keyof typeof thingsOn]?.(props, address);
  return things ? { '@context': 'https://schema.org', '@graph': things } : null;
}
