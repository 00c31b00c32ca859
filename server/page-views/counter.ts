import { hash, randomBytes } from 'node:crypto';
import { normalizePath } from '../../contracts/routes';
import { trafficSource } from '../../contracts/traffic-source';
import { countBatch, flushing } from '../db/count-batch';
import type { Store } from '../db/store';
import type { Logger } from '../logger';
import type { SiteHosts } from '../site-hosts';
import { browserOf } from './browser';
import { isBot, isCountedRequest } from './requests';
import { addPageViews, dailySalts, type PageViewCount, utcDay } from './store';

/**
 * A counted visitor of today: their key, a salted hash of the site, address and browser
 * (browser.ts), and their client, the same of the site and address alone, which an experiment
 * uses to see one address showing itself two variants (docs/decisions/027-experiments.md).
 */
export interface Visitor {
  key: string;
  client: string;
}

/**
 * Page views counted by the server itself (decision 013): no cookie, nothing stored
 * on the visitor's device, no IP address kept. The request path only adds to a map in memory;
 * a timer writes the map in one transaction every few seconds, and `stop` writes what is left.
 */
export interface PageViewCounter {
  /**
   * Counts a request for a page that answers 200, unless it is not a view (requests.ts) or its
   * address is over its counting budget (`admit`), and gives the visitor it was counted for:
   * who an experiment's variant is chosen for. Null when not counted: a bot, a prefetch or a
   * flood gets the page as it is, no variant, and no count. Synchronous and without I/O:
   * serving the page never waits for the count.
   */
  record(request: Pick<Request, 'method' | 'url' | 'headers'>, address: string): Visitor | null;
  /**
   * Spends one of the address's counted requests: page views and checkout clicks share one
   * budget an address (`perAddress` a window). False once it is spent: the request is
   * still served, only not counted, so one client cannot fill the funnel or an experiment.
   */
  admit(address: string): boolean;
  /**
   * The same key for any request of that visitor that is not a bot's (a form's post, say): what
   * a sign-up's variant is worked out from (server/features/experiments/attribution.ts).
   */
  visitorKey(request: Pick<Request, 'headers'>, address: string): string | null;
  /** Writes the counts made since the last flush; a failed write keeps them for the next. */
  flush(): Promise<void>;
}

export interface RunningPageViewCounter extends PageViewCounter {
  /** Stops the timer and writes what is left (on shutdown, before the store closes). */
  stop(): Promise<void>;
}

export interface PageViewCounterOptions {
  store: Store;
  logger: Logger;
  siteHosts: SiteHosts;
  /**
   * Counted requests an address may make in a window (PAGE_VIEW_RATE_LIMIT): a reader browsing
   * quickly opens a page every few seconds, so the default of 60 in ten minutes leaves room for
   * a busy office behind one address and stops a script from counting thousands of visits or
   * clicks. 0: no limit. Each instance keeps its own count: it only bounds what one client adds.
   */
  perAddress?: number;
  now?: () => Date;
}

/** Paths are visitor-controlled (any path of the waitlist site is its page): bound them. */
const maxPathLength = 200;
const dayMs = 86_400_000;
const budgetWindowMs = 10 * 60_000;
/** Addresses tracked in one window; past it, new addresses are not counted until the next. */
const maxBudgetAddresses = 100_000;

const newSalt = () => randomBytes(32).toString('base64url');

