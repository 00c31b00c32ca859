import { z } from 'zod';
import { image, line, pageMeta, paragraph, shareCard } from './fields';

/**
 * content/thank-you.yaml: the page after joining the waitlist: the bonus, the teaser, and the
 * share link that unlocks a second bonus when `share.friendsGoal` friends join ({friendsGoal}).
 */
export const thankYou = z.strictObject({
  meta: pageMeta,
  card: shareCard,
  hero: z.strictObject({ kicker: line, heading: line, sub: paragraph, download: line }),
  teaser: z.strictObject({
    label: line,
    dialogTitle: line,
    closeLabel: line,
    video: z.strictObject({ title: line, poster: image, play: line }),
  }),
  share: z.strictObject({
    /** How many friends must join through the link to unlock the second bonus. */
    friendsGoal: z.number().int().min(1).max(20),
    ps: line,
    linkLabel: line,
    noCode: line,
    copy: line,
    copied: line,
    share: line,
    shareTitle: line,
    shareText: line,
    directLabel: line,
    /** The direct share links' labels (their addresses are the networks'). */
    direct: z.strictObject({ whatsapp: line, x: line, linkedin: line, email: line }),
    /** "{joined}" and "{goal}" stand for the numbers. */
    progress: line,
    unlocked: line,
    secondBonusLabel: line,
  }),
});
