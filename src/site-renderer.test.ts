import { beforeAll, describe, expect, it } from 'vitest';
import { variantId } from '../contracts/content/experiments';
import type { SiteRenderer } from '../contracts/site-renderer';
import type { SeatsTaken } from '../contracts/workshop-sessions';
import type { SiteContent } from './content/page-props';
import { allDocumentIds, createSiteRenderer, type RenderInput } from './entry-server';
import { testContent } from './testing/content';

/**
 * Which documents the server renders again when the seats the store knows change
 * (SiteRenderer.pagesChangedBySeats): the calendar asks at each check, so it must say none when
 * nothing shows differently, and never too few.
 */
let content: SiteContent;
let renderer: SiteRenderer;
let now: number;
let first: SiteContent['workshop']['sessions'][number];

beforeAll(async () => {
  const seed = await testContent();
  const press = seed.pages.press;
  if (!press) throw new Error('the sample content has no press page');
  const [earliest] = seed.workshop.sessions.toSorted(
    (a, b) => Date.parse(a.start) - Date.parse(b.start),
  );
  if (!earliest) throw new Error('content/workshop.yaml has no session');
  first = earliest;
  now = Date.parse(first.start) - 86_400_000;
  const masterclass = {
    ...press,
    path: '/masterclass',
    blocks: [
      ...press.blocks,
      {
        discriminant: 'checkout' as const,
        value: {
          sessions: [
            {
              id: 'masterclass',
              start: first.start,
              price: { amount: 99, currency: 'GBP' as const },
              seats: 20,
              checkout: 'https://buy.stripe.com/test_masterclass',
            },
          ],
          price: seed.workshop.price,
          nextDate: seed.workshop.nextDate,
        },
      },
    ],
  };
  // Under an experiment of its own words, so its variant sells too.
  const experiment = {
    name: 'masterclass-words',
    page: 'pages/masterclass',
    goal: 'checkouts' as const,
    controlShare: 50,
    variants: [
      { name: 'short', share: 50, changes: [{ field: 'meta.title', text: 'Masterclass' }] },
    ],
    sampleSize: 100,
  };
  content = {
    ...seed,
    pages: { ...seed.pages, masterclass },
    experiments: { experiments: [...seed.experiments.experiments, experiment] },
  };
  // Which documents change needs the content alone; nothing here is rendered.
  renderer = createSiteRenderer({ content, readAt: now } as RenderInput);
});

const sold = (id: string, count: number): SeatsTaken => ({
  [id]: { sold: count, held: 0, cancelled: false },
});

describe('the documents a change of seats renders again', () => {
  it('none while the pages read the same: the build’s view, or counts above the one that shows', () => {
    expect(renderer.pagesChangedBySeats({}, {}, now)).toEqual([]);
    expect(renderer.pagesChangedBySeats({}, sold(first.id, 1), now)).toEqual([]);
    expect(renderer.pagesChangedBySeats({}, sold('masterclass', 2), now)).toEqual([]);
  });

  it('the pages that sell, their variants too, when a count shows', () => {
    const selling = [
      'workshop',
      'pages/masterclass',
      variantId('pages/masterclass', 'masterclass-words', 'short'),
    ];
    const workshopLow = sold(first.id, first.seats - 3);
    expect([...renderer.pagesChangedBySeats({}, workshopLow, now)].sort()).toEqual(selling.sort());
    expect([...renderer.pagesChangedBySeats({}, sold('masterclass', 18), now)].sort()).toEqual(
      selling.sort(),
    );
    // And back: a hold that lapsed gives the seat back.
    expect(renderer.pagesChangedBySeats(workshopLow, {}, now)).toHaveLength(selling.length);
  });

  it('every document when the workshop’s first session fills, as "{workshopDate}" moves on', () => {
    const all = allDocumentIds(content);
    expect(renderer.pagesChangedBySeats({}, sold(first.id, first.seats), now)).toEqual(all);
    expect(all.length).toBeGreaterThan(10);
  });
});
