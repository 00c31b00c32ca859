import { Hono } from 'hono';
import type { Migration } from 'kysely';
import type { Experiment } from '../contracts/content/experiments';
import type { RenderSlices } from '../contracts/render-slices';
import type { SiteId } from '../contracts/sites';
import type { AppContext } from './app-context';
import type { Store } from './db/store';
import type { Env } from './env';
import {
  applicationQuestionsOf,
  cohortFulfilment,
  cohortJobs,
  cohortMigrations,
  cohortRoomRouter,
  cohortRoutes,
  cohortTokenPaths,
  offerMetadataKey,
  offerPageProof,
} from './features/cohort';
import {
  addExperimentCheckout,
  experimentsCommand,
  experimentsMigrations,
  experimentsRouter,
  servedExperiments,
  wasLiveOn,
} from './features/experiments';
import { funnelJobs, funnelRoomRouter } from './features/funnel';
import {
  createProofOfWork,
  leadJobs,
  leadRoutes,
  leadsMigrations,
  leadsRoomRouter,
  referralsLogged,
} from './features/leads';
import { type Calendar, calendarHook, pageRoutes, searchRoutes } from './features/pages';
import { type PublishHook, type RoomPart, roomMigrations, roomRoutes } from './features/room';
import { type Fulfil, saleJobs, salesMigrations, salesRoutes } from './features/sales';
import {
  bookedPageProof,
  publishedSessions,
  workshopJobs,
  workshopMigrations,
  workshopPublishHook,
  workshopRoomRouter,
  workshopSelling,
} from './features/workshop';
import {
  feedRoutes,
  newsletterHook,
  postsRoomRouter,
  writingJobs,
  writingMigrations,
} from './features/writing';
import { provenPageRoutes } from './http/proven-page';
import type { TokenPath } from './http/request-log';
import type { FeatureJobs, JobContext } from './outbox/forwarding';

/** What the site serves now that the features' jobs read: its render's slices. */
export type ServedContent = Pick<RenderSlices, 'experiments' | 'workshop' | 'cohort'>;

/**
 * What the features' outbox jobs are sent with: the experiments served now, for the report; the
 * workshop's words, for its attendees' emails; the cohort's, for its applicants' emails and Kit
 * tags; and what signed links a job sends are made with.
 */
export interface FeatureJobContext extends JobContext {
  experiments: () => readonly Experiment[];
  workshop: () => RenderSlices['workshop'];
  cohort: () => RenderSlices['cohort'];
  /**
   * The sites' origins and the server's secret (the IP hash key, as the app's), which sign the
   * links a job sends (the cohort's offers); none where no job sends one (most tests).
   */
  links: { origins: Readonly<Record<SiteId, string>>; serverSecret: string } | null;
}

/** What the features' publish hooks are made from, at boot (server/index.ts). */
export interface PublishDeps {
  store: Store;
  env: Pick<Env, 'SITE_URL'>;
  /** Whether Kit is set up to receive the posts' newsletters. */
  kit: boolean;
  /** The pages' calendar; none where the build cannot follow it. */
  calendar: Calendar | null;
  /** The build's render bundle, which renders a publish's pages again as their dates pass. */
  renderBundle: string;
}

/**
 * A part of the site: its routes, which the app mounts in this list's order, and its part of the
 * owner's room API, which the room mounts behind its session check.
 */
export interface Feature {
  name: string;
  routes?(context: AppContext): Hono;
  room?(context: AppContext): RoomPart;
  /** What it does when the owner publishes (the room's publisher calls each feature's). */
  publish?(deps: PublishDeps): PublishHook;
  /** How its outbox jobs are sent (server/forwarding.ts gathers every feature's). */
  jobs?(context: FeatureJobContext): FeatureJobs;
  /** Its tables' migrations, run with every other feature's in name order (server/store.ts). */
  migrations?: Readonly<Record<string, Migration>>;
  /** Its paths that carry a token, and what of them the request log writes (server/http/request-log.ts). */
  tokenPaths?: readonly TokenPath[];
}

/**
 * The features in the order their routes are tried (docs/architecture.md, "The server by
 * feature"): the API's, then the room, then the paths the server answers itself, then the
 * pages, which answer every other GET. A new feature is one more entry here.
 */
