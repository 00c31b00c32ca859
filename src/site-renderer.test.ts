import { beforeAll, describe, expect, it } from 'vitest';
import { intakeSeatsKey, nextIntake } from '../contracts/cohort-intakes';
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

describe('the documents a change of the cohort’s seats renders again', () => {
  /** The intake the cohort's facts count at `now`, and its seats with `left` of them left. */
  const intakeLeft = (left: number): SeatsTaken => {
    const intake =
      nextIntake(content.cohort.intakes, now) ??
      content.cohort.intakes.toSorted((a, b) => a.starts.localeCompare(b.starts)).at(-1);
    if (!intake) throw new Error('content/cohort.yaml has no intake');
    return {
      [intakeSeatsKey(intake.starts)]: { sold: intake.seats - left, held: 0, cancelled: false },
    };
  };
  const cohortPages = ['cohort', 'cohort-apply', 'cohort-offer'];

  it('none while its seats left are the same: the build’s view, or another intake’s seats', () => {
    expect(renderer.pagesChangedBySeats(intakeLeft(4), intakeLeft(4), now)).toEqual([]);
    expect(renderer.pagesChangedBySeats({}, sold(intakeSeatsKey('2099-01-01'), 3), now)).toEqual(
      [],
    );
  });

  it('the cohort’s pages when they change: one fewer left, full, and back', () => {
    const full = intakeLeft(0);
    expect(renderer.pagesChangedBySeats({}, intakeLeft(19), now)).toEqual(cohortPages);
    expect(renderer.pagesChangedBySeats(intakeLeft(1), full, now)).toEqual(cohortPages);
    // An offer that expired gives its seat back.
    expect(renderer.pagesChangedBySeats(full, intakeLeft(1), now)).toEqual(cohortPages);
  });

  it('with the workshop’s pages when both change at one check', () => {
    const both = { ...intakeLeft(2), ...sold(first.id, first.seats - 3) };
    expect([...renderer.pagesChangedBySeats({}, both, now)].sort()).toEqual(
      [
        ...cohortPages,
        'workshop',
        'pages/masterclass',
        variantId('pages/masterclass', 'masterclass-words', 'short'),
      ].sort(),
    );
  });

  it('an owner’s page, or a variant, whose words name {cohortSeatsLeft}; every page when a shared file’s do', () => {
    const press = content.pages.press;
    if (!press) throw new Error('the sample content has no press page');
    const naming: SiteContent = {
      ...content,
      pages: {
        ...content.pages,
        press: { ...press, meta: { ...press.meta, title: 'Only {cohortSeatsLeft} seats left' } },
      },
      experiments: {
        experiments: content.experiments.experiments.map((experiment) =>
          experiment.page === 'waitlist'
            ? {
                ...experiment,
                variants: experiment.variants.map((variant, index) =>
                  index === 0
                    ? {
                        ...variant,
                        changes: [{ field: 'hero.heading', text: '{cohortSeatsLeft} seats' }],
                      }
                    : variant,
                ),
              }
            : experiment,
        ),
      },
    };
    const tested = content.experiments.experiments.find(({ page }) => page === 'waitlist');
    const variant = tested?.variants[0];
    if (!tested || !variant) throw new Error('the sample content has no waitlist experiment');
    const changed = createSiteRenderer({ content: naming, readAt: now } as RenderInput);
    expect(changed.pagesChangedBySeats({}, intakeLeft(3), now)).toEqual([
      ...cohortPages,
      'pages/press',
      variantId('waitlist', tested.name, variant.name),
    ]);

    const everywhere: SiteContent = {
      ...content,
      site: { ...content.site, skipLink: 'Skip ({cohortSeatsLeft} seats left)' },
    };
    const all = createSiteRenderer({ content: everywhere, readAt: now } as RenderInput);
    expect(all.pagesChangedBySeats({}, intakeLeft(3), now)).toEqual(allDocumentIds(everywhere));
  });
});
