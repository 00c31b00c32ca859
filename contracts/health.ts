import { z } from 'zod';

/** The answer of GET /api/health: liveness for load balancers and the benchmark. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().int().nonnegative(),
});

export type Health = z.infer<typeof healthSchema>;
