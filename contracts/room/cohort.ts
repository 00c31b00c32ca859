import { z } from 'zod';
import { messageText } from '../text';
import { count } from './fields';

/**
 * The room's Applications view (docs/decisions/033-cohort-applications.md): the cohort's
 * applications, newest first, by status (roomApi.applications), one with its answers, history
 * and private notes (roomApi.applicationsShow), and what the owner does: its status changed
 * (roomApi.applicationsStatus) and a note added (roomApi.applicationsNote).
 * `npm run leads -- applications` takes the same inputs.
 */

/** Where an application stands in the owner's review, in the order the room offers them. */
export const applicationStatuses = [
  'new',
  'shortlisted',
  'accepted',
  'declined',
  'waitlisted',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The statuses that decide an application: the retention counts from the last of them. */
export const decidingStatuses: readonly ApplicationStatus[] = [
  'accepted',
  'declined',
  'waitlisted',
];

const statusSchema = z.enum(applicationStatuses, {
  error: `must be one of ${applicationStatuses.join(', ')}.`,
});

/** An application's id, as the list shows it: letters, digits, dashes and underscores. */
export const applicationId = z
  .string({ error: 'needs an application’s id, as the list shows it.' })
  .max(100, 'needs an application’s id, as the list shows it.')
  .regex(/^[A-Za-z0-9_-]+$/, 'needs an application’s id, as the list shows it.');

/** How many applications a page of the list holds. */
export const applicationsPageSize = 50;

/** GET applications?status=&page= : a page of the list, newest first, of one status or all. */
export const applicationsQuerySchema = z.strictObject({
  status: statusSchema.optional(),
  page: z.coerce
    .number({ error: 'must be a page number from 1.' })
    .int('must be a page number from 1.')
    .min(1, 'must be a page number from 1.')
    .max(100_000, 'must be a page number from 1.')
    .default(1),
});

/** GET applications/show?application= : one application. */
export const applicationQuerySchema = z.strictObject({ application: applicationId });

/** POST applications/status: the status it moves to (each change an event and an audit entry). */
export const applicationStatusSchema = z.strictObject({
  application: applicationId,
  status: statusSchema,
});

/** What a status change did: where the application stands now, and since when it is decided. */
export const applicationStatusAnswerSchema = z.strictObject({
  application: z.string(),
  from: statusSchema,
  status: statusSchema,
  decidedAt: z.string().nullable(),
});
export type ApplicationStatusAnswer = z.infer<typeof applicationStatusAnswerSchema>;

/** The longest private note the room keeps. */
export const maxNoteLength = 5000;

/**
 * A private note's text: free text over several lines, as a message to the site is (its tabs and
 * line breaks kept, every other control and direction character refused), trimmed, not empty.
 */
export const noteText = messageText(maxNoteLength, {
  notText: 'needs the note’s text.',
  tooLong: `must be at most ${maxNoteLength} characters.`,
  unusable: 'must be plain text.',
}).pipe(z.string().min(1, 'needs the note’s text.'));

/** POST applications/note: a private note, the owner's alone. */
export const applicationNoteSchema = z.strictObject({ application: applicationId, text: noteText });

/** What adding a note did: when it was added. */
export const applicationNoteAnswerSchema = z.strictObject({
  application: z.string(),
  at: z.string(),
});

/** What an answer holds: text, a choice's option or several, a number. */
export const answerValue = z.union([z.string(), z.array(z.string()), z.number()]);
export type AnswerValue = z.infer<typeof answerValue>;

/**
 * Where an application's offer of a seat stands (docs/decisions/033-cohort-applications.md):
 * `open` holds its seat until `at`; `expired`, it stopped holding it at `at`, unpaid; `enrolled`,
 * paid at `at`; `withdrawn`, the owner moved the application on; `refunded`, paid and refunded in
 * full (the seat is free again). Expiry is not stored: it is read against the moment asked.
 */
export const offerStates = ['open', 'expired', 'enrolled', 'withdrawn', 'refunded'] as const;
export type OfferState = (typeof offerStates)[number];

const applicationOffer = z.strictObject({
  state: z.enum(offerStates),
  /** Until when it is open, when it expired, was paid, withdrawn or refunded; null if not kept. */
  at: z.string().nullable(),
  /** What was paid, in the currency's smallest unit (lower-case code); null until paid. */
  paid: z.strictObject({ amount: z.number().int(), currency: z.string() }).nullable(),
});
export type ApplicationOffer = z.infer<typeof applicationOffer>;

/** One application in the list. */
const applicationSummary = z.strictObject({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The intake applied for: its start day. */
  intake: z.string(),
  status: statusSchema,
  /** Null once erased. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  erased: z.boolean(),
  source: z.string().nullable(),
  page: z.string().nullable(),
  variant: z.string().nullable(),
  /** Its last offer of a seat, if it was ever accepted with one. */
  offer: applicationOffer.nullable(),
  /**
   * How many resubmissions beside it wait for their address's confirmation, and how many were
   * confirmed after its decision and kept beside it
   * (docs/decisions/034-selling-that-cannot-be-gamed.md).
   */
  resubmitted: z
    .strictObject({ unconfirmed: count, kept: count })
    .default({ unconfirmed: 0, kept: 0 }),
});
export type ApplicationSummary = z.infer<typeof applicationSummary>;

/**
 * An intake's seats as the room says them: its capacity in the served content, those enrolled
 * (paid), the offers open (each holds a seat until it is paid or expires) and the seats left
 * (contracts/cohort-intakes.ts `intakeSeatsLeft`, the page's own rule). While a seat is left,
 * `next` is the application of the intake waitlisted first (by when it was waitlisted).
 */
const intakeSeats = z.strictObject({
  /** Its start day. */
  intake: z.string(),
  seats: count,
  enrolled: count,
  offersOpen: count,
  left: count,
  next: z
    .strictObject({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
});
export type IntakeSeats = z.infer<typeof intakeSeats>;

export const applicationsAnswerSchema = z.strictObject({
  /** The served content's intakes still to start, each with its seats. */
  intakes: z.array(intakeSeats),
  applications: z.array(applicationSummary),
  /** How many the status (or all) has, and the page shown of them. */
  total: count,
  page: count,
  pageSize: count,
  /** How many each status has, for the filter. */
  counts: z.strictObject(
    Object.fromEntries(applicationStatuses.map((status) => [status, count])) as Record<
      ApplicationStatus,
      typeof count
    >,
  ),
});
export type ApplicationsAnswer = z.infer<typeof applicationsAnswerSchema>;

/**
 * An answer as the owner reads it: under the served content's question, or under its id when
 * the question is no longer in the content (`asked` false). A question the content asks that the
 * application has no answer to has `value` null.
 */
const answer = z.strictObject({
  id: z.string(),
  label: z.string(),
  asked: z.boolean(),
  value: answerValue.nullable(),
});
export type QuestionAnswer = z.infer<typeof answer>;

/**
 * Where a resubmission stands: `unconfirmed`, its link not yet opened; `expired`, its link ran
 * out unopened (read at the moment asked); `replaced`, confirmed, it became the application's
 * name and answers; `kept`, confirmed after the application was decided or offered a seat.
 */
export const resubmissionStates = ['unconfirmed', 'expired', 'replaced', 'kept'] as const;
export type ResubmissionState = (typeof resubmissionStates)[number];

/**
 * A second application of the address for the intake, beside this one: what its sender typed,
 * which is not the applicant's until their address confirms it.
 */
const resubmission = z.strictObject({
  at: z.string(),
  state: z.enum(resubmissionStates),
  confirmedAt: z.string().nullable(),
  /** The name it gave: the sender's words, not the applicant's name. */
  name: z.string(),
  answers: z.array(answer),
});
export type Resubmission = z.infer<typeof resubmission>;

/** What happened to an application, oldest first: who did it (null: the applicant or the terminal). */
const event = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('submitted'), at: z.string() }),
  /** Applied again: what its answers were before. */
  z.strictObject({ kind: z.literal('updated'), at: z.string(), before: z.array(answer) }),
  z.strictObject({
    kind: z.literal('status'),
    at: z.string(),
    owner: z.string().nullable(),
    from: statusSchema,
    to: statusSchema,
  }),
]);
export type ApplicationEvent = z.infer<typeof event>;

export const applicationShowAnswerSchema = z.strictObject({
  application: applicationSummary.extend({
    decidedAt: z.string().nullable(),
    host: z.string().nullable(),
    experiment: z.string().nullable(),
    /** Whether the form was sent with the browser's proof of work (without: possibly a robot). */
    verified: z.boolean(),
    answers: z.array(answer),
    history: z.array(event),
    /** The owner's private notes, oldest first: in no email, page or log. */
    notes: z.array(
      z.strictObject({ at: z.string(), owner: z.string().nullable(), text: z.string() }),
    ),
    /** The resubmissions beside it, newest first. */
    resubmissions: z.array(resubmission).default([]),
  }),
});
export type ApplicationDetail = z.infer<typeof applicationShowAnswerSchema>['application'];
