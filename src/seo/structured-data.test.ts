import { describe, expect, it } from 'vitest';
import { type PageId, systemPageIds } from '../../contracts/routes';
import { publicConfig } from '../config';
import { dayAfter, londonMidnight, nextIntake, nextSession } from '../lib/facts';
import { scriptJson } from '../lib/script-json';
import { bookFaq } from '../pages/book/book-copy';
import { testPageProps } from '../testing/content';
import { structuredData } from './structured-data';

const address = { url: 'https://example.test/page', image: 'https://example.test/card.png' };
const props = await testPageProps();
const { workshop, cohort } = props.content;

type Node = Record<string, unknown>;

/** A page's JSON-LD as the browser receives it: the data block's text, parsed. */
function graphOf(page: PageId, at = props): Node[] {
  const data = structuredData(page, at, address);
  if (!data) return [];
  const text = scriptJson(data);
  expect(text).not.toMatch(/[<>]/);
  const parsed = JSON.parse(text) as {
    '@context': string;
    '@graph': Array<Record<string, unknown>>;
  };
  expect(parsed['@context']).toBe('https://schema.org');
  return parsed['@graph'];
}

function ofType(page: PageId, type: string, at = props): Node {
  const thing = graphOf(page, at).find((node) => node['@type'] === type);
  if (!thing) throw new Error(`${page} has no ${type}`);
  return thing;
}

