import { z } from 'zod';

/**
 * The answer of GET /api/referrals/:code: friends who joined through the share link, how many
 * unlock the second bonus, and whether they have (an unknown code is a 404 ApiError). Apart from
 * referral.ts, whose pattern the forms load up front without zod.
 */
export const referralProgressSchema = z.object({
  joined: z.number().int().nonnegative(),
  goal: z.number().int().positive(),
  unlocked: z.boolean(),
});

export type ReferralProgress = z.infer<typeof referralProgressSchema>;
