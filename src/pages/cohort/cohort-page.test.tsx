import { beforeAll, describe, expect, it } from 'vitest';
import { intakeSeatsKey, nextIntake } from '../../../contracts/cohort-intakes';
import type { SeatsTaken } from '../../../contracts/workshop-sessions';
import type { SiteContent } from '../../content/page-props';
import { pageProps, renderPage } from '../../entry-server';
import { londonMidnight } from '../../lib/facts';
import { testContent } from '../../testing/content';

/**
 * The cohort page's call buttons follow how people get in (content/cohort.yaml `admission`,
 * docs/decisions/033-cohort-applications.md): the booking call as before, or the application page
 * on the same site. Read as a visitor without JavaScript reads it: its HTML alone.
 */
let content: SiteContent;

beforeAll(async () => {
  content = await testContent();
});

type Admission = SiteContent['cohort']['admission'];
const page = (admission: Admission) =>
  renderPage(
    'cohort',
    pageProps({ ...content, cohort: { ...content.cohort, admission } }, Date.now()),
  );

/** Each call button of the page, by where it sits: its opening tag's attributes but the class, and its label. */
function buttons(html: string) {
  return [...html.matchAll(/<a (data-cta="cohort-[a-z]+"[^>]*?) class="[^"]*">([^<]*)<\/a>/g)].map(
    ([, attributes, label]) => ({ attributes, label }),
  );
}

const sections = ['hero', 'story', 'pain', 'details', 'ready'] as const;

describe('the cohort page’s call buttons', () => {
  it('with admission: call, are the booking links they were, attribute for attribute, in a new tab', async () => {
    const { cohort } = content;
    const html = await page('call');
    expect(buttons(html)).toEqual(
      sections.map((section) => ({
        attributes: `data-cta="cohort-${section}" target="_blank" rel="noopener noreferrer" href="${cohort.booking}"`,
        label: (section === 'details' ? cohort.details : cohort[section]).cta,
      })),
    );
    expect(html).not.toContain('href="/apply');
  });

  it('with admission: application, each says the application’s label and opens the application page in the same tab', async () => {
    const html = await page('application');
    const apply = content.cohort.application?.apply;
    expect(apply).toBeTruthy();
    expect(buttons(html)).toEqual(
      sections.map((section) => ({
        // The link takes the visitor's source along (src/lib/source-link.ts).
        attributes: `data-cta="cohort-${section}" href="/apply" data-source-link=""`,
        label: apply,
      })),
    );
    expect(html).not.toContain(content.cohort.booking);
  });
});

describe('the cohort page’s seats', () => {
  /** A week before the first intake's applications close, and that intake. */
  const openAt = () => {
    const [first] = content.cohort.intakes.toSorted((a, b) => a.starts.localeCompare(b.starts));
    if (!first) throw new Error('content/cohort.yaml has no intake');
    const now = londonMidnight(first.applyBy) - 7 * 86_400_000;
    const intake = nextIntake(content.cohort.intakes, now);
    if (!intake) throw new Error('no intake takes applications a week before the first closes');
    return { now, intake };
  };
  /** The store's seats of the open intake with `left` of them left: offers hold two, the rest are enrolled. */
  const seatsLeft = (left: number): SeatsTaken => {
    const { intake } = openAt();
    return {
      [intakeSeatsKey(intake.starts)]: { sold: intake.seats - left - 2, held: 2, cancelled: false },
    };
  };
  const render = (taken: SeatsTaken, admission: Admission = 'application') =>
    renderPage(
      'cohort',
      pageProps({ ...content, cohort: { ...content.cohort, admission } }, openAt().now, taken),
    );
  /** The hero: the page's main content up to the hero's end. */
  const hero = (html: string) => {
    const main = html.slice(html.indexOf('<main'));
    return main.slice(0, main.indexOf('</section>'));
  };
  const escaped = (text: string) => text.replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

  it('says how many are left in the hero, as the store counts them', async () => {
    const html = await render(seatsLeft(3));
    const slots = content.cohort.hero.slots.replace('{cohortSeatsLeft}', '3');
    expect(slots).toMatch(/\b3\b/);
    expect(hero(html)).toContain(`>${escaped(slots)}</p>`);
    expect(html).not.toContain(escaped(content.cohort.application?.full ?? 'no full words'));
  });

  it('at none left, says the intake is full in the count’s place, and every button offers the waitlist, still at /apply', async () => {
    const application = content.cohort.application;
    if (!application) throw new Error('content/cohort.yaml has no application');
    const html = await render(seatsLeft(0));
    expect(hero(html)).toContain(`>${escaped(application.full)}</p>`);
    expect(html).not.toContain(
      escaped(content.cohort.hero.slots.replace('{cohortSeatsLeft}', '0')),
    );
    expect(buttons(html)).toEqual(
      sections.map((section) => ({
        attributes: `data-cta="cohort-${section}" href="/apply" data-source-link=""`,
        label: application.waitlist,
      })),
    );
  });

  it('with one seat left, the buttons still say the application’s label', async () => {
    const html = await render(seatsLeft(1));
    expect(buttons(html).map(({ label }) => label)).toEqual(
      sections.map(() => content.cohort.application?.apply),
    );
  });

  it('with admission: call, keeps its booking buttons and never says full: the owner takes no applications', async () => {
    const html = await render(seatsLeft(0), 'call');
    expect(buttons(html).map(({ label }) => label)).toEqual(
      sections.map((section) =>
        section === 'details' ? content.cohort.details.cta : content.cohort[section].cta,
      ),
    );
    expect(html).not.toContain(escaped(content.cohort.application?.full ?? 'no full words'));
  });
});
