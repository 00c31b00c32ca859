import type { Experiment } from '../contracts/content/experiments';
import { featureJobs } from './feature-list';
import {
  type Forwarding,
  type ForwardingEnv,
  outboxForwarding,
  type Providers,
} from './outbox/forwarding';

/**
 * The site's forwarding: which outbox jobs a lead or a sale gets, and every feature's way of
 * sending its own (the leads', the sales', the writing's newsletters, the funnel's weekly report).
 * `experiments`: the experiments served now, whose standing the weekly report gives.
 */
export function createForwarding(
  env: ForwardingEnv,
  providers: Providers,
  experiments: () => readonly Experiment[] = () => [],
  clock: () => number = Date.now,
): Forwarding {
  return outboxForwarding(env, providers, featureJobs({ env, providers, clock, experiments }));
}
