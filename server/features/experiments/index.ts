/**
 * Experiments (docs/decisions/027-experiments.md): one headline or offer against another, the
 * variant chosen on the server without a cookie. What the rest of the server may use of it:
 * - the variant step: which variant a visitor sees on a page (`experimentFor`), the variant a
 *   sign-up or a checkout click came from (`experimentAttribution`), and whether a sale's signed
 *   reference may credit one (`wasLiveOn`);
 * - its counts: who was shown which variant (`createExposures`, `startExposures`), who
 *   clicked a variant's checkout (`addExperimentCheckout`), and which visitor a cohort
 *   application's variant came from (`addExperimentApplication`);
 * - the room: each experiment's standing, the plan of the next, "Make this the page"
 *   (`experimentsRouter`), over the experiments the site serves (`servedExperiments`);
 * - the owner's commands behind them, which `npm run leads -- experiments` calls too: the
 *   standing (`experimentsCommand`, which the weekly report gives), the plan
 *   (`experimentPlanCommand`) and "Make this the page" (`endExperimentCommand`).
 * Its tables: experiment_exposures, experiment_checkouts, experiment_applications.
 */
export {
  type ExperimentOf,
  experimentAttribution,
  experimentFor,
  type Shown,
  wasLiveOn,
} from './attribution';
export { type EndedExperiment, endExperimentCommand } from './commands/end';
export { experimentPlanCommand } from './commands/plan';
export { experimentsCommand } from './commands/standing';
export { createExposures, type Exposures, startExposures } from './exposures';
export { experimentsMigrations } from './migrations';
export { experimentsRouter } from './room-router';
export { type ServedExperiments, servedExperiments } from './served';
export {
  addExperimentApplication,
  addExperimentCheckout,
  type ExperimentApplication,
} from './store';
