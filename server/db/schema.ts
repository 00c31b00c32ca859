import type { ApplicationStatus } from '../../contracts/room/cohort';
import type { SubscriptionList } from '../../contracts/subscription';

/**
 * The tables, as Kysely sees them. Times are ISO-8601 UTC strings ("2026-01-15T09:30:00.000Z"):
 * the same type in SQLite and PostgreSQL, and they sort and compare as text.
 * A record keeps what the owner needs and no more: no IP address, only a keyed hash of it.
 */
export interface Database {
  contact_submissions: ContactSubmissionTable;
  subscribers: SubscriberTable;
  outbox_jobs: OutboxJobTable;
  settings: SettingTable;
  spent_proofs: SpentProofTable;
  page_views: PageViewTable;
  experiment_exposures: ExperimentExposureTable;
  experiment_checkouts: ExperimentCheckoutTable;
  experiment_applications: ExperimentApplicationTable;
  page_view_salts: PageViewSaltTable;
  owners: OwnerTable;
  owner_invites: OwnerInviteTable;
  owner_passkeys: OwnerPasskeyTable;
  owner_sessions: OwnerSessionTable;
  owner_challenges: OwnerChallengeTable;
  audit_log: AuditLogTable;
  content_blobs: ContentBlobTable;
  content_versions: ContentVersionTable;
  kit_events: KitEventTable;
  share_codes: ShareCodeTable;
  checkout_clicks: CheckoutClickTable;
  stripe_events: StripeEventTable;
  sales: SaleTable;
  sale_refunds: SaleRefundTable;
  post_broadcasts: PostBroadcastTable;
  workshop_sessions: WorkshopSessionTable;
  workshop_holds: WorkshopHoldTable;
  workshop_attendees: WorkshopAttendeeTable;
  cohort_applications: CohortApplicationTable;
  cohort_application_events: CohortApplicationEventTable;
  cohort_intakes: CohortIntakeTable;
  cohort_offers: CohortOfferTable;
  cohort_resubmissions: CohortResubmissionTable;
}

/** 1 when the post carried a solved, unspent proof of work (a browser ran our script), else 0. */
type Verified = 0 | 1;

export interface ContactSubmissionTable {
  id: string;
  created_at: string;
  name: string;
  email: string;
  message: string;
  ip_hash: string;
  verified: Verified;
  /** The site's host name the enquiry came in on; null before 0004. */
  host: string | null;
  /**
   * Path of the page the form was on; null before 0009, and for an enquiry sent before the
   * page's script ran (the form fills it when hydrated).
   */
  page: string | null;
}

export interface SubscriberTable {
  id: string;
  created_at: string;
  list: SubscriptionList;
  /** Lower-cased, so that one person is one subscriber per list whatever the capitals. */
  email: string;
  first_name: string | null;
  source: string | null;
  page: string | null;
  /** The experiment on its page when it signed up, and the variant shown (0010; decision 027). */
  experiment: string | null;
  variant: string | null;
  /**
   * The daily visitor key the variant was worked out from (0013): the sign-up counts for the
   * variant only if that key was shown it that day (docs/decisions/027-experiments.md).
   */
  visitor: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  ip_hash: string;
  /** The site's host name the sign-up came in on (as its page views are counted); null before 0004. */
  host: string | null;
  /**
   * The code of this sign-up's share link, for sign-ups from 0002 to 0008; since 0008 codes are
   * in share_codes (a fresh one per answer) and this stays null.
   */
  referral_code: string | null;
  /** The share link this sign-up came through, when it counts (not the referrer's own mailbox). */
  referred_by: string | null;
  verified: Verified;
  /** The email's mailbox (server/features/leads/mailbox.ts): friends are counted once per mailbox. */
  mailbox: string | null;
  /**
   * The latest time Kit reported each of these for this address (decision 021): null until it
   * has. The latest of the four is the subscriber's state (server/features/leads/kit-events.ts).
   */
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  bounced_at: string | null;
  complained_at: string | null;
}

