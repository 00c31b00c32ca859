import { sql } from 'kysely';
import { funnelPageKey } from '../../../contracts/funnel-figures';
import { normalizePath } from '../../../contracts/routes';
import { sourceName } from '../../../contracts/traffic-source';
import type { Store } from '../../db/store';
import { utcDay } from '../../page-views/store';
import { salesWithRefunds } from '../sales';

/**
 * The funnel the owner reads with `npm run leads -- stats` (decision 013): page views and
 * visitors the server counted beside the sign-ups and enquiries stored as leads, grouped
 * by page, traffic source, UTC day or site host. Stored sources are read through sourceName,
 * so rows kept under an older spelling ("instagram", "l.instagram.com") join today's
 * ("Instagram"); visitors of a source spelt two ways on one day may then count twice.
 */

export const funnelDimensions = ['page', 'source', 'day', 'host'] as const;
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
  /** Paid workshop sales, by the Checkout Session's day; one refunded in full no longer counts. */
  sales: number;
  /** What the sales brought in, refunds taken off: currency (lower case) → smallest units. */
  revenue: Record<string, number>;
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
 * The contact form keeps no source: its submissions are counted by page, day and host, not by
 * source. Those sent before it kept their page (0009) count under "(not recorded)" by page.
 */
export const countsContacts = (by: FunnelDimension): boolean => by !== 'source';

/** What a lead without a page, source or host (stored before they were recorded) is filed under. */
export const notRecorded = '(not recorded)';

const viewColumns = {
  page: ['host', 'path'],
  source: ['source'],
  day: ['day'],
  host: ['host'],
} as const satisfies Record<FunnelDimension, readonly string[]>;

/** Distinct visitors across days: the same hash on two days is two visits (see FunnelRow). */
const visitorDays = sql<number | string>`count(distinct day || ' ' || visitor)`;

interface LeadGroup {
  host: string | null;
  /** The page's path; null where it was not recorded. */
  page?: string | null;
  source?: string | null;
  day: string;
  count: number | string;
  confirmed?: number | string;
}

function leadKey(by: FunnelDimension, lead: Omit<LeadGroup, 'count'>): string {
  switch (by) {
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
  const [views, totalViews, signUps, contacts, clicks, sales] = await Promise.all([
    store.db
      .selectFrom('page_views')
      .select(viewColumns[by])
      .select((eb) => [eb.fn.sum<number | string>('views').as('views'), visitorDays.as('visitors')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(viewColumns[by])
      .execute(),
    store.db
      .selectFrom('page_views')
      .select((eb) => [eb.fn.sum<number | string>('views').as('views'), visitorDays.as('visitors')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow(),
    store.db
      .selectFrom('subscribers')
      .select(['host', 'page', 'source', createdAt.as('day')])
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .select((eb) => eb.fn.count<number | string>('confirmed_at').as('confirmed'))
      .where('created_at', '>=', from)
      .where('created_at', '<', until)
      .groupBy(['host', 'page', 'source', createdAt])
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
    paidSales(store, from, until),
  ]);
  return { views, totalViews, signUps, contacts, clicks, sales };
}

export async function funnel(
  store: Store,
  { by, from, to }: { by: FunnelDimension; from: string; to: string },
): Promise<Funnel> {
  const { views, totalViews, signUps, contacts, clicks, sales } = await funnelCounts(store, {
    by,
    from,
    to,
  });

  const contactsKnown = countsContacts(by);
  const rows = new Map<string, FunnelRow>();
  const row = (key: string) => {
    let found = rows.get(key);
    if (!found) {
      found = {
        key,
        views: 0,
        visitors: 0,
        signUps: 0,
        confirmed: 0,
        contacts: contactsKnown ? 0 : null,
        checkouts: 0,
        sales: 0,
        revenue: {},
      };
      rows.set(key, found);
    }
    return found;
  };
  if (by === 'day') for (const day of daysBetween(from, to)) row(day);
  for (const group of views) {
    const key =
      by === 'page'
        ? funnelPageKey.format(group)
        : by === 'source'
          ? sourceName(String(group.source))
          : String(group[by]);
    const target = row(key);
    target.views += Number(group.views);
    target.visitors += Number(group.visitors);
  }
  for (const group of signUps) {
    const target = row(leadKey(by, group));
    target.signUps += Number(group.count);
    target.confirmed += Number(group.confirmed);
  }
  if (contactsKnown) {
    for (const group of contacts) {
      const target = row(leadKey(by, group));
      target.contacts = (target.contacts ?? 0) + Number(group.count);
    }
  }

  // A click's page is its host and path; a click whose page was not known has an empty path.
  const clickLead = (group: { host: string; path: string; source: string; day: string }) => ({
    ...group,
    page: group.path || null,
  });
  for (const group of clicks) row(leadKey(by, clickLead(group))).checkouts += Number(group.count);
  const totalRevenue: Record<string, number> = {};
  let totalSales = 0;
  for (const sale of sales) {
    const target = row(leadKey(by, { ...sale, page: sale.path }));
    const net = netOf(sale);
    target.sales += net.counts ? 1 : 0;
    target.revenue[sale.currency] = (target.revenue[sale.currency] ?? 0) + net.amount;
    totalSales += net.counts ? 1 : 0;
    totalRevenue[sale.currency] = (totalRevenue[sale.currency] ?? 0) + net.amount;
  }

  const sum = (groups: readonly { count: number | string }[]) =>
    groups.reduce((total, group) => total + Number(group.count), 0);
  return {
    by,
    from,
    to,
    rows: [...rows.values()].sort(by === 'day' ? byKey : byReach),
    total: {
      key: 'total',
      views: Number(totalViews.views ?? 0),
      visitors: Number(totalViews.visitors),
      signUps: sum(signUps),
      confirmed: signUps.reduce((total, group) => total + Number(group.confirmed), 0),
      contacts: sum(contacts),
      checkouts: sum(clicks),
      sales: totalSales,
      revenue: totalRevenue,
    },
  };
}

interface PaidSale {
  host: string | null;
  path: string | null;
  source: string | null;
  day: string;
  amount: number;
  currency: string;
  refunded: number | string | null;
}

/** Paid sales made in the period, each with what its charge has had refunded (any order). */
function paidSales(store: Store, from: string, until: string): Promise<PaidSale[]> {
  return salesWithRefunds(store)
    .select([
      'sales.host',
      'sales.path',
      'sales.source',
      sql<string>`substr(sales.created_at, 1, 10)`.as('day'),
      'sales.amount',
      'sales.currency',
      'refunds.refunded',
    ])
    .where('sales.status', '=', 'paid')
    .where('sales.created_at', '>=', from)
    .where('sales.created_at', '<', until)
    .execute();
}

/** A sale net of refunds (never below nothing); refunded in full, it no longer counts as one. */
function netOf(sale: PaidSale): { amount: number; counts: boolean } {
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
