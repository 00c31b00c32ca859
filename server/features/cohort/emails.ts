import { formatDay } from '../../../contracts/london-day';
import { formatPrice } from '../../../contracts/money';
import type { CohortSlice } from '../../../contracts/render-slices';
import type { OutboxJobKind } from '../../db/schema';
import type { AttendeeMessage } from '../../providers/attendee-mail';
import { type EmailValues, emailHtml, fillWords, ukDayAndTime } from '../../providers/email-words';

/**
 * The emails an applicant gets (docs/decisions/033-cohort-applications.md, "The emails and Kit"):
 * the words are the content's (`offer.emails` of content/cohort.yaml), filled for the applicant
 * and their offer as they stand when the email goes; a plain text and a simple HTML alternative
 * of the same words, the offer's link made a link.
 */

export type CohortOfferWords = NonNullable<CohortSlice['offer']>;

export type CohortEmailKind = Extract<
  OutboxJobKind,
  'cohort-offer' | 'cohort-enrolled' | 'cohort-declined' | 'cohort-waitlisted' | 'cohort-confirm'
>;

/** Each kind's words in the content. */
const wordsOf = {
  'cohort-offer': 'offer',
  'cohort-enrolled': 'enrolled',
  'cohort-declined': 'declined',
  'cohort-waitlisted': 'waitlisted',
  'cohort-confirm': 'confirm',
} as const satisfies Record<CohortEmailKind, keyof CohortOfferWords['emails']>;

export interface CohortEmailFacts {
  kind: CohortEmailKind;
  words: CohortOfferWords['emails'];
  /**
   * Whom it greets: always an application's own name, as confirmed by its address, never a
   * resubmission's (docs/decisions/034-selling-that-cannot-be-gamed.md).
   */
  applicant: { name: string | null; email: string };
  /** The intake applied for, or offered: its start day. */
  intake: string;
  /** The offer the email is about; none for a decline or the waitlist. */
  offer: { link: string | null; expiresAt: string; amount: number; currency: string } | null;
  /** The link that confirms a resubmission, and until when it does; only for `cohort-confirm`. */
  confirm?: { link: string; expiresAt: string } | null;
}

/**
 * One email to one applicant, or null where the content has no words for it (it leaves out
 * `declined` or `waitlisted`: the owner sends none).
 */
export function cohortEmail(facts: CohortEmailFacts): AttendeeMessage | null {
  const { applicant, offer, confirm = null } = facts;
  const words = facts.words[wordsOf[facts.kind]];
  if (!words) return null;
  // A line naming an offer's fact in a decline's words has no offer to say: it is left out.
  const values: EmailValues = {
    name: applicant.name ?? applicant.email,
    cohortStarts: formatDay(facts.intake),
    offerLink: offer?.link ?? null,
    offerExpires: offer ? ukDayAndTime(offer.expiresAt) : null,
    offerPrice: offer ? formatPrice(offer.amount, offer.currency) : null,
    confirmLink: confirm?.link ?? null,
    confirmExpires: confirm ? ukDayAndTime(confirm.expiresAt) : null,
  };
  const text = fillWords(words.body, values);
  return {
    to: { name: applicant.name, address: applicant.email },
    subject: fillWords(words.subject, values),
    text,
    html: emailHtml(
      text,
      [offer?.link, confirm?.link].filter((link) => link != null),
    ),
  };
}

/** The product an enrolment is, as Kit's purchase names it: the content's, for its intake. */
export const cohortProductName = (words: CohortOfferWords, intake: string) =>
  fillWords(words.productName, { cohortStarts: formatDay(intake) });
