import { sql } from 'kysely';
import { funnelPageKey } from '../../../contracts/funnel-figures';
import { normalizePath } from '../../../contracts/routes';
import { sourceName } from '../../../contracts/traffic-source';
import type { Store } from '../../db/store';
import { utcDay } from '../../page-views/store';
import { salesWithRefunds } from '../sales';
import { type CameFrom, cohortCounts } from './cohort-counts';

/**
 * The funnel the owner reads with `npm run leads -- stats` (decision 013): page views and
 * visitors the server counted beside the sign-ups and enquiries stored as leads, the workshop's
 * checkouts and sales, and the cohort's applications, offers and enrolments, grouped by page,
 * traffic source, UTC day, site host or experiment's variant. Stored sources are read through
 * sourceName, so rows kept under an older spelling ("instagram", "l.instagram.com") join today's
 * ("Instagram"); visitors of a source spelt two ways on one day may then count twice.
 *
 * By variant, a row is an experiment's variant ("waitlist-headline/first-to-read"): its views and
 * visitors are those it was shown to (every exposure, not only those the experiment's verdict
 * counts), its checkouts the clicks of its visitors, and its leads, sales and applications those
 * that carry it. What no experiment showed is in no row, only in the total.
 */

export const funnelDimensions = ['page', 'source', 'day', 'host', 'variant'] as const;
export type FunnelDimension = (typeof funnelDimensions)[number];

export interface FunnelRow {
  /** The page (site host and path), traffic source, UTC day (YYYY-MM-DD) or site host. */
  key: string;
  views: number;
  /**
   * Different visitors each day, added up over the days: the anonymous hash changes daily, so
   * someone who comes back on three days counts three times.
   */
  visitors: number;
  signUps: number;
  /** Of those sign-ups, how many confirmed their address (Kit's double opt-in, decision 021). */
  confirmed: number;
  /** Contact submissions; null by source, which the contact form does not record. */
  contacts: number | null;
  /** Clicks on checkout links, counted by the server (decision 020). */
  checkouts: number;
  /**
   * Paid workshop sales, by the Checkout Session's day; one refunded in full no longer counts.
   * A cohort's payment is a sale of Stripe's too, and is not counted here: it is an enrolment.
   */
  sales: number;
  /** What the sales brought in, refunds taken off: currency (lower case) → smallest units. */
  revenue: Record<string, number>;
  /** Cohort applications, by the day they came, erased ones too. */
  applications: number;
  /** Offers of a seat made to accepted applications, by the day each was made. */
  offers: number;
  /** Offers paid, by the day of the payment; one refunded in full no longer counts. */
  enrolments: number;
  /** What the enrolments paid, refunds taken off: currency (lower case) → smallest units. */
  cohortRevenue: Record<string, number>;
}

export interface Funnel {
  by: FunnelDimension;
  /** The first and last UTC day counted. */
  from: string;
  to: string;
  rows: FunnelRow[];
  total: FunnelRow;
}

/**
 * The contact form keeps no source or variant: its submissions are counted by page, day and
 * host. Those sent before it kept their page (0009) count under "(not recorded)" by page.
 */
export const countsContacts = (by: FunnelDimension): boolean => by !== 'source' && by !== 'variant';

/** What a lead without a page, source or host (stored before they were recorded) is filed under. */
export const notRecorded = '(not recorded)';

/** The page views' columns of each dimension; by variant, the views are its exposures'. */
const viewColumns = {
  page: ['host', 'path'],
  source: ['source'],
  day: ['day'],
  host: ['host'],
} as const satisfies Record<Exclude<FunnelDimension, 'variant'>, readonly string[]>;

/** Distinct visitors across days: the same hash on two days is two visits (see FunnelRow). */
const visitorDays = sql<number | string>`count(distinct day || ' ' || visitor)`;

interface LeadGroup extends Partial<CameFrom> {
  host: string | null;
  /** The page's path; null where it was not recorded. */
  page?: string | null;
  day: string;
  count: number | string;
  confirmed?: number | string;
}

/** A variant's row: its experiment and its name, as a variant's document names them. */
export const variantKey = (experiment: string, variant: string) => `${experiment}/${variant}`;

/** The row a lead, click, sale or application counts in; none by variant without an experiment. */
function leadKey(by: FunnelDimension, lead: Omit<LeadGroup, 'count'>): string | null {
  switch (by) {
    case 'variant':
      return lead.experiment && lead.variant ? variantKey(lead.experiment, lead.variant) : null;
    case 'page':
      return lead.page
        ? funnelPageKey.format({ host: lead.host ?? '', path: normalizePath(lead.page) })
        : notRecorded;
    case 'source':
      return (lead.source && sourceName(lead.source)) || notRecorded;
    case 'day':
      return lead.day;
    case 'host':
      return lead.host ?? notRecorded;
  }
}

