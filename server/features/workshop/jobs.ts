import type { z } from 'zod';
import type { workshopDelivery } from '../../../contracts/content/workshop';
import { fillTemplate } from '../../../contracts/template';
import { enqueueOnce, type OutboxJob } from '../../db/outbox';
import type { Store } from '../../db/store';
import { attendeeMailOf, type FeatureJobs, type JobContext, kitOf } from '../../outbox/forwarding';
import { ProviderError } from '../../providers/provider-error';
import {
  attendeeRow,
  joiningLinkDigest,
  noteJoiningLinkSent,
  type WorkshopAttendee,
} from './attendees';
import { type AttendeeEmailKind, attendeeEmail, ukDate } from './emails';
import { type ReminderKind, reminderId, reminderTimes, rescheduledOf } from './queue-emails';
import { sessionRow, type WorkshopSessionRow } from './sessions';

/**
 * The workshop's outbox jobs (docs/decisions/032-workshop-delivered.md): the attendees' emails,
 * and Kit's purchase and tag of each buyer. Each reads the attendee and the session as they are
 * when it runs: a refunded or erased attendee, one held for the owner's review or one whose
 * payment is disputed is sent nothing (the job is done, not failed), and the email says the
 * session's start, sequence and links of that moment.
 */

/** The emails that carry the joining link (in their words or their invite). */
const carryTheLink: readonly AttendeeEmailKind[] = [
  'workshop-confirmation',
  'workshop-reminder-day',
  'workshop-reminder-hour',
  'workshop-rescheduled',
];

export type WorkshopDeliveryWords = z.output<typeof workshopDelivery>;

export interface WorkshopJobContext extends JobContext {
  /** The workshop's words as the site serves them now; null for a build without them. */
  delivery: () => WorkshopDeliveryWords | null;
}

export function workshopJobs(context: WorkshopJobContext): FeatureJobs {
  const email = (store: Store, job: OutboxJob) => sendAttendeeEmail(context, store, job);
  return {
    send: {
      'workshop-confirmation': email,
      'workshop-reminder-day': email,
      'workshop-reminder-hour': email,
      'workshop-replay': email,
      'workshop-rescheduled': email,
      'workshop-cancelled': email,
      'kit-purchase': (store, job) => recordKitPurchase(context, store, job),
      'kit-workshop-tag': (store, job) => tagInKit(context, store, job),
    },
  };
}

/** A job taken this much before its time is on time (the instances' clocks differ a little). */
const earlySlackMs = 5 * 60_000;

/** One attendee's email, or nothing when there is nothing (more) to tell. */
async function sendAttendeeEmail(
  context: WorkshopJobContext,
  store: Store,
  job: OutboxJob,
): Promise<void> {
  const kind = job.kind as AttendeeEmailKind;
  const found = await attendeeAndSession(store, job.lead_id);
  if (!found || !tells(kind, found.attendee, found.session)) return;
  const { attendee, session } = found;
  const now = context.clock();
  if (kind === 'workshop-reminder-day' || kind === 'workshop-reminder-hour') {
    if (!(await reminderDueNow(store, job, kind, session, now))) return;
  }
  const moved = kind === 'workshop-rescheduled' ? rescheduledOf(job.id) : null;
  // An older move's email, overtaken by a newer one, which tells the attendee instead.
  if (kind === 'workshop-rescheduled' && (!moved || moved.sequence < session.sequence)) return;
  const words = context.delivery()?.emails;
  if (!words)
    throw new ProviderError('the served site has no workshop emails', { permanent: true });
  // The reminders are sent for the joining link: they wait for the owner to enter it.
  if (kind.startsWith('workshop-reminder') && !session.joining_link) {
    throw new ProviderError('the session has no joining link yet: enter it in the room');
  }
  if (kind === 'workshop-replay' && !session.replay_link) {
    throw new ProviderError('the session has no replay link: enter it in the room');
  }
  const mail = attendeeMailOf(context.providers);
  await mail.send(
    attendeeEmail({
      kind,
      words,
      attendee: { id: attendee.id, name: attendee.name, email: attendee.email as string },
      session: {
        id: session.id,
        start: session.start,
        sequence: session.sequence,
        joiningLink: session.joining_link,
        replayLink: session.replay_link,
        cancelled: session.cancelled_at !== null,
      },
      ...(moved ? { previousStart: moved.from } : {}),
      organizer: mail.from,
      siteHost: new URL(context.env.SITE_URL).hostname,
      now,
    }),
    job.id,
  );
  // So that the room can tell a refunded attendee who still holds the link (owner-data.ts).
  if (session.joining_link && carryTheLink.includes(kind)) {
    await noteJoiningLinkSent(store, attendee.id, joiningLinkDigest(session.joining_link));
  }
}

