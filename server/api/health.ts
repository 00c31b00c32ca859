import { Hono } from 'hono';
import type { Health } from '../../contracts/health';

/** GET /api/health: liveness for load balancers and the benchmark's ceiling. */
export function healthRouter() {
  const startedAt = Date.now();
  return new Hono().get('/', (c) =>
    c.json({
      status: 'ok',
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    } satisfies Health),
  );
}
