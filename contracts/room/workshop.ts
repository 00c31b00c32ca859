import { z } from 'zod';
import { slugPattern } from '../content/fields';
import { count, printable } from './fields';

/**
 * The room's Workshop view (docs/decisions/032-workshop-delivered.md): each session's seats,
 * revenue and private links (roomApi.workshop), its attendees (roomApi.workshopAttendees, and as
 * CSV roomApi.workshopAttendeesCsv), its open holds (roomApi.workshopHolds), and what the owner
 * does: the links entered (roomApi.workshopLinks), a confirmation sent again
 * (roomApi.workshopResend), the session cancelled (roomApi.workshopCancel) and the replay sent
 * (roomApi.workshopReplay), and an attendee held for review confirmed (roomApi.workshopConfirm;
 * docs/decisions/034-selling-that-cannot-be-gamed.md). `npm run leads -- workshop` takes the same
 * inputs.
 */

/**
 * Why a payment waits for the owner: paid through a Payment Link that is not the session's own,
 * another amount or currency than the price (a promotion code's discount is not one), or with a
 * reference older than its window.
 */
export const workshopReviewReasons = ['other-link', 'price', 'currency', 'expired'] as const;
export type WorkshopReviewReason = (typeof workshopReviewReasons)[number];

/** A session's name in the content (december-2026), which a new start keeps. */
export const workshopSessionId = z
  .string({ error: 'needs a session’s name, such as december-2026.' })
  .max(40, 'needs a session’s name, such as december-2026.')
  .regex(slugPattern, 'needs a session’s name, such as december-2026.');

/** An attendee: the id of the Checkout Session they paid through (cs_…). */
export const workshopAttendeeId = z
  .string({ error: 'needs an attendee’s id, such as cs_test_a1B2c3.' })
  .max(255, 'needs an attendee’s id, such as cs_test_a1B2c3.')
  .regex(/^cs_[A-Za-z0-9_]+$/, 'needs an attendee’s id, such as cs_test_a1B2c3.');

/** The longest joining or replay link the room keeps: far above any meeting or video link. */
export const maxSessionLinkLength = 2000;

const linkMessage = 'must be an address starting https://.';

/**
 * A link an attendee is sent to: https only (an attendee's mail client must not be led to a
 * javascript: or plain-http address), no name or password inside it, whitespace and control
 * characters refused; the spaces a paste brings at either end are dropped.
 */