describe('structured data (JSON-LD)', () => {
  it('names the right things on each page, and nothing on the others', () => {
    const types = Object.fromEntries(
      systemPageIds.map((page) => [page, graphOf(page).map((node) => node['@type'])]),
    );
    expect(types).toEqual({
      home: ['Person'],
      waitlist: [],
      book: ['Book', 'FAQPage'],
      'thank-you': [],
      handbook: [],
      workshop: ['Event', 'FAQPage'],
      'workshop-booked': [],
      'workshop-sold-out': [],
      'workshop-retry': [],
      cohort: ['Course', 'FAQPage'],
      'cohort-apply': [],
      'cohort-offer': [],
      terms: [],
      privacy: [],
      cookies: [],
      'not-found': [],
    });
  });

  it.each([
    ['book', { items: bookFaq(props.content, props.now) }],
    ['workshop', workshop.faq],
    ['cohort', cohort.faq],
  ] as const)('gives the %s page the questions and answers its accordion shows', (page, faq) => {
    const { mainEntity } = ofType(page, 'FAQPage') as { mainEntity: Node[] };
    expect(
      mainEntity.map((question) => ({
        type: question['@type'],
        question: question.name,
        answer: question.acceptedAnswer,
      })),
    ).toEqual(
      faq.items.map(({ question, answer }) => ({
        type: 'Question',
        question,
        answer: { '@type': 'Answer', text: answer },
      })),
    );
  });

  it('makes the workshop an online event at the next session’s start, with its offer', () => {
    const session = nextSession(workshop.sessions, props.now);
    if (!session) throw new Error('content/workshop.yaml has no session to come');
    const event = ofType('workshop', 'Event');
    expect(event.startDate).toBe(session.start);
    expect(event.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(event.location).toEqual({ '@type': 'VirtualLocation', url: address.url });
    expect(event.offers).toMatchObject({
      '@type': 'Offer',
      price: session.price.amount,
      priceCurrency: session.price.currency,
      url: session.checkout,
    });
  });

  it('makes the event the next session with a seat left when the first is full, and none when all are', () => {
    const [first, second] = workshop.sessions.filter(({ start }) => Date.parse(start) > props.now);
    if (!first || !second)
      throw new Error('content/workshop.yaml has fewer than two sessions to come');
    const full = (session: typeof first) => ({
      [session.id]: { sold: session.seats, held: 0, cancelled: false },
    });
    const firstFull = { ...props, taken: full(first) };
    expect(ofType('workshop', 'Event', firstFull).startDate).toBe(second.start);
    const allFull = { ...props, taken: Object.assign({}, ...workshop.sessions.map(full)) };
    expect(graphOf('workshop', allFull).map((node) => node['@type'])).toEqual(['FAQPage']);
  });

  it('offers the book for pre-order at the configured retailer before release day', async () => {
    const before = await testPageProps(londonMidnight(props.content.site.book.releaseDate) - 1);
    const bookThing = ofType('book', 'Book', before);
    expect(bookThing).toMatchObject({
      name: props.content.site.book.title,
      author: { '@type': 'Person', name: 'Jamie Castell' },
      datePublished: props.content.site.book.releaseDate,
      image: address.image,
    });
    expect(bookThing.offers).toMatchObject({
      '@type': 'Offer',
      url: publicConfig.links.bookRetailer,
      availability: 'https://schema.org/PreOrder',
    });
  });

  it('offers the book in stock from release day', async () => {
    const released = await testPageProps(londonMidnight(props.content.site.book.releaseDate));
    const bookThing = ofType('book', 'Book', released);
    expect(bookThing.offers).toMatchObject({ availability: 'https://schema.org/InStock' });
  });

  it('describes the cohort as a course the founder provides, and the founder on the home page', () => {
    expect(ofType('cohort', 'Course')).toMatchObject({
      name: cohort.hero.heading,
      description: cohort.meta.description,
      provider: { '@type': 'Person', name: 'Jamie Castell' },
    });
    const person = ofType('home', 'Person');
    expect(person['@id']).toEqual(expect.stringMatching(/^http.+#founder$/));
    expect(person).toMatchObject({ name: 'Jamie Castell', image: address.image });
    // Every other page's founder node is the same entity as the home page's.
    expect(ofType('book', 'Book').author).toMatchObject({ '@id': person['@id'] });
  });

  it('starts the cohort’s course instance with the intake taking applications, and none after the last', async () => {
    const intake = nextIntake(cohort.intakes, props.now);
    if (!intake) throw new Error('content/cohort.yaml has no intake taking applications');
    expect(ofType('cohort', 'Course').hasCourseInstance).toEqual({
      '@type': 'CourseInstance',
      courseMode: 'Online',
      startDate: intake.starts,
    });
    const lastApplyBy =
      cohort.intakes
        .map(({ applyBy }) => applyBy)
        .sort()
        .at(-1) ?? '';
    const after = await testPageProps(londonMidnight(dayAfter(lastApplyBy)));
    expect(ofType('cohort', 'Course', after).hasCourseInstance).toEqual({
      '@type': 'CourseInstance',
      courseMode: 'Online',
    });
  });
});

describe('structured data of an owner page', () => {
  const press = props.content.pages.press;
  if (!press) throw new Error('the sample content has no press page');
  const session = {
    id: 'masterclass-next-week',
    start: new Date(props.now + 7 * 86_400_000).toISOString(),
    price: { amount: 99, currency: 'GBP' as const },
    seats: 20,
    checkout: 'https://buy.stripe.com/test_masterclass',
  };
  const withBlocks = (blocks: typeof press.blocks) => ({
    ...props,
    content: { ...props.content, pages: { press: { ...press, blocks } } },
  });

  it('is a web page by the founder, with the FAQ its accordion shows', () => {
    const page = ofType('pages/press', 'WebPage');
    expect(page).toMatchObject({ name: press.meta.title, url: address.url, image: address.image });
    expect(page.author).toMatchObject({ '@type': 'Person', name: props.content.site.founder.name });
    expect(graphOf('pages/press').map((node) => node['@type'])).toEqual(['WebPage', 'FAQPage']);
  });

  it('adds an event for a checkout\u2019s session on sale, and the book for a book card', () => {
    const selling = withBlocks([
      ...press.blocks,
      {
        discriminant: 'checkout',
        value: { sessions: [session], price: workshop.price, nextDate: workshop.nextDate },
      },
      {
        discriminant: 'bookCard',
        value: {
          kicker: 'The book',
          heading: 'Read it',
          sub: 'Out soon.',
          order: { label: 'Order', href: 'https://shop.example/book' },
        },
      },
    ]);
    expect(ofType('pages/press', 'Event', selling)).toMatchObject({
      name: press.meta.title,
      startDate: session.start,
      offers: { price: 99, priceCurrency: 'GBP', url: session.checkout },
    });
    expect(ofType('pages/press', 'Book', selling)).toMatchObject({
      name: props.content.site.book.title,
      url: 'https://shop.example/book',
    });
    // Once the session has started, nothing is on sale: no event.
    const later = { ...selling, now: props.now + 8 * 86_400_000 };
    expect(graphOf('pages/press', later).map((node) => node['@type'])).not.toContain('Event');
  });
});
