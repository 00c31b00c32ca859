/**
 * The cohort by application (docs/decisions/033-cohort-applications.md): applications taken on
 * the cohort's site, one per address and intake with their history, and the owner's review in
 * the room. What the rest of the server may use of it is exported here:
 * - its routes (`cohortRoutes`): POST /api/cohort/applications, through the lead forms' one path;
 * - the applications' one writer (`saveApplication`), for the other features' tests;
 * - the room's Applications view (`cohortRoomRouter`) and `npm run leads -- applications`: one
 *   owner command each;
 * - the applications in the owner's data rights: their export, erasure by email and pruning past
 *   the content's retention, which the leads' export, forget and prune call;
 * - its outbox jobs (`cohortJobs`): the applicants' emails, Kit's tags and the enrolment's purchase.
 * Its tables: cohort_applications, cohort_application_events.
 */

export {
  type ApplicationPost,
  type ErasedApplications,
  forgetApplications,
  pruneApplications,
  saveApplication,
} from './applications';
export {
  applicationShowCommand,
  applicationsListCommand,
} from './commands/applications';
export { applicationNoteCommand, applicationStatusCommand } from './commands/review';
export { cohortJobs } from './jobs';
export { cohortMigrations } from './migrations';
export {
  applicationExportColumns,
  applicationQuestionsOf,
  applicationRetentionOf,
  exportApplications,
} from './owner-data';
export { cohortRoomRouter } from './room-router';
export { type CohortContext, cohortRoutes } from './routes';
