import type { SubscriptionList } from '../../contracts/subscription';
import type { OutboxJob } from '../db/outbox';
import type { OutboxJobKind } from '../db/schema';
import type { Store } from '../db/store';
import { type Env, type KitFormEnv, kitFormIds } from '../env';
import type { AttendeeMail } from '../providers/attendee-mail';
import type { Kit } from '../providers/kit';
import type { OwnerMail } from '../providers/owner-mail';
import { ProviderError } from '../providers/provider-error';

export interface Providers {
  kit: Kit | null;
  ownerMail: OwnerMail | null;
  /**
   * The workshop's attendees' emails (MAIL_FROM over SMTP_URL); absent where nothing emails an
   * attendee (most tests), as null.
   */
  attendeeMail?: AttendeeMail | null;
}

/**
 * Where leads go after they are stored: which outbox jobs a new lead gets (none for a provider
 * that is not configured, so the lead simply stays in the database) and how each job is sent.
 */
export interface Forwarding {
  jobsForSubscriber(list: SubscriptionList): OutboxJobKind[];
  /** A verified enquiry is mailed at once; an unverified one waits for the hourly digest. */
  jobsForContact(lead: { verified: boolean }): OutboxJobKind[];
  /**
   * A workshop sale, when first paid: the owner's email (unless OWNER_SALE_EMAIL=off) and, for a
   * buyer not yet on any of our lists, Kit's buyers list (KIT_FORM_ID_BUYERS).
   */
  jobsForSale(sale: { alreadySubscriber: boolean }): OutboxJobKind[];
  /**
   * A workshop attendee, when first paid (docs/decisions/032-workshop-delivered.md): the
   * confirmation and the reminders with attendee mail, Kit's tag with Kit, its purchase with
   * Kit's OAuth token too.
   */
  jobsForAttendee(): OutboxJobKind[];
  /**
   * The cohort's jobs that are on (docs/decisions/033-cohort-applications.md): the emails of an
   * offer, an enrolment, a decision and a resubmission's confirmation link with attendee mail,
   * Kit's tags with Kit, the enrolment's purchase with Kit's OAuth token too. The cohort queues
   * those of each step that are listed.
   */
  jobsForCohort(): OutboxJobKind[];
  /** Kit is set up, so a post published as a newsletter gets a broadcast job. */
  makesBroadcasts: boolean;
  /** Sends one job; throws a ProviderError when it should be retried or given up. */
  deliver(store: Store, job: OutboxJob): Promise<void>;
  /** Sends the due digest entries as one email; throws like deliver. */
  deliverDigest(store: Store, jobs: readonly OutboxJob[]): Promise<void>;
}

export type ForwardingEnv = Pick<Env, 'SITE_URL'> &
  KitFormEnv &
  Partial<Pick<Env, 'KIT_FORM_ID_BUYERS' | 'OWNER_SALE_EMAIL'>>;

/** What a feature's jobs are sent with: the settings, the providers, the clock. */
export interface JobContext {
  env: ForwardingEnv;
  providers: Providers;
  clock: () => number;
}

/**
 * A feature's outbox jobs: how each of its kinds is sent (throwing a ProviderError to be tried
 * again, or given up when permanent), and, for the owner's digest, the due entries as one.
 */
export interface FeatureJobs {
  send: Partial<Record<OutboxJobKind, (store: Store, job: OutboxJob) => Promise<void>>>;
  digest?(store: Store, jobs: readonly OutboxJob[]): Promise<void>;
}

/**
 * The forwarding of the features' jobs (server/forwarding.ts gives every feature's): which jobs
 * a lead or a sale gets, by the providers set up, and the feature that sends each kind.
 */
export function outboxForwarding(
  env: ForwardingEnv,
  providers: Providers,
  jobs: readonly FeatureJobs[],
): Forwarding {
  const kitForms = kitFormIds(env);
  const senders = Object.assign({}, ...jobs.map(({ send }) => send)) as FeatureJobs['send'];
  const digest = jobs.find((feature) => feature.digest)?.digest;
  return {
    jobsForSubscriber: (list) => (providers.kit && kitForms[list] ? ['kit-subscribe'] : []),
    jobsForContact: ({ verified }) =>
      providers.ownerMail ? [verified ? 'owner-notify' : 'owner-digest'] : [],
    jobsForSale: ({ alreadySubscriber }) => [
      ...(providers.ownerMail && env.OWNER_SALE_EMAIL !== 'off' ? (['owner-sale'] as const) : []),
      ...(providers.kit && env.KIT_FORM_ID_BUYERS && !alreadySubscriber
        ? (['kit-buyer'] as const)
        : []),
    ],
    jobsForAttendee: () => [
      ...(providers.attendeeMail
        ? (['workshop-confirmation', 'workshop-reminder-day', 'workshop-reminder-hour'] as const)
        : []),
      ...(providers.kit ? (['kit-workshop-tag'] as const) : []),
      ...(providers.kit?.recordsPurchases ? (['kit-purchase'] as const) : []),
    ],
    jobsForCohort: () => [
      ...(providers.attendeeMail
        ? ([
            'cohort-offer',
            'cohort-enrolled',
            'cohort-declined',
            'cohort-waitlisted',
            'cohort-confirm',
          ] as const)
        : []),
      ...(providers.kit
        ? (['kit-cohort-applicant', 'kit-cohort-accepted', 'kit-cohort-enrolled'] as const)
        : []),
      ...(providers.kit?.recordsPurchases ? (['kit-cohort-purchase'] as const) : []),
    ],
    makesBroadcasts: providers.kit !== null,
    async deliver(store, job) {
      const send = senders[job.kind];
      if (!send) throw new ProviderError(`No feature sends ${job.kind} jobs`, { permanent: true });
      await send(store, job);
    },
    async deliverDigest(store, due) {
      if (!digest) throw new ProviderError('No feature sends the digest', { permanent: true });
      await digest(store, due);
    },
  };
}

/** The owner's mail, or a permanent failure: a job for it cannot go without SMTP. */
export function ownerMailOf(providers: Providers): OwnerMail {
  if (!providers.ownerMail) throw new ProviderError('SMTP is not configured', { permanent: true });
  return providers.ownerMail;
}

/** The attendees' and applicants' mail, or a permanent failure: their emails need MAIL_FROM too. */
export function attendeeMailOf(providers: Providers): AttendeeMail {
  if (!providers.attendeeMail) {
    throw new ProviderError('attendee emails are off: set SMTP_URL and MAIL_FROM', {
      permanent: true,
    });
  }
  return providers.attendeeMail;
}

/** Kit, or a permanent failure: a tag or a purchase cannot go without it. */
export function kitOf(providers: Providers): Kit {
  if (!providers.kit) throw new ProviderError('Kit is not configured', { permanent: true });
  return providers.kit;
}
