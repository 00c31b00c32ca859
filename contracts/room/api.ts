/**
 * The owner's room's API (docs/decisions/018-owner-sign-in.md), named by resource as Ghost's
 * admin API is: one table of where each call answers, under ownerPaths.api (/owner/api). The
 * room's page asks these paths and the server's routers answer them, so the two cannot drift.
 * Each resource's requests and answers are read with the schemas beside this file, on both sides;
 * the owner's commands (the features' commands/ folders) take the same inputs where they share
 * them, so the room and `npm run leads` refuse alike. Messages read after the field's name
 * ("Email needs an email address.").
 */
export const roomApi = {
  // The owner and their sessions (contracts/owner.ts).
  /** POST: a passkey sign-in's options, then the signed answer; the only calls without a session. */
  signInOptions: '/sign-in/options',
  signIn: '/sign-in',
  /** POST: the first passkey, through an invite, likewise open. */
  welcomeOptions: '/welcome/options',
  welcome: '/welcome',
  /** GET: who is signed in, their passkeys and sessions. */
  me: '/me',
  /** POST: another passkey's options, then the new passkey; one taken away. */
  passkeysOptions: '/passkeys/options',
  passkeys: '/passkeys',
  passkeysRemove: '/passkeys/remove',
  /** POST: this session ended, or every session of the owner's. */
  signOut: '/sign-out',
  signOutEverywhere: '/sign-out-everywhere',
  /** GET: the audit log, newest first. */
  audit: '/audit',

  // The site's figures and the people it reached (funnel.ts, leads.ts, outbox.ts).
  /** GET funnel?from=&to= : views, visitors and sign-ups by source, page and day. */
  funnel: '/funnel',
  /** GET leads?search=&limit= : the latest leads. */
  leads: '/leads',
  /** GET leads.csv?leads= : every sign-up, enquiry or sale, as `npm run leads -- export` prints. */
  leadsCsv: '/leads.csv',
  /** POST: everything held about one email address, erased. */
  erasure: '/erasure',
  /** GET: the forwarding jobs still to do. */
  outbox: '/outbox',
  /** POST: every failed job again, or the one named. */
  outboxRetry: '/outbox/retry',

  // The experiments (experiments.ts).
  /** GET: each experiment served, with its standing. */
  experiments: '/experiments',
  /** GET experiments/plan?lift= : the sample the next experiment on each page would need. */
  experimentsPlan: '/experiments/plan',
  /** POST: "Make this the page", an experiment ended with one variant as the page, published. */
  experimentsWinner: '/experiments/winner',

  // The writing (posts.ts).
  /** GET posts?from=&to= : each post's views and sign-ups, and its newsletter in Kit. */
  posts: '/posts',

  // The workshop (workshop.ts).
  /** GET: each session's seats, revenue net of refunds and private links. */
  workshop: '/workshop',
  /** GET workshop/attendees?session= : a session's attendees, with the emails they were sent. */
  workshopAttendees: '/workshop/attendees',
  /** GET workshop/attendees.csv?session= : the same, as `npm run leads -- workshop attendees`. */
  workshopAttendeesCsv: '/workshop/attendees.csv',
  /** GET workshop/holds?session= : the seats held by checkouts still open, by client. */
  workshopHolds: '/workshop/holds',
  /** PUT: a session's joining and replay links. */
  workshopLinks: '/workshop/links',
  /** POST: one attendee's confirmation sent again. */
  workshopResend: '/workshop/resend',
  /** POST: an attendee held for review confirmed by the owner, and sent what a buyer is. */
  workshopConfirm: '/workshop/confirm',
  /** POST: a session cancelled, each attendee told. */
  workshopCancel: '/workshop/cancel',
  /** POST: the replay link sent to each attendee, once. */
  workshopReplay: '/workshop/replay',

  // The cohort's applications (cohort.ts).
  /** GET applications?status=&page= : the applications, newest first, of one status or all. */
  applications: '/applications',
  /** GET applications/show?application= : one application's answers, history and private notes. */
  applicationsShow: '/applications/show',
  /** POST: an application's status changed. */
  applicationsStatus: '/applications/status',
  /** POST: a private note added to an application. */
  applicationsNote: '/applications/note',

  // Publishing the content (contracts/owner-publish.ts).
  /** GET: the versions, newest first, and the one served. */
  versions: '/versions',
  /** POST: the working copy, checked, rendered and served. */
  publish: '/publish',
  /** POST: an earlier version published again (the server's route passes ":id"). */
  rollback: <Version extends string>(version: Version) => `/versions/${version}/rollback` as const,
  /** POST: the working copy rendered for the owner alone. */
  preview: '/preview',
} as const;
