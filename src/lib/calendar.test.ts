import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Content } from '../../contracts/content';
import { loadContent } from '../../contracts/content/load';
import { contentDates } from './calendar';

/** The repository's content with the cohort's intakes set here, so the owner's dates never matter. */
const content = await loadContent(resolve(import.meta.dirname, '../../content'));

function withIntakes(intakes: Content['cohort']['intakes']): Content {
  return { ...content, cohort: { ...content.cohort, intakes } };
}

const cohortDates = (dates: ReturnType<typeof contentDates>) =>
  dates.filter(({ what }) => what.includes('content/cohort.yaml'));

describe('the calendar of content dates', () => {
  it('lists each cohort intake’s close of applications as its next day begins in London', () => {
    const dates = contentDates(
      withIntakes([
        { starts: '2027-07-05', applyBy: '2027-06-14', seats: 20 },
        { starts: '2027-01-11', applyBy: '2026-12-14', seats: 20 },
      ]),
      Date.parse('2026-11-25T12:00:00Z'),
    );
    expect(cohortDates(dates).map(({ at }) => new Date(at).toISOString())).toEqual([
      '2026-12-15T00:00:00.000Z', // GMT
      '2027-06-14T23:00:00.000Z', // BST: midnight in London is 23:00 UTC
    ]);
    expect(cohortDates(dates)[0]?.what).toBe(
      'applications close for the cohort intake of 11 January 2027: the page moves on to the next intake (content/cohort.yaml)',
    );
  });

  it('warns at the last intake’s close only: the page has no intake to take applications for after it', () => {
    const [first, last] = cohortDates(
      contentDates(
        withIntakes([
          { starts: '2027-01-11', applyBy: '2026-12-14', seats: 20 },
          { starts: '2027-04-12', applyBy: '2027-03-15', seats: 12 },
        ]),
        Date.parse('2026-11-25T12:00:00Z'),
      ),
    );
    expect(first?.warning).toBeUndefined();
    expect(last?.warning).toMatch(
      /^no cohort intake takes applications after it: add the next one/,
    );
  });
});

describe('an owner page’s countdown', () => {
  it('is a date of the calendar: the page is rendered again when it reaches zero', () => {
    const press = content.pages.press;
    if (!press) throw new Error('the sample content has no press page');
    const counting: Content = {
      ...content,
      pages: {
        ...content.pages,
        press: {
          ...press,
          blocks: [
            ...press.blocks,
            {
              discriminant: 'countdown',
              value: {
                heading: 'Doors open in',
                to: '2027-03-04T18:30:00+00:00',
                label: 'Time until the doors open',
                units: { days: 'd', hours: 'h', minutes: 'm', seconds: 's' },
                ended: 'The doors are open.',
              },
            },
          ],
        },
      },
    };
    const dates = contentDates(counting, Date.parse('2026-11-25T12:00:00Z')).filter(({ what }) =>
      what.includes('content/pages/press.yaml'),
    );
    expect(dates).toEqual([
      {
        at: Date.parse('2027-03-04T18:30:00Z'),
        what: 'the countdown of the page "Press kit" reaches zero: it says "The doors are open." (content/pages/press.yaml)',
      },
    ]);
  });
});

describe('an owner page’s checkout', () => {
  it('moves on as each session starts, and warns at the last', () => {
    const press = content.pages.press;
    if (!press) throw new Error('the sample content has no press page');
    const session = (start: string) => ({
      id: `masterclass-${start.slice(0, 10)}`,
      start,
      price: { amount: 99, currency: 'GBP' as const },
      seats: 20,
      checkout: 'https://buy.stripe.com/test_masterclass',
    });
    const selling: Content = {
      ...content,
      pages: {
        press: {
          ...press,
          blocks: [
            ...press.blocks,
            {
              discriminant: 'checkout',
              value: {
                sessions: [
                  session('2027-02-02T18:00:00+00:00'),
                  session('2027-01-12T18:00:00+00:00'),
                ],
                price: content.workshop.price,
                nextDate: content.workshop.nextDate,
              },
            },
          ],
        },
      },
    };
    const dates = contentDates(selling, Date.parse('2026-11-25T12:00:00Z')).filter(({ what }) =>
      what.includes('content/pages/press.yaml'),
    );
    expect(dates.map(({ at, warning }) => [new Date(at).toISOString(), Boolean(warning)])).toEqual([
      ['2027-01-12T18:00:00.000Z', false],
      ['2027-02-02T18:00:00.000Z', true],
    ]);
    expect(dates[1]?.warning).toBe(
      'the page "Press kit" has no session left to sell after it: add the next one to content/pages/press.yaml',
    );
  });
});

describe('a post', () => {
  it('is a date of the calendar when it comes out, and again when its update does', () => {
    const post = content.posts['the-first-hire'];
    if (!post) throw new Error('the sample content has no post "the-first-hire"');
    const updated: Content = {
      ...content,
      posts: { 'the-first-hire': { ...post, updated: '2027-03-01T07:00:00+00:00' } },
    };
    expect(
      contentDates(updated, Date.parse('2026-11-25T12:00:00Z'))
        .filter(({ what }) => what.includes('content/posts/'))
        .map(({ at }) => new Date(at).toISOString()),
    ).toEqual([new Date(post.date).toISOString(), '2027-03-01T07:00:00.000Z']);
  });
});
