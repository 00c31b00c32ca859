import type { CohortSlice } from '../../../contracts/render-slices';
import type { OutboxJob } from '../../db/outbox';
import type { CohortApplicationTable, CohortOfferTable, OutboxJobKind } from '../../db/schema';
import type { Store } from '../../db/store';
import { attendeeMailOf, type FeatureJobs, type JobContext, kitOf } from '../../outbox/forwarding';
import { ProviderError } from '../../providers/provider-error';
import { confirmLinks, confirmWindowMs } from './confirm-links';
import {
  type CohortEmailKind,
  type CohortOfferWords,
  cohortEmail,
  cohortProductName,
} from './emails';
import { offerLinks } from './offer-links';

/**
 * The cohort's outbox jobs (docs/decisions/033-cohort-applications.md, "The emails and Kit"): the
 * applicants' emails and Kit's tags and purchase. Each reads its application and offer as they
 * are when it runs: an erased application, or a withdrawn offer, is sent nothing (the job is done,
 * not failed); an offer's email goes only while the offer is open, a decision's only while the
 * application still stands at that decision, a resubmission's link only while it can confirm it.
 * Every email greets the application's own name, never a resubmission's. The words and the tags are the content's as the site
 * serves them then. No log line carries an email, a name or a link: every failure here says what
 * is missing, never whose.
 */

export interface CohortJobContext extends JobContext {
  /** The cohort's slice as the site serves it now; null for a build that takes no applications. */
  cohort: () => CohortSlice | null;
  /**
   * Where the offers' links answer (the sellable-business site's origin) and the server's secret
   * that signs them (server/features/cohort/offer-links.ts); none where nothing sends an offer.
   */
  offerLinks: { origin: string; serverSecret: string } | null;
}

type Application = Pick<CohortApplicationTable, 'id' | 'intake' | 'email' | 'name' | 'status'>;
type Offer = Omit<CohortOfferTable, 'checkout_url' | 'checkout_expires_at'>;
/** An applicant who may be told: an application not erased. */
type Applicant = Application & { email: string };

export function cohortJobs(context: CohortJobContext): FeatureJobs {
  const makeLink = offerLinkMaker(context.offerLinks);
  const given = context.offerLinks;
  const confirmLink = given
    ? (id: string) => confirmLinks(given.serverSecret).link(given.origin, id)
    : null;
  const decision = (store: Store, job: OutboxJob) => sendDecisionEmail(context, store, job);
  const ofOffer = (store: Store, job: OutboxJob) => sendOfferJob(context, makeLink, store, job);
  return {
    send: {
      'cohort-declined': decision,
      'cohort-waitlisted': decision,
      'kit-cohort-applicant': (store, job) => tagApplicant(context, store, job),
      'cohort-confirm': (store, job) => sendConfirmEmail(context, confirmLink, store, job),
      'cohort-offer': ofOffer,
      'cohort-enrolled': ofOffer,
      'kit-cohort-accepted': ofOffer,
      'kit-cohort-enrolled': ofOffer,
      'kit-cohort-purchase': ofOffer,
    },
  };
}

/** An offer's link, made again at each send (nothing stored); none without origin and secret. */
function offerLinkMaker(
  given: CohortJobContext['offerLinks'],
): ((offerId: string) => string) | null {
  if (!given) return null;
  const links = offerLinks(given.serverSecret);
  return (offerId) => links.link(given.origin, offerId);
}

/** The kinds whose lead is an offer, and the offers each still tells. */
const offerTells: Record<
  Extract<
    OutboxJobKind,
    | 'cohort-offer'
    | 'cohort-enrolled'
    | 'kit-cohort-accepted'
    | 'kit-cohort-enrolled'
    | 'kit-cohort-purchase'
  >,
  (offer: Offer, now: number) => boolean
> = {
  // A link to an offer closed or past its window would only open the page that says so.
  'cohort-offer': (offer, now) => offer.status === 'open' && Date.parse(offer.expires_at) > now,
  // Accepted they were, whether the offer is still open, lapsed, paid or refunded since.
  'kit-cohort-accepted': (offer) => offer.status !== 'withdrawn',
  // A refund before the job ran unmade the enrolment.
  'cohort-enrolled': (offer) => offer.status === 'enrolled',
  'kit-cohort-enrolled': (offer) => offer.status === 'enrolled',
  'kit-cohort-purchase': (offer) => offer.status === 'enrolled',
};

/** A decline's or the waitlist's email, while the application stands there and has the words. */
async function sendDecisionEmail(
  context: CohortJobContext,
  store: Store,
  job: OutboxJob,
): Promise<void> {
  const kind = job.kind as Extract<CohortEmailKind, 'cohort-declined' | 'cohort-waitlisted'>;
  const applicant = await applicantOf(store, job.lead_id);
  // Moved on before the email went (say declined, then shortlisted again): it would be untrue.
  if (!applicant || `cohort-${applicant.status}` !== kind) return;
  const message = cohortEmail({
    kind,
    words: wordsOf(context).emails,
    applicant,
    intake: applicant.intake,
    offer: null,
  });
  // The content leaves this email out: the owner sends none.
  if (!message) return;
  await attendeeMailOf(context.providers).send(message, job.id);
}

