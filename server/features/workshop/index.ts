/**
 * The workshop, delivered (docs/decisions/032-workshop-delivered.md): its sessions' seats held
 * by open Checkout Sessions and taken by paid ones, the attendees that payments make, the emails
 * they get (the confirmation with its invite, the reminders, the replay, a new time or a
 * cancellation), and the room's Workshop view. What the rest of the server may use of it is
 * exported here.
 * Its tables: workshop_sessions, workshop_holds, workshop_attendees.
 */

export {
  attendeeRow,
  forgetAttendees,
  pruneAttendees,
  type WorkshopAttendee,
} from './attendees';
export { bookedPageProof } from './booked-page';
export { withoutEmpty, workshopCheckout } from './checkout';
// The room's Workshop view and `npm run leads -- workshop`: one owner command each.
export { attendeesCsv, workshopAttendeesCommand, workshopHoldsCommand } from './commands/attendees';
export {
  workshopCancelCommand,
  workshopReplayCommand,
  workshopResendCommand,
} from './commands/emails';
export { workshopLinksCommand } from './commands/links';
export { workshopConfirmCommand } from './commands/review';
export { type Refused, workshopSessionsCommand } from './commands/sessions';
export { type JobsForAttendee, workshopFulfilment } from './fulfil';
// The attendees' emails and Kit's purchase and tag, sent by the outbox; a new start followed.
export { type WorkshopDeliveryWords, workshopJobs } from './jobs';
export { workshopMigrations } from './migrations';
export {
  attendeeExportColumns,
  exportAttendees,
  type PublishedSession,
  publishedSessions,
} from './owner-data';
export { followBuildSessions, workshopPublishHook } from './publish-hook';
export { queueAttendeeEmails } from './queue-emails';
export { workshopRoomRouter } from './room-router';
export {
  forgetHoldClients,
  holdsPerClient,
  seatsTaken,
  type WorkshopHold,
} from './seats';
export { workshopSelling } from './selling';