export const features: readonly Feature[] = [
  {
    name: 'leads',
    migrations: leadsMigrations,
    tokenPaths: [referralsLogged],
    routes: leadRoutes,
    jobs: leadJobs,
    room: () => leadsRoomRouter,
  },
  {
    name: 'sales',
    migrations: salesMigrations,
    jobs: saleJobs,
    routes: (context) =>
      salesRoutes({
        ...context,
        experiments: {
          of: context.experimentOf,
          countClick: (click) => addExperimentCheckout(context.store, click),
          credits: (shown, day) => wasLiveOn(context.site.experiments.list, shown, day),
        },
        // The workshop holds the seats a checkout sells and fulfils what Stripe's events say;
        // the cohort fulfils those about its offers' checkouts.
        workshop: withCohortFulfilment(workshopSelling(context), context),
      }),
  },
  {
    name: 'workshop',
    migrations: workshopMigrations,
    // Its "You're in" page says so only for a paid checkout (its ?checkout=, Stripe's success_url).
    routes: (context) => provenPageRoutes(context, bookedPageProof(context.store)),
    room: (context) => (tools) =>
      workshopRoomRouter({
        ...tools,
        // Read at each call: a publish swaps the site's slices.
        published: () => publishedSessions(context.site.workshop),
        seatsEnforced: context.stripe !== null,
        jobsForAttendee: () => context.forwarding.jobsForAttendee(),
        buyersApart: context.plainHttp.buyersApart,
      }),
    jobs: (context) =>
      workshopJobs({ ...context, delivery: () => context.workshop()?.delivery ?? null }),
    publish: () => workshopPublishHook(),
  },
  {
    name: 'cohort',
    migrations: cohortMigrations,
    tokenPaths: cohortTokenPaths,
    // Applications take the lead forms' one path (server/http/lead-form.ts) with the app's one
    // rate-limit budget and the leads' proof of work: the cohort imports no leads, which erase
    // its applications with theirs.
    routes: (context) =>
      new Hono()
        .route(
          '/',
          cohortRoutes({
            ...context,
            rateLimiter: context.leadRateLimiter,
            proofOfWork: createProofOfWork(context.store, context.proofOfWorkKey),
          }),
        )
        // The offer page says "You're in" only for a paid offer's checkout (its ?checkout=).
        .route('/', provenPageRoutes(context, offerPageProof(context.store))),
    // The answers are read under the questions served now: a publish swaps the site's slices.
    room: (context) => (tools) =>
      cohortRoomRouter({
        ...tools,
        questions: () => applicationQuestionsOf(context.site.cohort),
        // A move reads the offer and seats served at its moment, and queues the jobs on.
        cohort: () => context.site.cohort,
        jobs: () => context.forwarding.jobsForCohort(),
        expire: context.stripe ? context.stripe.expire.bind(context.stripe) : null,
      }),
    // The offers' links are the cohort's site's, signed with the app's secret, as the link's route
    // reads them.
    jobs: ({ links, ...context }) =>
      cohortJobs({
        ...context,
        offerLinks: links && {
          origin: links.origins['sellable-business'],
          serverSecret: links.serverSecret,
        },
      }),
  },
  {
    name: 'funnel',
    room: () => funnelRoomRouter,
    jobs: (context) =>
      funnelJobs(context, (store, now) =>
        experimentsCommand.run({ store, experiments: context.experiments(), now }, {}),
      ),
  },
  {
    name: 'experiments',
    migrations: experimentsMigrations,
    room: (context) => (tools) =>
      experimentsRouter({ ...tools, served: servedExperiments(context.site, context.hosts) }),
  },
  {
    name: 'writing',
    migrations: writingMigrations,
    publish: ({ store, env, kit }) => newsletterHook({ store, origin: env.SITE_URL, kit }),
    jobs: writingJobs,
    routes: feedRoutes,
    room: (context) => (tools) =>
      postsRoomRouter({
        ...tools,
        writing: {
          served: () => context.site.writing,
          kit: context.forwarding.makesBroadcasts,
        },
      }),
  },
  // An /api/ path no feature answered: JSON, not the 404 page.
  {
    name: 'unknown API paths',
    routes: () => new Hono().all('/api/*', (c) => c.json({ error: 'Not found' }, 404)),
  },
  {
    name: 'room',
    migrations: roomMigrations,
    routes: (context) =>
      roomRoutes(
        context,
        features.flatMap((feature) => (feature.room ? [feature.room(context)] : [])),
      ),
  },
  { name: 'search files', routes: searchRoutes },
  {
    name: 'pages',
    routes: pageRoutes,
    publish: ({ calendar, renderBundle }) => calendarHook(calendar, renderBundle),
  },
];

/**
 * The sales' one fulfilment, by whose Checkout Session an event is about
 * (docs/decisions/033-cohort-applications.md): an offer's (its metadata names it) is the cohort's,
 * any other the workshop's; a refund or a dispute goes to both, each finding its own payment. So
 * the sales import nothing of either.
 */
function withCohortFulfilment<Selling extends { fulfil: Fulfil }>(
  selling: Selling,
  context: AppContext,
): Selling {
  const workshop = selling.fulfil;
  const cohort = cohortFulfilment({
    jobs: () => context.forwarding.jobsForCohort(),
    logger: context.logger,
  });
  const fulfil: Fulfil = async (trx, facts, now) => {
    if (facts.kind === 'refund' || facts.kind === 'dispute') {
      return [...(await workshop(trx, facts, now)), ...(await cohort(trx, facts, now))];
    }
    const { metadata } = facts.kind === 'checkout' ? facts.checkout : facts.expired;
    return (metadata[offerMetadataKey] ? cohort : workshop)(trx, facts, now);
  };
  return { ...selling, fulfil };
}

/** Every feature's outbox jobs. */
export const featureJobs = (context: FeatureJobContext): FeatureJobs[] =>
  features.flatMap((feature) => (feature.jobs ? [feature.jobs(context)] : []));

/** Every feature's publish hook, in the list's order: the pages' calendar follows a publish first. */
export const publishHooks = (deps: PublishDeps): PublishHook[] =>
  features.flatMap((feature) => (feature.publish ? [feature.publish(deps)] : []));
