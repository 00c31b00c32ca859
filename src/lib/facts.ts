import { intakeSeatsLeft, nextIntake } from '../../contracts/cohort-intakes';
import type { Content, FactName } from '../../contracts/content';
import { defaultRetentionMonths } from '../../contracts/content/cohort';
import { formatDay } from '../../contracts/london-day';
import { formatPrice, toMinorUnits } from '../../contracts/money';
import { nextSession, type SeatsTaken, sessionsOnSale } from '../../contracts/workshop-sessions';
import { ukEventLabel } from './countdown';
import { fillTemplate } from './template';

/**
 * The facts prose refers to by name ("{workshopPrice}"), written once in the content and
 * formatted here for en-GB. They depend on the moment and the seats: "{workshopDate}" is the
 * session on sale, "{year}" this year's number.
 */
export type Facts = Record<FactName, string>;

type Session = Content['workshop']['sessions'][number];

/** "15 January 2027": a YYYY-MM-DD day as a British reader writes it (the server's emails too). */
export { formatDay };

/** "£49", "£49.50", "$100": a price without needless pence. */
export function formatMoney(price: Session['price']): string {
  const { amount, currency } = toMinorUnits(price);
  return formatPrice(amount, currency);
}

/** The session the page sells at `now`: the first to start after it, or none. */
export { nextSession } from '../../contracts/workshop-sessions';

/**
 * The workshop's session its facts describe ("{workshopDate}", "{workshopPrice}"): the one on sale
 * at `now` with the seats the store knows; with none, the first to come, which is full; with none
 * to come, the last, whose price still describes the workshop.
 */
export function factsSession<S extends Session>(
  sessions: readonly S[],
  now: number,
  taken: SeatsTaken = {},
): S | null {
  const { onSale, shown } = sessionsOnSale(sessions, now, taken);
  return onSale ?? shown ?? nextSession(sessions, now) ?? sessions.at(-1) ?? null;
}

export { dayAfter, dayHasCome, londonMidnight } from '../../contracts/london-day';
/** The cohort intake that takes applications at `now`, and the days as London reads them. */
export { nextIntake };

/** "31st January": a YYYY-MM-DD day as the waitlist banner writes it (the year goes without saying). */
export function formatDayOfMonth(day: string): string {
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  const suffix =
    date % 10 === 1 && date !== 11
      ? 'st'
      : date % 10 === 2 && date !== 12
        ? 'nd'
        : date % 10 === 3 && date !== 13
          ? 'rd'
          : 'th';
  const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2000, month - 1, 1),
  );
  return `${date}${suffix} ${monthName}`;
}

const smallNumbers = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

/** "1 month", "12 months": a span of months, as a promise is written. */
const monthsText = (months: number) => `${months} ${months === 1 ? 'month' : 'months'}`;

/** "two", "12": a count in prose, in words up to ten. */
export function formatCount(count: number): string {
  return smallNumbers[count] ?? String(count);
}

export function factsOf(
  content: Pick<Content, 'site' | 'workshop' | 'waitlist' | 'thankYou' | 'cohort'>,
  now: number,
  taken: SeatsTaken = {},
): Facts {
  const { site, workshop } = content;
  const session = factsSession(workshop.sessions, now, taken);
  // Likewise the last intake's seats still describe the cohort once its applications have closed.
  const intake =
    nextIntake(content.cohort.intakes, now) ??
    content.cohort.intakes.toSorted((a, b) => a.starts.localeCompare(b.starts)).at(-1) ??
    null;
  return {
    founder: site.founder.name,
    tagline: site.founder.tagline,
    bookTitle: site.book.title,
    releaseDate: formatDay(site.book.releaseDate),
    workshopDate: session ? ukEventLabel(Date.parse(session.start)) : '',
    workshopPrice: session ? formatMoney(session.price) : '',
    year: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' }).format(
      now,
    ),
    releaseYear: site.book.releaseDate.slice(0, 4),
    waitlistOfferEnds: formatDayOfMonth(content.waitlist.banner.offerEnds),
    friendsGoal: formatCount(content.thankYou.share.friendsGoal),
    newsletterReaders: new Intl.NumberFormat('en-GB').format(site.newsletter.readers),
    privacyEmail: site.legal.email,
    cohortStarts: intake ? formatDay(intake.starts) : '',
    cohortApplyBy: intake ? formatDay(intake.applyBy) : '',
    cohortSeats: intake ? String(intake.seats) : '',
    cohortSeatsLeft: intake ? String(intakeSeatsLeft(intake, taken)) : '',
    applicationRetention: monthsText(
      content.cohort.application?.retentionMonths ?? defaultRetentionMonths,
    ),
  };
}

/** Every text in a value with its facts filled in (the shape is kept). */
export function withFacts<T>(value: T, facts: Facts): T {
  if (typeof value === 'string') return fillTemplate(value, facts) as T;
  if (Array.isArray(value)) return value.map((item) => withFacts(item, facts)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withFacts(item, facts)]),
    ) as T;
  }
  return value;
}
