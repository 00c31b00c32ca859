/**
 * The cohort by application (docs/decisions/033-cohort-applications.md): applications taken on
 * the cohort's site, one per address and intake with their history, and the owner's review in
 * the room. What the rest of the server may use of it is exported here:
 * - its routes (`cohortRoutes`): POST /api/cohort/applications, through the lead forms' one path;
 * - the applications' one writer (`saveApplication`), for the other features' tests.
 * Its tables: cohort_applications, cohort_application_events.
 */

export { type ApplicationPost, saveApplication } from './applications';
export { cohortMigrations } from './migrations';
export { type CohortContext, cohortRoutes } from './routes';