/** The outbox's job kinds: each a provider call, named once for producers and the worker. */
export const outboxJobKinds = [
  'kit-subscribe',
  'owner-notify',
  'owner-digest',
  // Its lead_id is the first day of the week it reports on (server/features/funnel/weekly-report.ts).
  'owner-weekly-report',
  // Their lead_id is a sale's id, the Checkout Session's (decision 020).
  'owner-sale',
  'kit-buyer',
  // Its lead_id is a post's id (server/features/writing/store.ts).
  'kit-broadcast',
  // Their lead_id is a workshop attendee's id, the Checkout Session's
  // (docs/decisions/032-workshop-delivered.md): the emails to the attendee, and Kit's purchase and tag.
  'workshop-confirmation',
  'workshop-reminder-day',
  'workshop-reminder-hour',
  'workshop-replay',
  'workshop-rescheduled',
  'workshop-cancelled',
  'kit-purchase',
  'kit-workshop-tag',
  // Their lead_id is a cohort application's id (docs/decisions/033-cohort-applications.md): the
  // decision's email, and Kit's applicant tag.
  'cohort-declined',
  'cohort-waitlisted',
  'kit-cohort-applicant',
  // Its lead_id is a cohort resubmission's id: the link that confirms it, to the address it names.
  'cohort-confirm',
  // Their lead_id is a cohort offer's id: the offer with its link, the enrolment's confirmation,
  // Kit's accepted and enrolled tags and the purchase.
  'cohort-offer',
  'cohort-enrolled',
  'kit-cohort-accepted',
  'kit-cohort-enrolled',
  'kit-cohort-purchase',
] as const;
export type OutboxJobKind = (typeof outboxJobKinds)[number];
export type OutboxJobStatus = 'pending' | 'sent' | 'failed';

/**
 * One delivery to a provider. It names its lead instead of copying the person's data, so that
 * `leads forget` has one place to erase, and a job whose lead is gone has nothing to send.
 */
export interface OutboxJobTable {
  id: string;
  created_at: string;
  kind: OutboxJobKind;
  lead_id: string;
  status: OutboxJobStatus;
  attempts: number;
  next_attempt_at: string;
  /** A worker that claimed the job owns it until then; after a crash the lease simply runs out. */
  locked_until: string | null;
  /** The claim's token: marking the job done needs it, so a claim that ran out cannot. */
  lease: string | null;
  last_error: string | null;
  sent_at: string | null;
}

/** Secrets the server makes for itself on first start (the proof-of-work signing key). */
export interface SettingTable {
  name: string;
  value: string;
}

/** A proof of work already used, kept until its challenge expires (replay protection). */
export interface SpentProofTable {
  signature: string;
  expires_at: string;
}

/** Where rate-limiter-flexible counts form posts on PostgreSQL (its own layout; PostgreSQL only). */
export const rateLimitTable = 'lead_rate_limits';
/**
 * Page views the server counted (decision 013): one row per day, site host, path,
 * traffic source and anonymous visitor, with how many times that visitor opened that page that
 * day. `visitor` is a hash keyed by the day's salt (below): nothing to link it to anyone once
 * the salt is gone. Counts are only ever added to, so instances sharing a database can all write.
 */
export interface PageViewTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  host: string;
  /** Lower case, no trailing slash (the route table's normalizePath). */
  path: string;
  source: string;
  visitor: string;
  views: number;
}

/**
 * Who was shown which variant of an experiment (docs/decisions/027-experiments.md): one row per
 * visitor, experiment and variant a day, keyed like the page views by the day's visitor hash.
 */
export interface ExperimentExposureTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  experiment: string;
  /** "control", or one of the experiment's variants. */
  variant: string;
  visitor: string;
  /**
   * The daily hash of the visitor's site and address alone (0013): a client that shows itself
   * two variants under two browsers is counted in neither (docs/decisions/027-experiments.md).
   * Null on rows from before it was kept.
   */
  client: string | null;
  views: number;
}

/**
 * Who clicked the checkout of a page under an experiment (docs/decisions/027-experiments.md): one
 * row per visitor, experiment and variant a day, keyed as the exposures are.
 */