/** What the funnel adds up over a period, each count read in one query, the queries at once. */
async function funnelCounts(
  store: Store,
  { by, from, to }: { by: FunnelDimension; from: string; to: string },
) {
  // Lead times are ISO strings: a day's prefix sorts before the day's times, the next day after.
  const until = nextDay(to);
  const createdAt = sql<string>`substr(created_at, 1, 10)`;
  const [views, totalViews, signUps, contacts, clicks, variantClicks, sales, cohort] =
    await Promise.all([
      viewsBy(store, { by, from, to }),
      store.db
        .selectFrom('page_views')
        .select((eb) => [
          eb.fn.sum<number | string>('views').as('views'),
          visitorDays.as('visitors'),
        ])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .executeTakeFirstOrThrow(),
      store.db
        .selectFrom('subscribers')
        .select(['host', 'page', 'source', 'experiment', 'variant', createdAt.as('day')])
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .select((eb) => eb.fn.count<number | string>('confirmed_at').as('confirmed'))
        .where('created_at', '>=', from)
        .where('created_at', '<', until)
        .groupBy(['host', 'page', 'source', 'experiment', 'variant', createdAt])
        .execute(),
      store.db
        .selectFrom('contact_submissions')
        .select(['host', 'page', createdAt.as('day')])
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('created_at', '>=', from)
        .where('created_at', '<', until)
        .groupBy(['host', 'page', createdAt])
        .execute(),
      store.db
        .selectFrom('checkout_clicks')
        .select(['day', 'host', 'path', 'source'])
        .select((eb) => eb.fn.sum<number | string>('clicks').as('count'))
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['day', 'host', 'path', 'source'])
        .execute(),
      // By variant, the checkouts are those its visitors clicked (experiment_checkouts).
      by === 'variant'
        ? store.db
            .selectFrom('experiment_checkouts')
            .select(['experiment', 'variant'])
            .select((eb) => eb.fn.sum<number | string>('clicks').as('count'))
            .where('day', '>=', from)
            .where('day', '<=', to)
            .groupBy(['experiment', 'variant'])
            .execute()
        : [],
      paidSales(store, from, until),
      cohortCounts(store, from, until),
    ]);
  return { views, totalViews, signUps, contacts, clicks, variantClicks, sales, cohort };
}

/**
 * The views and visitors of each row: the page views' by page, source, day or host; by variant,
 * its exposures' (docs/decisions/027-experiments.md), each a visitor shown it on a day.
 */
