import { z } from 'zod';

/** The answer of GET /api/health: liveness for load balancers and the benchmark. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().int().nonnegative(),
  /** Settings the operator should fix, each naming its variable; empty when there is none. */
  warnings: z.array(z.string()),
});

export type Health = z.infer<typeof healthSchema>;