/**
 * The link that confirms a resubmission, to the address of the application it would change,
 * greeting that application's name (docs/decisions/034-selling-that-cannot-be-gamed.md): the
 * resubmission's own name is whatever its sender typed. Nothing once it was confirmed, its link
 * has run out or the application is erased.
 */
async function sendConfirmEmail(
  context: CohortJobContext,
  makeLink: ((id: string) => string) | null,
  store: Store,
  job: OutboxJob,
): Promise<void> {
  const resubmission = await store.db
    .selectFrom('cohort_resubmissions')
    .select(['application_id', 'status', 'created_at'])
    .where('id', '=', job.lead_id)
    .executeTakeFirst();
  if (resubmission?.status !== 'unconfirmed') return;
  const expiresAt = new Date(Date.parse(resubmission.created_at) + confirmWindowMs).toISOString();
  if (Date.parse(expiresAt) <= context.clock()) return;
  const applicant = await applicantOf(store, resubmission.application_id);
  if (!applicant) return;
  const words = wordsOf(context).emails;
  if (!makeLink || !words.confirm) {
    throw new ProviderError(
      'confirmation links need their words, the site origins and the secret',
      {
        permanent: true,
      },
    );
  }
  const message = cohortEmail({
    kind: 'cohort-confirm',
    words,
    applicant,
    intake: applicant.intake,
    offer: null,
    confirm: { link: makeLink(job.lead_id), expiresAt },
  });
  if (message) await attendeeMailOf(context.providers).send(message, job.id);
}

/** An applicant tagged in Kit as the content names applicants. */
async function tagApplicant(context: CohortJobContext, store: Store, job: OutboxJob) {
  const applicant = await applicantOf(store, job.lead_id);
  if (!applicant) return;
  await tagInKit(context, applicant, wordsOf(context).kitTags.applicant);
}

/** A job of an offer's: its email, tag or purchase, while the offer still tells it. */
async function sendOfferJob(
  context: CohortJobContext,
  makeLink: ((offerId: string) => string) | null,
  store: Store,
  job: OutboxJob,
): Promise<void> {
  const kind = job.kind as keyof typeof offerTells;
  const found = await offerOf(store, job.lead_id);
  if (!found || !offerTells[kind](found.offer, context.clock())) return;
  const { offer, applicant } = found;
  const words = wordsOf(context);
  if (kind === 'kit-cohort-accepted' || kind === 'kit-cohort-enrolled') {
    const tags = words.kitTags;
    return tagInKit(
      context,
      applicant,
      kind === 'kit-cohort-accepted' ? tags.accepted : tags.enrolled,
    );
  }
  if (kind === 'kit-cohort-purchase') return recordKitPurchase(context, words, offer, applicant);
  if (kind === 'cohort-offer' && !makeLink) {
    throw new ProviderError('offer links need the site origins and the server secret', {
      permanent: true,
    });
  }
  const message = cohortEmail({
    kind,
    words: words.emails,
    applicant,
    intake: offer.intake,
    offer: {
      link: makeLink?.(offer.id) ?? null,
      expiresAt: offer.expires_at,
      amount: offer.amount,
      currency: offer.currency,
    },
  });
  if (message) await attendeeMailOf(context.providers).send(message, job.id);
}

/**
 * Kit's purchase of an enrolment, keyed by the Checkout Session that paid it (the workshop's
 * purchases are too), for what was paid.
 */
async function recordKitPurchase(
  context: CohortJobContext,
  words: CohortOfferWords,
  offer: Offer,
  applicant: Applicant,
): Promise<void> {
  await kitOf(context.providers).recordPurchase({
    email: applicant.email,
    transactionId: offer.checkout_session ?? offer.id,
    amount: offer.paid_amount ?? offer.amount,
    currency: offer.currency,
    paidAt: offer.enrolled_at ?? new Date(context.clock()).toISOString(),
    product: { id: `cohort-${offer.intake}`, name: cohortProductName(words, offer.intake) },
  });
}

async function tagInKit(context: CohortJobContext, applicant: Applicant, tag: string) {
  // The application's name is a full name, not Kit's first name: Kit's is left as it is.
  await kitOf(context.providers).tag({ email: applicant.email, firstName: null, tag });
}

/** The served offer's words, or a permanent failure: a build before offers has none to send. */
function wordsOf(context: CohortJobContext): CohortOfferWords {
  const words = context.cohort()?.offer;
  if (!words)
    throw new ProviderError('the served site has no cohort offer words', { permanent: true });
  return words;
}

async function applicantOf(store: Store, id: string): Promise<Applicant | null> {
  const application = await store.db
    .selectFrom('cohort_applications')
    .select(['id', 'intake', 'email', 'name', 'status'])
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return application?.email ? { ...application, email: application.email } : null;
}

async function offerOf(
  store: Store,
  id: string,
): Promise<{ offer: Offer; applicant: Applicant } | null> {
  const offer = await store.db
    .selectFrom('cohort_offers')
    .select([
      'id',
      'application_id',
      'intake',
      'status',
      'created_at',
      'expires_at',
      'amount',
      'currency',
      'checkout_session',
      'enrolled_at',
      'paid_amount',
      'payment_intent',
      'livemode',
      'closed_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  const applicant = offer ? await applicantOf(store, offer.application_id) : null;
  return offer && applicant ? { offer, applicant } : null;
}
