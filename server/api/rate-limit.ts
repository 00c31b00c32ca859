import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Env } from '../env';

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LeadRateLimiter {
  take(clientKey: string): Promise<RateLimitVerdict>;
}

/**
 * Form posts allowed per client per window (LEAD_RATE_LIMIT, 0 = off), counted in this process's
 * memory. Several instances each count their own share; a shared store (rate-limiter-flexible
 * has PostgreSQL and Redis ones) is the change to make if that ever matters.
 */
export function createLeadRateLimiter(
  env: Pick<Env, 'LEAD_RATE_LIMIT' | 'LEAD_RATE_LIMIT_WINDOW_SECONDS'>,
): LeadRateLimiter {
  if (env.LEAD_RATE_LIMIT === 0) return { take: async () => ({ allowed: true }) };
  const limiter = new RateLimiterMemory({
    keyPrefix: 'lead',
    points: env.LEAD_RATE_LIMIT,
    duration: env.LEAD_RATE_LIMIT_WINDOW_SECONDS,
  });
  return {
    async take(clientKey) {
      try {
        await limiter.consume(clientKey);
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
