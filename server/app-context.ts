import { resolve } from 'node:path';
import { siteOrigins } from '../contracts/sites';
import { buildPaths } from './build-paths';
import type { Store } from './db/store';
import { type Env, namedHosts } from './env';
import { type ExperimentOf, type Exposures, experimentAttribution } from './features/experiments';
import type { Publisher } from './features/room';
import { workingCopyOnFirstUse } from './features/room';
import { type ClientOf, forwardedClient } from './http/forwarded';
import { healthPath } from './http/health';
import { createLeadRateLimiter, type LeadRateLimiter } from './http/rate-limit';
import { pageOrigins } from './http/same-origin';
import type { Logger } from './logger';
import type { Forwarding } from './outbox/forwarding';
import type { PageViewCounter } from './page-views/counter';
import { type PlainHttpWatch, plainHttpWatch } from './plain-http-watch';
import type { CheckoutSessions } from './providers/stripe-checkout';
import type { Site } from './site';
import { type SiteHosts, siteHosts } from './site-hosts';

export interface AppDeps {
  env: Env;
  logger: Logger;
  site: Site;
  store: Store;
  forwarding: Forwarding;
  /** Key of the IP hash kept with each lead (server/ip-hash-key.ts). */
  ipHashKey: string;
  /** Signing key of the proof-of-work challenges, shared by every instance (in the database). */
  proofOfWorkKey: string;
  /** Told when a new lead is stored (the outbox worker's wake()). */
  onLeadStored?: () => void;
  /** Counts page views (decision 013); none when PAGE_VIEW_COUNTING is off. */
  pageViews?: PageViewCounter;
  /** Counts who was shown which variant (decision 027); none without page views. */
  exposures?: Exposures;
  /** The owner's publishing (server/features/room/publish/); none in development. */
  publisher?: Publisher | null;
  /** The owner's working copy, shared with the publisher; by default made on first use. */
  workingCopy?: () => Promise<string>;
  /**
   * Our own Checkout Sessions (STRIPE_SECRET_KEY, docs/decisions/032-workshop-delivered.md); none:
   * the content's Payment Links, and seats are not enforced.
   */
  stripe?: CheckoutSessions | null;
}

/**
 * What every feature's routes are made from (server/feature-list.ts): the app's dependencies,
 * with their defaults, and what the app derives from them once, so no two features derive it
 * twice: the hosts and origins, who sent a request, the variant a form or a click came from.
 */
export interface AppContext
  extends Omit<Required<AppDeps>, 'pageViews' | 'exposures' | 'publisher'> {
  pageViews?: PageViewCounter;
  exposures?: Exposures;
  publisher: Publisher | null;
  hosts: ReturnType<typeof namedHosts>;
  origins: ReturnType<typeof siteOrigins>;
  clientOf: ClientOf;
  /**
   * Whether the proxy in front is believed (server/plain-http-watch.ts): its warnings for the
   * health check, and whether buyers can be told apart by address for the seats' caps.
   */
  plainHttp: PlainHttpWatch;
  /** The origins a page of the request's host may have (api/same-origin.ts). */
  originsOf: ReturnType<typeof pageOrigins>;
  siteHosts: SiteHosts;
  /** The experiment and variant a sign-up's or a click's page showed its visitor. */
  experimentOf: ExperimentOf;
  /** One budget per client across every lead form: a bot gains nothing by switching endpoints. */
  leadRateLimiter: LeadRateLimiter;
}

export function appContext({
  onLeadStored = () => {},
  publisher = null,
  workingCopy,
  stripe = null,
  ...deps
}: AppDeps): AppContext {
  const { env, site, pageViews } = deps;
  const hosts = namedHosts(env);
  const clientOf = forwardedClient(env.TRUST_PROXY);
  return {
    ...deps,
    onLeadStored,
    publisher,
    stripe,
    // The owner edits a working copy of the repository's content/, made at first use.
    workingCopy:
      workingCopy ?? workingCopyOnFirstUse(env.DATA_DIR, resolve(buildPaths.root, 'content')),
    hosts,
    origins: siteOrigins(env.SITE_URL, hosts),
    clientOf,
    plainHttp: plainHttpWatch(env, deps.logger, clientOf, healthPath),
    originsOf: pageOrigins(env.SITE_URL, clientOf),
    siteHosts: siteHosts(env),
    experimentOf: experimentAttribution(site, pageViews, hosts),
    leadRateLimiter: createLeadRateLimiter(env, deps.store),
  };
}
