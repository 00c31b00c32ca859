import { type FeatureJobContext, featureJobs, type ServedContent } from './feature-list';
import {
  type Forwarding,
  type ForwardingEnv,
  outboxForwarding,
  type Providers,
} from './outbox/forwarding';

/** What the jobs read of the serving site, beyond the settings and the providers. */
export interface ForwardingServing {
  /**
   * The content the site serves now: the experiments, whose standing the weekly report gives;
   * the workshop's words, which its attendees' emails say; the cohort's, which its applicants'
   * emails and Kit tags say. None without a build.
   */
  served?: () => ServedContent;
  /** The sites' origins and the server's secret, which sign the cohort's offer links. */
  links?: FeatureJobContext['links'];
  clock?: () => number;
}

/**
 * The site's forwarding: which outbox jobs a lead or a sale gets, and every feature's way of
 * sending its own (the leads', the sales', the writing's newsletters, the funnel's weekly report,
 * the workshop's and the cohort's emails).
 */
export function createForwarding(
  env: ForwardingEnv,
  providers: Providers,
  { served = () => nothingServed, links = null, clock = Date.now }: ForwardingServing = {},
): Forwarding {
  return outboxForwarding(
    env,
    providers,
    featureJobs({
      env,
      providers,
      clock,
      experiments: () => served().experiments.list,
      workshop: () => served().workshop,
      cohort: () => served().cohort,
      links,
    }),
  );
}

/** Without a build (`npm run dev`, most tests): no experiment, no workshop's or cohort's words. */
const nothingServed: ServedContent = {
  experiments: { list: [], testable: [] },
  workshop: null,
  cohort: null,
};