export function createPageViewCounter({
  store,
  logger,
  siteHosts,
  perAddress = 60,
  now = () => new Date(),
}: PageViewCounterOptions): PageViewCounter {
  const pending = countBatch<PageViewCount>({
    write: (rows) => addPageViews(store, rows),
    logger,
    what: 'page views',
  });
  const salts = visitorSalts(store, now);
  let writing = Promise.resolve();
  const admit = addressBudget(perAddress, now);

  async function writePending(): Promise<void> {
    try {
      await salts.sync();
    } catch (error) {
      logger.error({ err: error }, 'page view salts not synced; trying again at the next flush');
    }
    await pending.write();
  }

  /** Today's visitor key of any request (bots' included), with what it was made from. */
  function keyOf(request: Pick<Request, 'headers'>, address: string) {
    const hostHeader = request.headers.get('host') ?? undefined;
    const browser = browserOf(request.headers.get('user-agent') ?? '');
    const host = siteHosts.of(hostHeader);
    const day = utcDay(now());
    // Plausible's scheme: the same person on the same site and day gives the same hash;
    // tomorrow's salt gives another, and once today's salt is deleted nothing links them.
    // A one-shot SHA-256 behind the secret salt: a quarter of an HMAC's cost on every page
    // request, and as unlinkable (nobody needs to verify this hash, only to fail to invert it).
    const client = `${salts.of(day)}\n${host}\n${address}`;
    const key = hash('sha256', `${client}\n${browser}`, 'base64url').slice(0, 22);
    return { key, client: hash('sha256', client, 'base64url').slice(0, 22), day, host, hostHeader };
  }

  return {
    admit,
    visitorKey: (request, address) =>
      isBot(request.headers.get('user-agent')) ? null : keyOf(request, address).key,
    record(request, address) {
      if (!isCountedRequest(request) || !admit(address)) return null;
      const { key, client, day, host, hostHeader } = keyOf(request, address);
      const url = new URL(request.url);
      const path = normalizePath(url.pathname).slice(0, maxPathLength);
      const source = trafficSource(
        url.pathname,
        url.search,
        request.headers.get('referer') ?? '',
        siteHosts.own(hostHeader),
      );
      pending.add([day, host, path, source, key].join('\n'), {
        day,
        host,
        path,
        source,
        visitor: key,
        views: 1,
      });
      return { key, client };
    },
    flush() {
      // One write at a time: a timer tick during a slow write waits for it.
      writing = writing.then(writePending);
      return writing;
    },
  };
}

/**
 * The visitor keys' daily salts (decision 013), as stored (see dailySalts): `of` a day, one made
 * here only when the day has none yet; `sync` once a day shares today's and tomorrow's with every
 * instance and deletes older ones.
 */
function visitorSalts(store: Store, now: () => Date) {
  const salts = new Map<string, string>();
  let syncedOn = '';
  return {
    of(day: string): string {
      let salt = salts.get(day);
      if (!salt) {
        // Only after a day without reaching the database: proposed to it at the next flush.
        salt = newSalt();
        salts.set(day, salt);
      }
      return salt;
    },
    async sync(): Promise<void> {
      const time = now();
      const today = utcDay(time);
      if (syncedOn === today) return;
      const proposed = new Map(
        [today, utcDay(new Date(time.getTime() + dayMs))].map((day) => [
          day,
          salts.get(day) ?? newSalt(),
        ]),
      );
      const stored = await dailySalts(store, today, proposed);
      salts.clear();
      for (const [day, salt] of stored) salts.set(day, salt);
      syncedOn = today;
    },
  };
}

/**
 * Spends one of an address's counted requests in the current window; false once they are spent
 * (PageViewCounter `admit`). Each window starts afresh, its counts dropped whole.
 */
function addressBudget(perAddress: number, now: () => Date): (address: string) => boolean {
  const budget = new Map<string, number>();
  let budgetWindow = 0;
  return (address) => {
    if (perAddress === 0) return true;
    const window = Math.floor(now().getTime() / budgetWindowMs);
    if (window !== budgetWindow) {
      budget.clear();
      budgetWindow = window;
    }
    const spent = budget.get(address);
    if (spent === undefined && budget.size >= maxBudgetAddresses) return false;
    if ((spent ?? 0) >= perAddress) return false;
    budget.set(address, (spent ?? 0) + 1);
    return true;
  };
}

/** The counter with the shared salts loaded and its timer running. */
export async function startPageViewCounter(
  options: PageViewCounterOptions,
): Promise<RunningPageViewCounter> {
  const counter = createPageViewCounter(options);
  await counter.flush();
  return { ...counter, ...flushing(counter.flush) };
}