export interface ExperimentCheckoutTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  experiment: string;
  variant: string;
  visitor: string;
  clicks: number;
}

/**
 * The visitor key a cohort application's variant was worked out from (0018): the application
 * counts for its experiment's variant only where that key was shown it that day
 * (docs/decisions/027-experiments.md, docs/decisions/033-cohort-applications.md). One row per
 * application, its last post's.
 */
export interface ExperimentApplicationTable {
  application_id: string;
  /** UTC day of the post, YYYY-MM-DD. */
  day: string;
  experiment: string;
  variant: string;
  visitor: string;
}

/** The random salt of a UTC day's visitor hashes, shared by instances, deleted once the day is over. */
export interface PageViewSaltTable {
  day: string;
  salt: string;
}

/**
 * The people who may enter the owner's room (docs/decisions/018-owner-sign-in.md). No password,
 * no email: an owner is a name with passkeys. Revoking one ends their sessions and passkeys.
 */
export interface OwnerTable {
  id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
}

/** A one-time link that enrols a passkey: only its SHA-256 is kept, used once, short-lived. */
export interface OwnerInviteTable {
  token_hash: string;
  owner_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A WebAuthn credential: its id and public key (base64url), and the signature counter. */
export interface OwnerPasskeyTable {
  id: string;
  owner_id: string;
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports, as the browser reported them. */
  transports: string;
  /** The owner's name for it ("MacBook", "Phone"). */
  label: string;
  created_at: string;
  last_used_at: string | null;
}

/**
 * A signed-in browser: the cookie carries a random token, the row its SHA-256, so a copy of the
 * database signs nobody in. Ends at `expires_at`, after `idle` without use, or when revoked.
 */
export interface OwnerSessionTable {
  token_hash: string;
  owner_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** A WebAuthn challenge handed out and not yet answered: single use, gone after five minutes. */
export interface OwnerChallengeTable {
  id: string;
  challenge: string;
  /** 'sign-in', 'enrol' (through an invite) or 'add-passkey' (from a session). */
  purpose: string;
  /** The invite's hash or the owner's id the challenge was made for; null for sign-in. */
  subject: string | null;
  expires_at: string;
}

/** What the owners did (sign-ins, publishes, exports, erasures): shown in the room, kept. */
export interface AuditLogTable {
  id: string;
  at: string;
  /** Null when no owner was signed in (a refused sign-in). */
  owner_id: string | null;
  action: string;
  /** JSON: what the action concerned, without personal data beyond what the owner needs. */
  detail: string;
}

/** A content file's bytes (base64, the same column type in both dialects), by their SHA-256. */
export interface ContentBlobTable {
  hash: string;
  data: string;
}

/** One published version of the content: its files by hash, who published it and what changed. */
export interface ContentVersionTable {
  id: string;
  /** 1, 2, 3…: what the owner calls a version; unique, so two instances cannot both take one. */
  number: number;
  created_at: string;
  owner_id: string | null;
  action: 'publish' | 'rollback';
  /** For a rollback: the version published again. */
  source_number: number | null;
  /** JSON: { "workshop.yaml": "<sha256>", "images/portrait.svg": "<sha256>", … } */
  manifest: string;
  /** JSON: the paths added, changed or removed since the version before. */
  changed: string;
}

/**
 * A Kit webhook event already recorded (decision 021), by its UUID, so that a retried or
 * re-emitted delivery changes nothing twice. No email: what it changed is on the subscriber.
 */
export interface KitEventTable {
  id: string;
  type: string;
  /** When it happened in Kit (the event's `created`), which decides between events. */
  occurred_at: string;
  received_at: string;
}

/**
 * A share link's code (decision 021): a fresh one for every sign-up answer, so that knowing an
 * email reveals nobody's link. Friends are counted per code. Codes given before 0008 were copied
 * from subscribers.referral_code.
 */
export interface ShareCodeTable {
  code: string;
  subscriber_id: string;
  created_at: string;
}

/**
 * Clicks on checkout links (decision 020), counted by the server like page views: per UTC day, site
 * host, page path and traffic source, no visitor and nothing personal. Only ever added to.
 */
export interface CheckoutClickTable {
  day: string;
  host: string;
  path: string;
  source: string;
  clicks: number;
}

/**
 * Each Stripe event we acted on, once (its id is the key): the raw body as Stripe signed it, kept
 * for the owner's records until the buyer is erased (then null). An event of a type we do not
 * handle is not stored.
 */
export interface StripeEventTable {
  /** Stripe's event id, evt_… */
  id: string;
  type: string;
  /** When Stripe made the event. */
  created_at: string;
  received_at: string;
  /** The Checkout Session (cs_…) or charge (ch_…) it is about. */
  object_id: string;
  payload: string | null;
}

/** pending: a delayed payment method has not settled yet; failed: it did not. */
export type SaleStatus = 'pending' | 'paid' | 'failed';

/**
 * One Stripe Checkout Session that completed (decision 020), keyed by its id: every event about it
 * lands on this one row. Amounts are in the currency's smallest unit (pence), as Stripe gives them.
 * The click it came from is read from our reference (server/features/sales/reference.ts); a session
 * without one (a Payment Link shared elsewhere) has no page, source or click day.
 */
export interface SaleTable {
  /** The Checkout Session's id, cs_… */
  id: string;
  /** When the Checkout Session was made: the sale's day in the funnel. */
  created_at: string;
  recorded_at: string;
  status: SaleStatus;
  /** 1 for a live-mode payment, 0 for Stripe's test mode. */
  livemode: 0 | 1;
  /** amount_total, in the smallest unit of `currency`. */
  amount: number;
  /** Lower case, as Stripe gives it ("gbp"). */
  currency: string;
  /** The session's `product` metadata, else its Payment Link's id. */
  product: string | null;
  /** client_reference_id as Stripe returned it. */
  reference: string | null;
  click_day: string | null;
  host: string | null;
  path: string | null;
  source: string | null;
  /** The experiment and variant the click's page showed (0011; decision 027), from the reference. */
  experiment: string | null;
  variant: string | null;
  /** The buyer's email (lower case); null once erased. */
  email: string | null;
  payment_intent: string | null;
  customer: string | null;
  payment_link: string | null;
  /** When the first paid event queued the owner's email and the buyers' list (once). */
  notified_at: string | null;
  /** When `leads forget` removed the buyer: the amounts stay for the books. */
  erased_at: string | null;
}

/**
 * What was refunded of a charge (charge.refunded carries the running total), kept even before the
 * sale it belongs to arrives, so that events in any order net out.
 */
export interface SaleRefundTable {
  /** ch_… */
  charge_id: string;
  payment_intent: string | null;
  /** The largest running total seen: a late, older event never lowers it. */
  amount_refunded: number;
  currency: string;
  updated_at: string;
}

/**
 * What happens to a post marked "newsletter" in Kit (docs/decisions/028-writing.md): waiting for
 * its outbox job, made (a draft, or scheduled for `send_at`), not made because Kit was not set up
 * when it was published, or called off because it was unmarked or removed before it was made.
 */
export type PostBroadcastState = 'waiting' | 'made' | 'no-kit' | 'called-off';

/** One row per post ever published as a newsletter: its key is what makes the broadcast once. */
export interface PostBroadcastTable {
  /**
   * The post's id (contracts/content/posts.ts postIdOf), which no rename changes; its file name
   * for a post from before ids, as every row was keyed until 0014.
   */
  post_id: string;
  state: PostBroadcastState;
  subject: string;
  preview_text: string;
  /** The email-safe HTML, as last published while waiting (server/features/writing/broadcast.ts). */
  html: string;
  post_date: string;
  broadcast: 'draft' | 'scheduled';
  kit_id: string | null;
  /** When Kit sends it; null for a draft. */
  send_at: string | null;
  made_at: string | null;
  updated_at: string;
}

/**
 * A workshop session as the database knows it (docs/decisions/032-workshop-delivered.md), keyed by
 * the content's session id, which a new start keeps: what the content must not hold, and the row
 * each hold of the session locks first.
 */
export interface WorkshopSessionTable {
  /** The content's session id (contracts/content/workshop.ts). */
  id: string;
  /** The start last published (ISO): a publish that moves it raises `sequence`. */
  start: string;
  /** The invites' SEQUENCE (RFC 5545): 0, raised by each reschedule. */
  sequence: number;
  /** Private: entered in the room, never in content, a build, a page or a log. */
  joining_link: string | null;
  replay_link: string | null;
  /** When the owner cancelled it: nothing more is sold, the attendees were told. */
  cancelled_at: string | null;
  /** When the replay emails were queued (once). */
  replay_queued_at: string | null;
  /** Holds ever made; each hold's increment is the lock that counts the seats in turn. */
  holds_made: number;
  updated_at: string;
}

/**
 * opening: the seat is held while the Checkout Session is being made; open: the session is made
 * and not yet paid; taken: paid; released: expired, abandoned, failed to open, or refunded.
 */
export type WorkshopHoldStatus = 'opening' | 'open' | 'taken' | 'released';

/** One seat held for one checkout (docs/decisions/032-workshop-delivered.md). */
export interface WorkshopHoldTable {
  id: string;
  session_id: string;
  /**
   * Keyed hash of the client's address (the IP hash key; an IPv6 client is its /48): the
   * per-client cap, never the address. Empty once the hold no longer holds, or when the server
   * could not tell its buyers apart (docs/decisions/034-selling-that-cannot-be-gamed.md).
   */
  client_hash: string;
  /** Keyed hash of the client's network (IPv4 /24, IPv6 /40): the per-network cap; likewise. */
  network_hash: string;
  status: WorkshopHoldStatus;
  created_at: string;
  /** An opening or open hold counts until then (the Checkout Session's expiry and a margin). */
  expires_at: string;
  /** The Checkout Session (cs_…) once made. */
  checkout_session: string | null;
  /** The price the session was sold at, in the smallest unit: a payment that differs is flagged. */
  amount: number;
  currency: string;
  released_at: string | null;
}

/** confirmed: paid and coming; refunded: paid back in full, the seat given back. */
/**
 * `review`: paid, but not as the session sells it (another Payment Link, another price or
 * currency, a stale reference): held for the owner, sent nothing, sold to nobody until confirmed
 * (docs/decisions/034-selling-that-cannot-be-gamed.md).
 */
export type WorkshopAttendeeStatus = 'review' | 'confirmed' | 'refunded';

/** Why a payment is held for the owner (the room's list of them). */
export type { WorkshopReviewReason } from '../../contracts/room/workshop';

/** Where a dispute of the attendee's payment stands: open, then won or lost. */
export type WorkshopDisputeState = 'open' | 'won' | 'lost';

/** One attendee per paid Checkout Session, its id the session's (cs_…), as the sale's is. */
export interface WorkshopAttendeeTable {
  id: string;
  session_id: string;
  hold_id: string | null;
  created_at: string;
  status: WorkshopAttendeeStatus;
  /** From Stripe's customer details; null once erased. */
  name: string | null;
  email: string | null;
  /** What was paid, in the smallest unit, lower-case currency, as Stripe gives it. */
  amount: number;
  currency: string;
  /** The session's price when the hold was made; null for a payment without a hold. */
  expected_amount: number | null;
  expected_currency: string | null;
  /** 1 when what was paid differs from the price: listed, flagged, in the room. */
  mismatch: 0 | 1;
  payment_intent: string | null;
  livemode: 0 | 1;
  host: string | null;
  path: string | null;
  source: string | null;
  experiment: string | null;
  variant: string | null;
  refunded_at: string | null;
  erased_at: string | null;
  // 0020 (docs/decisions/034-selling-that-cannot-be-gamed.md); each may be left out when a row
  // is written, which means none, as it does for every row made before them.
  /** Why it is held for the owner, comma-separated (WorkshopReviewReason); kept once confirmed. */
  review_reason?: string | null;
  /** When the owner confirmed an attendee held for review. */
  confirmed_at?: string | null;
  /** A dispute of its payment: while open, the attendee is sent nothing. */
  dispute?: WorkshopDisputeState | null;
  disputed_at?: string | null;
  /**
   * A digest of the joining link its last email carried (never the link): a refunded attendee
   * whose digest is the session's link's still holds a working link (owner-data.ts).
   */
  joining_link_sent?: string | null;
}

/**
 * Where an application stands in the owner's review (docs/decisions/033-cohort-applications.md):
 * the room's list of them, which the room's page and the server both read.
 */
export { applicationStatuses as cohortApplicationStatuses } from '../../contracts/room/cohort';
export type CohortApplicationStatus = ApplicationStatus;

/** One application per address and intake; applying again updates it (the history keeps the old). */
export interface CohortApplicationTable {
  id: string;
  /** The intake applied for: its start day (content/cohort.yaml `intakes[].starts`). */
  intake: string;
  /** Lower case; null once erased. */
  email: string | null;
  name: string | null;
  /** The answers by question id, as JSON; "{}" once erased. */
  answers: string;
  status: CohortApplicationStatus;
  created_at: string;
  updated_at: string;
  /** When the owner last accepted, declined or waitlisted it: the retention counts from then. */
  decided_at: string | null;
  ip_hash: string;
  /** 1 when the post carried a solved proof of work. */
  verified: 0 | 1;
  host: string | null;
  page: string | null;
  source: string | null;
  experiment: string | null;
  variant: string | null;
  erased_at: string | null;
}

export type CohortApplicationEventKind = 'submitted' | 'updated' | 'status' | 'note';

/** What happened to an application, in order; a note is the owner's, private. */
export interface CohortApplicationEventTable {
  id: string;
  application_id: string;
  at: string;
  kind: CohortApplicationEventKind;
  /** JSON: the answers before an update, the status from and to, a note's text. */
  detail: string;
  owner_id: string | null;
}

/**
 * Where a resubmission stands (docs/decisions/034-selling-that-cannot-be-gamed.md): `unconfirmed`
 * until its address opens the link; then `replaced` (it became its application's name and
 * answers) or `kept` (beside an application decided or offered a seat already).
 */
export type CohortResubmissionStatus = 'unconfirmed' | 'replaced' | 'kept';

/** A second application of an address for an intake, beside the application it would change. */
export interface CohortResubmissionTable {
  id: string;
  application_id: string;
  status: CohortResubmissionStatus;
  name: string;
  /** The answers by question id, as JSON. */
  answers: string;
  created_at: string;
  confirmed_at: string | null;
  ip_hash: string;
  verified: 0 | 1;
  host: string | null;
  page: string | null;
  source: string | null;
  experiment: string | null;
  variant: string | null;
}

/** An intake an offer was made for: the row its offers lock, so its seats are counted in turn. */
export interface CohortIntakeTable {
  /** The intake's start day (content/cohort.yaml `intakes[].starts`). */
  intake: string;
  updated_at: string;
}

/**
 * Where an offer stands: `open` holds a seat until `expires_at` (past it, the offer has expired
 * and its seat is free); `enrolled`, paid; `withdrawn`, the owner moved the application on;
 * `refunded`, paid then refunded in full.
 */
export type CohortOfferStatus = 'open' | 'enrolled' | 'withdrawn' | 'refunded';

/** An offer of a seat to an accepted application, and once paid, the enrolment. */
export interface CohortOfferTable {
  id: string;
  application_id: string;
  intake: string;
  status: CohortOfferStatus;
  created_at: string;
  /** Until when it holds its seat and its link can be paid (the content's window, or longer while a checkout opened in time is open). */
  expires_at: string;
  /** The content's price when it was made, in the currency's smallest unit. */
  amount: number;
  /** Lower case, as Stripe writes it. */
  currency: string;
  /** The Checkout Session its link opened last, its address and when Stripe ends it. */
  checkout_session: string | null;
  checkout_url: string | null;
  checkout_expires_at: string | null;
  enrolled_at: string | null;
  /** What was paid (smallest units), and Stripe's payment. */
  paid_amount: number | null;
  payment_intent: string | null;
  livemode: 0 | 1 | null;
  /** When it was withdrawn or refunded. */
  closed_at: string | null;
}
