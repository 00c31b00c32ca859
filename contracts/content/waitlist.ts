import { z } from 'zod';
import { day, line, pageMeta, paragraph, shareCard } from './fields';
import { formCopy } from './site';

/**
 * content/waitlist.yaml: the book waitlist ({product} site, /ig, /li, /prebookwaitlist). The
 * banner's offer ends on `banner.offerEnds` ({waitlistOfferEnds} in the copy); from that day the
 * banner says `banner.afterOffer` instead.
 */
export const waitlist = z.strictObject({
  meta: pageMeta,
  card: shareCard,
  banner: z.strictObject({
    label: line,
    lead: line,
    remainingLabel: line,
    /** The last day of the waitlist offer. */
    offerEnds: day,
    /** Until then: "Offer ends {waitlistOfferEnds}". */
    endsLabel: line,
    /** From the day after: what the banner says instead. */
    afterOffer: line,
    /** Said politely to screen readers when the visitor's own sign-up takes a space. */
    announcement: line,
  }),
  hero: z.strictObject({
    kicker: line,
    heading: line,
    sub: paragraph,
    trustLine: line,
    firstNameLabel: line,
    copy: formCopy,
  }),
});
