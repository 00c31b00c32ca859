/**
 * The cohort by application (docs/decisions/033-cohort-applications.md): applications taken on
 * the cohort's site, one per address and intake with their history, and the owner's review in
 * the room. What the rest of the server may use of it is exported here:
 * - its routes (`cohortRoutes`): POST /api/cohort/applications, through the lead forms' one path,
 *   and GET /go/offer/<token>, an accepted applicant's link to pay (`offer-checkout.ts`), which
 *   the request log writes with its offer id alone (`cohortTokenPaths`), and the offer page's
 *   word on the payment of the checkout its address names (`offerPageProof`);
 * - the offers' fulfilment of Stripe's events (`cohortFulfilment`, for the events whose session
 *   names an offer, `offerMetadataKey`) and the intakes' seats (`cohortSeatsTaken`), which the
 *   pages' calendar reads with the workshop's;
 * - the applications' one writer (`saveApplication`), for the other features' tests;
 * - the room's Applications view (`cohortRoomRouter`) and `npm run leads -- applications`: one
 *   owner command each;
 * - the applications in the owner's data rights: their export, erasure by email and pruning past
 *   the content's retention, which the leads' export, forget and prune call;
 * - its outbox jobs (`cohortJobs`): the applicants' emails, Kit's tags and the enrolment's purchase.
 * Its tables: cohort_applications, cohort_application_events, cohort_offers, cohort_intakes.
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
export {
  applicationNoteCommand,
  applicationStatusCommand,
  type StatusDeps,
} from './commands/review';
export { type CohortFulfilmentDeps, cohortFulfilment, offerMetadataKey } from './fulfil';
export { cohortJobs } from './jobs';
export { cohortTokenPaths } from './logged-links';
export { cohortMigrations } from './migrations';
export type { ServedCohort } from './offer-moves';
export { offerPageProof } from './offer-page';
export { type CohortOffer, cohortSeatsTaken } from './offers';
export {
  applicationExportColumns,
  applicationQuestionsOf,
  applicationRetentionOf,
  exportApplications,
} from './owner-data';
export { cohortRoomRouter } from './room-router';
export { type CohortContext, cohortRoutes } from './routes';
