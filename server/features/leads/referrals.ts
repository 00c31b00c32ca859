import { Hono } from 'hono';
import type { ApiError } from '../../../contracts/api-error';
import { secondBonusFileName } from '../../../contracts/downloads';
import { referralCodePattern } from '../../../contracts/referral';
import type { ReferralProgress } from '../../../contracts/referral-progress';
import type { Store } from '../../db/store';
import { type TokenPath, tokenPlaceholder } from '../../http/request-log';
import { sendFile } from '../../http/send-file';
import type { StaticFile } from '../../http/static-files';
import { countReferrals } from './store';

/**
 * The share promise of the thank-you page: GET /api/referrals/:code says how many friends have
 * joined through the link and confirmed their email (each inbox once, decision 021);
 * GET /api/referrals/:code/bonus hands over the second bonus once `goal` have (the PDF is not a
 * public file). A code reveals a count, nothing personal. The goal
 * is the content's (content/thank-you.yaml `share.friendsGoal`, product brief §2.5), the number
 * the thank-you page promises.
 */
export function referralsRouter({
  store,
  share,
}: {
  store: Store;
  /** Read at each request: a publish in the owner's room may change both. */
  share: () => { bonus: StaticFile | undefined; goal: number };
}) {
  const progress = async (code: string) =>
    referralCodePattern.test(code) ? countReferrals(store, code) : null;
  const unknownLink = { error: 'Unknown share link.' } satisfies ApiError;
  return new Hono()
    .get('/:code', async (c) => {
      const joined = await progress(c.req.param('code'));
      if (joined === null) return c.json(unknownLink, 404);
      const { goal } = share();
      return c.json({
        joined,
        goal,
        unlocked: joined >= goal,
      } satisfies ReferralProgress);
    })
    .get('/:code/bonus', async (c) => {
      const joined = await progress(c.req.param('code'));
      if (joined === null) return c.json(unknownLink, 404);
      const { bonus, goal } = share();
      if (joined < goal || !bonus) {
        return c.json(
          {
            error: `The bonus unlocks when ${goal} friends have joined and confirmed.`,
          } satisfies ApiError,
          403,
        );
      }
      const response = sendFile(c, bonus);
      response.headers.set('Content-Disposition', `attachment; filename="${secondBonusFileName}"`);
      return response;
    });
}

/**
 * How the request log writes a share link's calls: without the code, which names one subscriber
 * and, once friends have joined, hands over their bonus (server/http/request-log.ts).
 */
export const referralsLogged: TokenPath = {
  prefix: '/api/referrals/',
  logged: (rest) => rest.replace(/^[^/]*/, tokenPlaceholder),
};
