import { CompiledQuery } from 'kysely';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimitTable } from '../db/schema';
import type { Store } from '../db/store';
import type { Env } from '../env';
import { addressPrefix } from './address-prefix';

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LeadRateLimiter {
  /** Spends one post of the budget of the client at `address`. */
  take(address: string): Promise<RateLimitVerdict>;
}

/**
 * Form posts allowed per client per window (LEAD_RATE_LIMIT, 0 = off), one budget across every
 * form: a bot gains nothing by switching endpoints.
 */
export function createLeadRateLimiter(
  env: Pick<Env, 'LEAD_RATE_LIMIT' | 'LEAD_RATE_LIMIT_WINDOW_SECONDS'>,
  store: Pick<Store, 'db' | 'dialect'>,
): LeadRateLimiter {
  if (env.LEAD_RATE_LIMIT === 0) return { take: async () => ({ allowed: true }) };
  return createRateLimiter(store, {
    keyPrefix: 'lead',
    points: env.LEAD_RATE_LIMIT,
    duration: env.LEAD_RATE_LIMIT_WINDOW_SECONDS,
  });
}

/**
 * `points` requests per client per `duration` seconds, counted under `keyPrefix`. On PostgreSQL
 * the count lives in the database (table lead_rate_limits), so every instance behind a load
 * balancer spends from one budget per client; if the database cannot answer, each instance falls
 * back to counting in its own memory rather than failing the request. On SQLite (one process) it
 * is counted in memory.
 */
export function createRateLimiter(
  store: Pick<Store, 'db' | 'dialect'>,
  options: { keyPrefix: string; points: number; duration: number },
): LeadRateLimiter {
  const inMemory = new RateLimiterMemory(options);
  const limiter =
    store.dialect === 'postgres'
      ? new RateLimiterPostgres({
          ...options,
          storeClient: kyselyClient(store.db),
          storeType: 'pool',
          tableName: rateLimitTable,
          tableCreated: true, // by migration 0003, in the store's own schema
          insuranceLimiter: inMemory,
        })
      : inMemory;
  return {
    async take(address) {
      try {
        await limiter.consume(rateLimitKey(address));
        return { allowed: true };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        };
      }
    },
  };
}

/**
 * rate-limiter-flexible's PostgreSQL store speaks to a `pg` client (`query({ text, values })`);
 * this runs its statements through the store's Kysely instead, so they share its pool and
 * schema rather than opening connections of their own.
 */
function kyselyClient(db: Store['db']) {
  return {
    async query({ text, values }: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
    },
  };
}

/**
 * Whom a budget belongs to. An IPv4 address is one client; an IPv6 client usually holds a whole
 * /64 and could rotate through it, so IPv6 addresses count per /64 network.
 */
export function rateLimitKey(address: string): string {
  return addressPrefix(address, { v4: 32, v6: 64 });
}
