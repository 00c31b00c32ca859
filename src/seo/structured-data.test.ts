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
      cohort: ['Course', 'FAQPage'],
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