/**
 * Whether this attendee is to be told this: a confirmed attendee of a session going ahead; for
 * a cancellation, an attendee confirmed, or refunded since the cancellation (the refund it
 * promises). Never an erased one, nor one whose payment is disputed while the dispute is open
 * (docs/decisions/034-selling-that-cannot-be-gamed.md); one held for review is not confirmed.
 */
function tells(
  kind: AttendeeEmailKind,
  attendee: WorkshopAttendee,
  session: WorkshopSessionRow,
): boolean {
  if (attendee.erased_at !== null || !attendee.email || attendee.dispute === 'open') return false;
  if (kind !== 'workshop-cancelled') {
    return attendee.status === 'confirmed' && session.cancelled_at === null;
  }
  if (session.cancelled_at === null) return false;
  return (
    attendee.status === 'confirmed' ||
    (attendee.refunded_at !== null && attendee.refunded_at >= session.cancelled_at)
  );
}

/**
 * A reminder runs at its time: a reschedule moved it with the session (queue-emails.ts). One that
 * runs early all the same (the session moved later while it was being sent) queues itself again
 * for the new time; one too late to be true ("tomorrow" on the day) is dropped.
 */
async function reminderDueNow(
  store: Store,
  job: OutboxJob,
  kind: ReminderKind,
  session: WorkshopSessionRow,
  now: number,
): Promise<boolean> {
  const start = Date.parse(session.start);
  const { before, notAfter } = reminderTimes[kind];
  if (now >= start - notAfter) return false;
  const due = start - before;
  if (now >= due - earlySlackMs) return true;
  const id = reminderId(kind, job.lead_id, session.sequence);
  if (id === job.id) throw new ProviderError('the reminder is not due yet');
  await store.write((trx) =>
    enqueueOnce(trx, {
      id,
      kind,
      leadId: job.lead_id,
      now: new Date(now).toISOString(),
      dueAt: new Date(due).toISOString(),
    }),
  );
  return false;
}

/** Kit's purchase of a confirmed attendee, keyed by the Checkout Session's id. */
async function recordKitPurchase(
  context: WorkshopJobContext,
  store: Store,
  job: OutboxJob,
): Promise<void> {
  const found = await attendeeAndSession(store, job.lead_id);
  if (!found || !buyer(found.attendee)) return;
  const { attendee, session } = found;
  const delivery = context.delivery();
  if (!delivery)
    throw new ProviderError('the served site has no workshop words', { permanent: true });
  await kitOf(context.providers).recordPurchase({
    email: attendee.email as string,
    transactionId: attendee.id,
    amount: attendee.amount,
    currency: attendee.currency,
    paidAt: attendee.created_at,
    product: {
      id: `workshop-${session.id}`,
      name: fillTemplate(delivery.checkout.productName, { workshopDate: ukDate(session.start) }),
    },
  });
}

/** The buyer tagged in Kit with their session ("workshop-december-2026"). */
async function tagInKit(context: WorkshopJobContext, store: Store, job: OutboxJob): Promise<void> {
  const found = await attendeeAndSession(store, job.lead_id);
  if (!found || !buyer(found.attendee)) return;
  await kitOf(context.providers).tag({
    email: found.attendee.email as string,
    // The name on the card need not be the subscriber's own: Kit's first name is left as it is.
    firstName: null,
    tag: workshopTag(found.session.id),
  });
}

/** The Kit tag that names a session. */
export const workshopTag = (sessionId: string) => `workshop-${sessionId}`;

const buyer = (attendee: WorkshopAttendee) =>
  attendee.status === 'confirmed' &&
  attendee.dispute !== 'open' &&
  attendee.erased_at === null &&
  attendee.email !== null;

async function attendeeAndSession(
  store: Store,
  id: string,
): Promise<{ attendee: WorkshopAttendee; session: WorkshopSessionRow } | null> {
  const attendee = await attendeeRow(store, id);
  const session = attendee ? await sessionRow(store, attendee.session_id) : undefined;
  return attendee && session ? { attendee, session } : null;
}
