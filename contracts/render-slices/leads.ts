import { z } from 'zod';
import { thankYou } from '../content/thank-you';

const { friendsGoal } = thankYou.shape.share.shape;

/** What the leads read of a render: the share promise's goal (server/features/leads/). */
export const leadsSlice = z
  .object({ content: z.object({ thankYou: z.object({ share: z.object({ friendsGoal }) }) }) })
  .transform(({ content }) => ({
    /** Friends who must join through a share link to unlock the second bonus. */
    friendsGoal: content.thankYou.share.friendsGoal,
  }));