function isHttpsAddress(text: string): boolean {
  if (/\s/.test(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
}

/** A joining or replay link as the owner enters it: an empty field clears it (null). */
export const sessionLink = z
  .string({ error: linkMessage })
  .trim()
  .max(maxSessionLinkLength, `must be at most ${maxSessionLinkLength} characters.`)
  .refine(printable, 'must be an address without control characters.')
  .refine((text) => text === '' || isHttpsAddress(text), linkMessage)
  .transform((text) => (text === '' ? null : text))
  .nullable();

/** GET workshop/attendees?session=, workshop/attendees.csv?session=, workshop/holds?session= */
export const workshopSessionQuerySchema = z.strictObject({ session: workshopSessionId });

/** PUT workshop/links: a session's joining link, replay link or both; a link left out stays. */
export const workshopLinksSchema = z
  .strictObject({
    session: workshopSessionId,
    joining: sessionLink.optional(),
    replay: sessionLink.optional(),
  })
  .refine((links) => links.joining !== undefined || links.replay !== undefined, {
    path: ['joining'],
    message: 'or the replay link is needed.',
  });
export const workshopLinksAnswerSchema = z.strictObject({
  session: z.string(),
  joiningLink: z.string().nullable(),
  replayLink: z.string().nullable(),
});

/** POST workshop/resend: one attendee's confirmation (with its invite) sent again. */
export const workshopResendSchema = z.strictObject({ attendee: workshopAttendeeId });
/** POST workshop/confirm: an attendee held for review confirmed. */
export const workshopConfirmSchema = z.strictObject({ attendee: workshopAttendeeId });
/** What confirming queued: the attendee's jobs (the confirmation, Kit's, the reminders ahead). */
export const workshopConfirmAnswerSchema = z.strictObject({ queued: count });
/** POST workshop/cancel, workshop/replay: the session the action is about. */
export const workshopSessionActionSchema = z.strictObject({ session: workshopSessionId });
/** What an action queued: the emails on their way, one per attendee told. */
export const workshopQueuedSchema = z.strictObject({ queued: count });

/** Money by currency (lower case, as Stripe names it), in its smallest unit: pence, cents. */
const amounts = z.record(z.string(), z.number().int());

/** GET workshop: every session, its seats and money, its links, the first to start first. */
export const workshopAnswerSchema = z.strictObject({
  /**
   * Whether seats are held and counted at the checkout (a Stripe secret key is set); without
   * one, the checkout is the content's Payment Link and nothing stops a session being oversold.
   */
  seatsEnforced: z.boolean(),
  /**
   * Whether the checkout tells buyers apart by address for its caps per client and network: false
   * while they all arrive from a proxy the server does not trust (TRUST_PROXY), when no cap
   * applies (docs/decisions/034-selling-that-cannot-be-gamed.md).
   */
  buyersApart: z.boolean(),
  sessions: z.array(
    z.strictObject({
      id: z.string(),
      start: z.string(),
      /** Whether the published content still names it (it keeps its attendees either way). */
      published: z.boolean(),
      /** Its capacity in the published content; null for a session the content no longer names. */
      seats: count.nullable(),
      /** Paid and not refunded. */
      sold: count,
      /** Held by a checkout still open. */
      held: count,
      left: count.nullable(),
      refunded: count,
      /** What its attendees paid, refunds taken off, as the funnel nets them. */
      revenue: amounts,
      /** Paid amounts or currencies that differ from the session's price. */
      mismatches: count,
      /** Checkouts opened for it over the last day, and how many of them were paid. */
      checkoutsLastDay: z.strictObject({ opened: count, paid: count }),
      /** Paid, held for the owner's review: no seat sold, nothing sent until confirmed. */
      review: count,
      /** Whose payment is disputed, the dispute still open: sent nothing meanwhile. */
      disputed: count,
      /**
       * Refunded (or whose dispute was lost) yet sent the joining link the session has now: they
       * can still join until the link is changed.
       */
      refundedWithLink: count,
      cancelledAt: z.string().nullable(),
      started: z.boolean(),
      joiningLink: z.string().nullable(),
      replayLink: z.string().nullable(),
      replayQueuedAt: z.string().nullable(),
    }),
  ),
});
export type WorkshopAnswer = z.infer<typeof workshopAnswerSchema>;
export type WorkshopSessionOverview = WorkshopAnswer['sessions'][number];

/** GET workshop/attendees?session= : its attendees, the first to pay first. */
export const workshopAttendeesSchema = z.strictObject({
  session: z.string(),
  attendees: z.array(
    z.strictObject({
      id: z.string(),
      createdAt: z.string(),
      /** `review`: paid, held for the owner, sent nothing until confirmed. */
      status: z.enum(['review', 'confirmed', 'refunded']),
      /** Why it is held for review (kept once confirmed); empty for a payment as sold. */
      reviewReasons: z.array(z.enum(workshopReviewReasons)),
      /** The Payment Link paid through (plink_…); null for our own checkout. */
      paidThrough: z.string().nullable(),
      /** A dispute of the payment: open (nothing is sent meanwhile), won or lost. */
      dispute: z.enum(['open', 'won', 'lost']).nullable(),
      /** Null once erased (the amounts stay for the books). */
      name: z.string().nullable(),
      email: z.string().nullable(),
      erased: z.boolean(),
      source: z.string().nullable(),
      experiment: z.string().nullable(),
      variant: z.string().nullable(),
      amount: z.number().int(),
      currency: z.string(),
      /** Refunded of the payment so far, in the same unit. */
      refunded: z.number().int(),
      /** The amount or currency paid differs from the session's price (expected). */
      mismatch: z.boolean(),
      expectedAmount: z.number().int().nullable(),
      expectedCurrency: z.string().nullable(),
      /** The emails queued for the attendee, oldest first: what, where it stands, when sent. */
      emails: z.array(
        z.strictObject({
          kind: z.string(),
          status: z.enum(['pending', 'sent', 'failed']),
          sentAt: z.string().nullable(),
        }),
      ),
      /** The payment in Stripe's dashboard, where the owner refunds it; null without one. */
      payment: z.string().nullable(),
    }),
  ),
});
export type WorkshopAttendees = z.infer<typeof workshopAttendeesSchema>;
export type WorkshopAttendee = WorkshopAttendees['attendees'][number];

/**
 * GET workshop/holds?session= : the seats held by checkouts still open, and by how many clients,
 * each named by the start of its keyed hash, never by its address.
 */
export const workshopHoldsSchema = z.strictObject({
  session: z.string(),
  open: count,
  clients: z.array(z.strictObject({ client: z.string(), holds: count })),
});
export type WorkshopHolds = z.infer<typeof workshopHoldsSchema>;

/**
 * Holds far exceed sales when, over a day, at least `holdsWarningFrom` checkouts were opened and
 * fewer than one in ten was paid: someone may be holding seats they will not buy
 * (docs/decisions/034-selling-that-cannot-be-gamed.md). The room and `leads workshop` say so.
 */
export const holdsWarningFrom = 10;
export function holdsFarExceedSales({ opened, paid }: { opened: number; paid: number }): boolean {
  return opened >= holdsWarningFrom && paid * 10 < opened;
}

/** What the room and `leads workshop` both say of the checkout's safeguards, in one wording. */
export const workshopWarningWords = {
  capsOff:
    'No buyer is capped per address: requests arrive from a proxy this server does not trust, so every buyer looks like one. Set TRUST_PROXY to the proxy in front of it (e.g. loopback).',
  holdsWarning: (session: string, { opened, paid }: { opened: number; paid: number }) =>
    `${session}: ${opened} checkouts opened in the last day and ${paid} paid. Someone may be holding seats they will not buy; each hold lapses within 35 minutes, and the open ones are listed under the session.`,
};
