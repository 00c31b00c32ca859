/**
 * The leads (docs/decisions/007-lead-capture.md): every form a visitor sends (the waitlist, the
 * handbook, the newsletter, an enquiry), checked with the one schema the page used, stored before
 * the thanks, and forwarded to Kit and the owner by the outbox. What the rest of the server may
 * use of it:
 * - its routes (`leadRoutes`): /api/subscriptions, /api/contact-submissions, /api/waitlist,
 *   /api/referrals, /api/proof-of-work, /api/kit/webhook; the request log writes a share link's
 *   calls without their code (`referralsLogged`);
 * - the room's leads, export and erasure (`leadsRoomRouter`) and the owner's commands behind them;
 * - the proof of work every lead form's post carries (`createProofOfWork`): the cohort's too;
 * - the leads themselves, for the outbox's forwarding and the other features' tests.
 * Its tables: subscribers, contact_submissions, share_codes, spent_proofs, kit_events,
 * lead_rate_limits. Its jobs: kit-subscribe, owner-notify, owner-digest.
 */
export { exportCommand, exportCsv } from './commands/export';
export { forgetCommand } from './commands/forget';
export { kitBackfillCommand } from './commands/kit-backfill';
export { latestLeadsCommand } from './commands/leads';
export { pruneCommand } from './commands/prune';
export { leadJobs, referrerOf } from './jobs';
export { countConfirmedSubscribers, kitEventTypes, recordKitEvents } from './kit-events';
export { mailboxKey } from './mailbox';
export { leadsMigrations } from './migrations';
export { forgetPerson } from './owner-data';
export { createProofOfWork, type ProofOfWork } from './proof-of-work';
export { referralsLogged } from './referrals';
export { leadsRoomRouter } from './room-router';
export { leadRoutes } from './routes';
export {
  addContactSubmission,
  addSubscriber,
  findContactSubmission,
  findContactSubmissions,
  findSubscriber,
} from './store';
