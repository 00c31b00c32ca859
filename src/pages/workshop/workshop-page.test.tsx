import { beforeAll, describe, expect, it } from 'vitest';
import type { SeatsTaken } from '../../../contracts/workshop-sessions';
import type { SiteContent } from '../../content/page-props';
import { pageProps, renderPage } from '../../entry-server';
import { testContent } from '../../testing/content';

/**
 * The workshop page as the server renders it with the seats the store knows, read as a visitor
 * without JavaScript reads it: its HTML alone (docs/decisions/032-workshop-delivered.md, "What
 * the page shows"). The sessions are the content's; the moment is the day before the first.
 */
let content: SiteContent;
let now: number;
let first: SiteContent['workshop']['sessions'][number];
let second: SiteContent['workshop']['sessions'][number];

beforeAll(async () => {
  content = await testContent();
  const sessions = content.workshop.sessions.toSorted(
    (a, b) => Date.parse(a.start) - Date.parse(b.start),
  );
  if (!sessions[0] || !sessions[1])
    throw new Error('content/workshop.yaml has fewer than two sessions');
  [first, second] = [sessions[0], sessions[1]];
  now = Date.parse(first.start) - 86_400_000;
});

const page = (taken?: SeatsTaken, at = now) =>
  renderPage('workshop', pageProps(content, at, taken));
/** The page's words as a reader sees them: tags out, entities as written. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const sold = (session: typeof first, count: number, held = 0) => ({
  [session.id]: { sold: count, held, cancelled: false },
});
const seatsCopy = () => content.workshop.delivery.seats;

describe('the workshop page’s seats, with JavaScript off', () => {
  it('links each button to the session it shows, and says nothing of seats while many are left', async () => {
    const html = await page();
    expect(html).toContain(`href="/go/workshop?session=${first.id}"`);
    expect(html).not.toMatch(/href="\/go\/workshop"/);
    expect(html.match(/href="\/go\/workshop\?session=/g)?.length).toBeGreaterThanOrEqual(4);
    expect(words(html)).not.toMatch(/seats? left/i);
  });

  it('says "3 seats left" by the hero’s and the price card’s buttons once few are left, held seats counted', async () => {
    const html = words(await page(sold(first, first.seats - 5, 2)));
    const three = seatsCopy().left.replace('{seatsLeft}', '3');
    expect(html.split(three)).toHaveLength(3);
    expect(words(await page(sold(first, first.seats - 1)))).toContain(seatsCopy().oneLeft);
  });

  it('shows nothing of the count past the content’s threshold, and never with 0', async () => {
    const from = seatsCopy().showLeftFrom;
    expect(words(await page(sold(first, first.seats - from - 1)))).not.toMatch(/seats? left/i);
    expect(words(await page(sold(first, first.seats - from)))).toContain(
      seatsCopy().left.replace('{seatsLeft}', String(from)),
    );
    const never = { ...content, workshop: { ...content.workshop } };
    never.workshop.delivery = {
      ...content.workshop.delivery,
      seats: { ...seatsCopy(), showLeftFrom: 0 },
    };
    const html = await renderPage('workshop', pageProps(never, now, sold(first, first.seats - 1)));
    expect(words(html)).not.toMatch(/seats? left/i);
  });

  it('says a full first session is sold out and sells the next: its date, its link, its countdown', async () => {
    const html = await page(sold(first, first.seats));
    expect(words(html)).toContain('The 10 December 2026 session is sold out.');
    expect(html).toContain(`href="/go/workshop?session=${second.id}"`);
    expect(html).not.toContain(`session=${first.id}`);
    // The hero's date is the one on sale ("Live Workshop: February 11th @ 18:00 UK (GMT)").
    expect(words(html)).toContain('February 11th @ 18:00');
    expect(words(html)).not.toContain('December 10th @ 18:00');
  });

  it('says "Sold out" over the next-date form when every session to come is full', async () => {
    const html = await page({ ...sold(first, first.seats), ...sold(second, 0, second.seats) });
    expect(html).not.toContain('/go/workshop');
    expect(html).toContain('id="workshop-next-date"');
    expect(html).toMatch(new RegExp(`>${seatsCopy().soldOut}</p><h1`));
  });

  it('offers the next-date form without "Sold out" once no session is to come', async () => {
    const html = await page(undefined, Date.parse('2999-01-01T00:00:00Z'));
    expect(html).toContain('id="workshop-next-date"');
    expect(html).not.toContain(`>${seatsCopy().soldOut}<`);
    expect(html).toContain(`>${content.workshop.nextDate.kicker}<`);
  });

  it('passes over a cancelled session without calling it sold out', async () => {
    const html = await page({ [first.id]: { sold: 0, held: 0, cancelled: true } });
    expect(html).toContain(`href="/go/workshop?session=${second.id}"`);
    expect(words(html)).not.toContain('sold out');
  });
});
