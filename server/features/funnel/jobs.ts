import { ownerPaths } from '../../../contracts/owner';
import type { ExperimentStanding } from '../../../contracts/room/experiments';
import type { Store } from '../../db/store';
import { type FeatureJobs, type JobContext, ownerMailOf } from '../../outbox/forwarding';
import { weeklyReport } from './weekly-report';

/**
 * The funnel's outbox job: the owner's weekly report (owner-weekly-report), with the standing of
 * the experiments running (`standings`, the experiments feature's, given by the feature list).
 */
export function funnelJobs(
  { env, providers, clock }: JobContext,
  standings: (store: Store, now: Date) => Promise<readonly ExperimentStanding[]>,
): FeatureJobs {
  return {
    send: {
      async 'owner-weekly-report'(store, job) {
        const room = new URL(ownerPaths.room, env.SITE_URL).href;
        const report = await weeklyReport(store, job.lead_id, room, () =>
          standings(store, new Date(clock())),
        );
        await ownerMailOf(providers).report(report, job.id);
      },
    },
  };
}
