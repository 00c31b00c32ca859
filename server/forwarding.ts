import { featureJobs, type ServedContent } from './feature-list';
import {
  type Forwarding,
  type ForwardingEnv,
  outboxForwarding,
  type Providers,
} from './outbox/forwarding';

/**
 * The site's forwarding: which outbox jobs a lead or a sale gets, and every feature's way of
 * sending its own (the leads', the sales', the writing's newsletters, the funnel's weekly report).
 * `served`: the content the site serves now: the experiments, whose standing the weekly report
 * gives, and the workshop's words, which its attendees' emails say.
 */
export function createForwarding(
  env: ForwardingEnv,
  providers: Providers,
  served: () => ServedContent = () => nothingServed,
  clock: () => number = Date.now,
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
    }),
  );
}

/** Without a build (`npm run dev`, most tests): no experiment, no workshop's words. */
const nothingServed: ServedContent = { experiments: { list: [], testable: [] }, workshop: null };