async function viewsBy(
  store: Store,
  { by, from, to }: { by: FunnelDimension; from: string; to: string },
): Promise<Array<{ key: string; views: number | string | null; visitors: number | string }>> {
  if (by === 'variant') {
    const groups = await store.db
      .selectFrom('experiment_exposures')
      .select(['experiment', 'variant'])
      .select((eb) => [
        eb.fn.sum<number | string>('views').as('views'),
        eb.fn.countAll<number | string>().as('visitors'),
      ])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(['experiment', 'variant'])
      .execute();
    return groups.map((group) => ({ ...group, key: variantKey(group.experiment, group.variant) }));
  }
  const groups = await store.db
    .selectFrom('page_views')
    .select(viewColumns[by])
    .select((eb) => [eb.fn.sum<number | string>('views').as('views'), visitorDays.as('visitors')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(viewColumns[by])
    .execute();
  return groups.map((group) => ({
    ...group,
    key:
      by === 'page'
        ? funnelPageKey.format(group)
        : by === 'source'
          ? sourceName(String(group.source))
          : String(group[by]),
  }));
}

/** A line of the funnel with nothing counted yet. */
const emptyRow = (key: string, contacts: boolean): FunnelRow => ({
  key,
  views: 0,
  visitors: 0,
  signUps: 0,
  confirmed: 0,
  contacts: contacts ? 0 : null,
  checkouts: 0,
  sales: 0,
  revenue: {},
  applications: 0,
  offers: 0,
  enrolments: 0,
  cohortRevenue: {},
});

/** Adds an amount to a total per currency. */
const addMoney = (total: Record<string, number>, currency: string, amount: number) => {
  total[currency] = (total[currency] ?? 0) + amount;
};

export async function funnel(
  store: Store,
  { by, from, to }: { by: FunnelDimension; from: string; to: string },
): Promise<Funnel> {
  const counts = await funnelCounts(store, { by, from, to });
  const { totalViews, signUps, contacts, clicks, sales, cohort } = counts;
  const contactsKnown = countsContacts(by);
  const rows = new Map<string, FunnelRow>();
  const row = (key: string) => {
    let found = rows.get(key);
    if (!found) {
      found = emptyRow(key, contactsKnown);
      rows.set(key, found);
    }
    return found;
  };
  /** The row a group counts in, if any: none by variant for what no experiment showed. */
  const rowOf = (lead: Omit<LeadGroup, 'count'>): FunnelRow[] => {
    const key = leadKey(by, lead);
    return key === null ? [] : [row(key)];
  };
  /** The total made here, from the groups themselves: the cohort's, and the sales' net amounts. */
  const total = emptyRow('total', true);
  if (by === 'day') for (const day of daysBetween(from, to)) row(day);
  for (const group of counts.views) {
    const target = row(group.key);
    target.views += Number(group.views);
    target.visitors += Number(group.visitors);
  }
  for (const group of signUps) {
    for (const target of rowOf(group)) {
      target.signUps += Number(group.count);
      target.confirmed += Number(group.confirmed);
    }
  }
  if (contactsKnown) {
    for (const group of contacts) {
      for (const target of rowOf(group)) {
        target.contacts = (target.contacts ?? 0) + Number(group.count);
      }
    }
  }

  // A click's page is its host and path; a click whose page was not known has an empty path.
  // By variant, the clicks are those its visitors made (experiment_checkouts).
  if (by !== 'variant') {
    for (const group of clicks) {
      for (const target of rowOf({ ...group, page: group.path || null })) {
        target.checkouts += Number(group.count);
      }
    }
  }
  for (const group of counts.variantClicks) {
    row(variantKey(group.experiment, group.variant)).checkouts += Number(group.count);
  }
  for (const sale of sales) {
    const net = netOf(sale);
    for (const target of [total, ...rowOf({ ...sale, page: sale.path })]) {
      target.sales += net.counts ? 1 : 0;
      addMoney(target.revenue, sale.currency, net.amount);
    }
  }
  for (const group of cohort.applications) {
    for (const target of [total, ...rowOf(group)]) target.applications += Number(group.count);
  }
  for (const group of cohort.offers) {
    for (const target of [total, ...rowOf(group)]) target.offers += Number(group.count);
  }
  for (const enrolment of cohort.enrolments) {
    const net = netOf(enrolment);
    for (const target of [total, ...rowOf(enrolment)]) {
      target.enrolments += net.counts ? 1 : 0;
      addMoney(target.cohortRevenue, enrolment.currency, net.amount);
    }
  }

  const sum = (groups: readonly { count: number | string }[]) =>
    groups.reduce((all, group) => all + Number(group.count), 0);
  return {
    by,
    from,
    to,
    rows: [...rows.values()].sort(by === 'day' ? byKey : byReach),
    total: {
      ...total,
      views: Number(totalViews.views ?? 0),
      visitors: Number(totalViews.visitors),
      signUps: sum(signUps),
      confirmed: signUps.reduce((all, group) => all + Number(group.confirmed), 0),
      contacts: sum(contacts),
      checkouts: sum(clicks),
    },
  };
}

interface PaidSale {
  host: string | null;
  path: string | null;
  source: string | null;
  experiment: string | null;
  variant: string | null;
  day: string;
  amount: number;
  currency: string;
  refunded: number | string | null;
}

/**
 * The workshop's paid sales made in the period, each with what its charge has had refunded (any
 * order). Stripe's sales also hold the cohort's payments (docs/decisions/033-cohort-applications.md):
 * a Checkout Session an offer opened and was paid through is an enrolment, counted as one
 * (cohort-counts.ts), not a workshop sale.
 */
function paidSales(store: Store, from: string, until: string): Promise<PaidSale[]> {
  return (
    salesWithRefunds(store)
      .select([
        'sales.host',
        'sales.path',
        'sales.source',
        'sales.experiment',
        'sales.variant',
        sql<string>`substr(sales.created_at, 1, 10)`.as('day'),
        'sales.amount',
        'sales.currency',
        'refunds.refunded',
      ])
      .where('sales.status', '=', 'paid')
      .where('sales.created_at', '>=', from)
      .where('sales.created_at', '<', until)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('cohort_offers')
              .select(eb.lit(1).as('one'))
              .whereRef('cohort_offers.checkout_session', '=', 'sales.id'),
          ),
        ),
      )
      // A payment held for the owner's review is no workshop sale until confirmed
      // (docs/decisions/034-selling-that-cannot-be-gamed.md).
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('workshop_attendees')
              .select(eb.lit(1).as('one'))
              .whereRef('workshop_attendees.id', '=', 'sales.id')
              .where('workshop_attendees.status', '=', 'review'),
          ),
        ),
      )
      .execute()
  );
}

/** A payment net of refunds (never below nothing); refunded in full, it no longer counts as one. */
function netOf(sale: Pick<PaidSale, 'amount' | 'refunded'>): { amount: number; counts: boolean } {
  const refunded = Math.min(Number(sale.refunded ?? 0), sale.amount);
  return { amount: sale.amount - refunded, counts: !(refunded > 0 && refunded >= sale.amount) };
}

const byKey = (a: FunnelRow, b: FunnelRow) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const byReach = (a: FunnelRow, b: FunnelRow) =>
  b.visitors - a.visitors || b.views - a.views || b.signUps - a.signUps || byKey(a, b);

const dayMs = 86_400_000;
const nextDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + dayMs));

/** Every UTC day from `from` to `to`, both included (none when `from` is later). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}
