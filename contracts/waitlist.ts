import { z } from 'zod';

/**
 * The answer of GET /api/waitlist/remaining (live spaces counter, product decision D11): real
 * places left (capacity minus waitlist sign-ups, never below 0). In the simulated mode it is a
 * 404 ApiError.
 */
export const waitlistRemainingSchema = z.object({
  remaining: z.number().int().nonnegative(),
  capacity: z.number().int().nonnegative(),
});

export type WaitlistRemaining = z.infer<typeof waitlistRemainingSchema>;
