import { Hono } from 'hono';
import type { ApiError } from '../../../contracts/api-error';
import type { WaitlistRemaining } from '../../../contracts/waitlist';
import type { Store } from '../../db/store';
import type { Env } from '../../env';
import { countSubscribers } from './store';

/**
 * GET /api/waitlist/remaining: real places left for the live spaces counter (product decision
 * D11), capacity from WAITLIST_CAPACITY minus waitlist sign-ups, never below 0. In the simulated
 * mode the page shows invented numbers, so the real count is not published next to them (404).
 */
export function waitlistRouter({
  env,
  store,
}: {
  env: Pick<Env, 'SPACES_COUNTER_MODE' | 'WAITLIST_CAPACITY'>;
  store: Store;
}) {
  return new Hono().get('/remaining', async (c) => {
    if (env.SPACES_COUNTER_MODE !== 'live') {
      return c.json({ error: 'The spaces counter is not in live mode.' } satisfies ApiError, 404);
    }
    const signUps = await countSubscribers(store, 'waitlist');
    return c.json({
      remaining: Math.max(0, env.WAITLIST_CAPACITY - signUps),
      capacity: env.WAITLIST_CAPACITY,
    } satisfies WaitlistRemaining);
  });
}
