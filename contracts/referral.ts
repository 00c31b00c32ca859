/**
 * A share link's code: 12 URL-safe characters (72 random bits), nothing about the person. No zod
 * here: the browser's forms import this on their first load (the answer of GET
 * /api/referrals/:code is in referral-progress.ts for that reason).
 */
export const referralCodePattern = /^[A-Za-z0-9_-]{12}$/;
