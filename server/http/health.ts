import { Hono } from 'hono';
import type { Health } from '../../contracts/health';

/**
 * GET /api/health: liveness for load balancers and the benchmark's ceiling, with what the
 * operator should fix in the settings (server/plain-http-watch.ts). Still "ok": a warning is no
 * reason for a balancer to take the instance out.
 */
export const healthPath = '/api/health';

export function healthRouter(warnings: () => string[] = () => []) {
  const startedAt = Date.now();
  return new Hono().get('/', (c) =>
    c.json({
      status: 'ok',
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      warnings: warnings(),
    } satisfies Health),
  );
}
