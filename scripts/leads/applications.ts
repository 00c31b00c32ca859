import { formatMinorUnits } from '../../contracts/money';
import type {
  AnswerValue,
  ApplicationDetail,
  ApplicationEvent,
  ApplicationOffer,
  ApplicationSummary,
  ApplicationsAnswer,
  IntakeSeats,
  Resubmission,
} from '../../contracts/room/cohort';
import { cell, tableLines } from './table';

/**
 * `applications` as the terminal prints it: what the room's Applications view shows
 * (src/owner/applications-view.tsx), read from the same commands' answers. What an applicant or
 * an owner wrote goes through `cell`, so no text can move the terminal's cursor or colours.
 */

const none = '–';
/** A line of an answer or a note is printed whole: the most either holds. */
const longest = 5000;

/** An offer as a word and its moment: "open until …", "enrolled £2,950.00 on …". */
export function offerText(offer: ApplicationOffer | null): string {
  if (!offer) return none;
  const at = offer.at ?? '(not kept)';
  switch (offer.state) {
    case 'open':
      return `open until ${at}`;
    case 'expired':
      return `expired ${at}`;
    case 'enrolled':
      return `enrolled ${offer.paid ? formatMinorUnits(offer.paid.amount, offer.paid.currency) : ''} on ${at}`;
    case 'withdrawn':
      return `withdrawn ${at}`;
    case 'refunded':
      return `refunded ${at}`;
  }
}

/** An intake's seats, and who is next on its waitlist while one is free. */
const seatsText = (intake: IntakeSeats): string[] => [
  `Intake ${intake.intake}: ${intake.seats} seats, ${intake.enrolled} enrolled, ${intake.offersOpen} offers open, ${intake.left} left.`,
  ...(intake.next
    ? [
        `  A seat is free: ${cell(intake.next.name ?? intake.next.email ?? none, 40)} (${intake.next.id}) is next on the waitlist.`,
      ]
    : []),
];

/**
 * The seats of each intake to come, then a page of the list, newest first: id, status, who,
 * when, which intake, from where and the offer.
 */
export function applicationsText({
  intakes,
  applications,
  total,
  page,
  pageSize,
  counts,
}: ApplicationsAnswer): string {
  const tally = `new ${counts.new}, shortlisted ${counts.shortlisted}, accepted ${counts.accepted}, declined ${counts.declined}, waitlisted ${counts.waitlisted}`;
  const seats = intakes.length > 0 ? [...intakes.flatMap(seatsText), ''] : [];
  if (applications.length === 0)
    return [...seats, `No application here (${tally}).`, ''].join('\n');
  const first = (page - 1) * pageSize + 1;
  const rows = applications.map((application) => [
    application.id,
    application.status,
    application.erased
      ? '(erased)'
      : `${cell(application.name ?? none, 40)}${resubmittedText(application.resubmitted)}`,
    application.erased ? none : cell(application.email ?? none, 60),
    application.createdAt,
    application.intake,
    cell(application.source ?? none, 30),
    offerText(application.offer),
  ]);
  return [
    ...seats,
    ...tableLines(
      ['application', 'status', 'name', 'email', 'applied', 'intake', 'source', 'offer'],
      rows,
      { left: [0, 1, 2, 3, 4, 5, 6, 7] },
    ),
    '',
    `${first} to ${first + applications.length - 1} of ${total}, newest first (${tally}).`,
    ...(first + applications.length - 1 < total ? [`More: --page ${page + 1}.`] : []),
    '',
  ].join('\n');
}

/**
 * What waits beside an application in the list, after its name and never as it: a resubmission
 * is anyone's words until its address confirms it.
 */
const resubmittedText = ({ unconfirmed, kept }: ApplicationSummary['resubmitted']): string =>
  [
    unconfirmed > 0
      ? ` (+${unconfirmed} unconfirmed resubmission${unconfirmed === 1 ? '' : 's'})`
      : '',
    kept > 0 ? ` (+${kept} confirmed after the decision)` : '',
  ].join('');

/** Where a resubmission stands, in the terminal's words. */
const resubmissionStates: Record<Resubmission['state'], string> = {
  unconfirmed: 'unconfirmed resubmission',
  expired: 'unconfirmed resubmission, its link ran out',
  replaced: 'confirmed: it is now the application above',
  kept: 'confirmed after the decision or offer: kept beside it',
};

/** The resubmissions beside an application, newest first, with the name each gave. */
const resubmissionsText = (resubmissions: readonly Resubmission[]): string[] =>
  resubmissions.flatMap((each) => [
    `${each.at}  ${resubmissionStates[each.state]}${each.confirmedAt ? ` on ${each.confirmedAt}` : ''}`,
    `  name given: ${cell(each.name, 80)}`,
    ...each.answers.flatMap((answer) => [
      `  ${cell(answer.label, 120)}`,
      ...answerText(answer.value).map((line) => `    ${line}`),
    ]),
  ]);

/** An answer on its lines, indented under its question. */
const answerText = (value: AnswerValue | null): string[] => {
  if (value === null || (Array.isArray(value) && value.length === 0)) return ['(not answered)'];
  if (Array.isArray(value)) return value.map((option) => `- ${cell(option, 300)}`);
  return String(value)
    .split(/\r?\n/)
    .map((line) => cell(line, longest));
};

const eventText = (event: ApplicationEvent): string => {
  switch (event.kind) {
    case 'submitted':
      return `${event.at}  applied`;
    case 'updated':
      return `${event.at}  applied again`;
    case 'status':
      return `${event.at}  ${event.from} -> ${event.to}, ${event.owner ? `by ${cell(event.owner, 40)}` : 'from the terminal'}`;
  }
};

/** One application: who, where from, the answers under their questions, history and notes. */
export function applicationText(application: ApplicationDetail): string {
  const facts: [string, string][] = [
    ['application', application.id],
    ['name', application.erased ? '(erased)' : cell(application.name ?? none, 80)],
    ['email', cell(application.email ?? none, 80)],
    ['status', application.status],
    ['offer', offerText(application.offer)],
    ['applied', application.createdAt],
    ['last changed', application.updatedAt],
    ['decided', application.decidedAt ?? none],
    ['intake', application.intake],
    ['site', cell(application.host ?? none, 80)],
    ['page', cell(application.page ?? none, 80)],
    ['source', cell(application.source ?? none, 80)],
    ['variant', cell(application.variant ?? none, 80)],
    ['from a browser', application.verified ? 'yes' : 'no (possibly a robot)'],
  ];
  const width = Math.max(...facts.map(([term]) => term.length));
  const answers = application.erased
    ? ['Erased: its answers and notes are gone.']
    : application.answers.flatMap((answer) => [
        `${cell(answer.label, 120)}${answer.asked ? '' : ' (no longer asked)'}`,
        ...answerText(answer.value).map((line) => `  ${line}`),
      ]);
  const notes = application.notes.flatMap((note) => [
    `${note.at}, ${note.owner ? `by ${cell(note.owner, 40)}` : 'from the terminal'}:`,
    ...note.text.split(/\r?\n/).map((line) => `  ${cell(line, longest)}`),
  ]);
  return [
    ...facts.map(([term, value]) => `${term.padEnd(width)}  ${value}`),
    '',
    'Answers',
    ...answers,
    '',
    ...(application.resubmissions.length > 0
      ? ['Sent again with this address', ...resubmissionsText(application.resubmissions), '']
      : []),
    'History',
    ...application.history.map(eventText),
    '',
    'Private notes',
    ...(notes.length > 0 ? notes : ['(none)']),
    '',
  ].join('\n');
}
