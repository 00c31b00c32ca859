import { resolve } from 'node:path';
import { Hono } from 'hono';
import { checkoutPath, pageCheckoutPath } from '../contracts/checkout';
import { type DocumentId, liveOn, variantId } from '../contracts/content/experiments';
import { secondBonusFileName } from '../contracts/downloads';
import {
  type PageId,
  redirectFor,
  resolveRoute,
  routeMoments,
  siteForHost,
} from '../contracts/routes';
import { isShareImageOfUnopened } from '../contracts/share-images';
import { siteOrigins } from '../contracts/sites';
import { changesOf, latestBy } from '../contracts/writing';
import { contactRouter } from './api/contact';
import { healthRouter } from './api/health';
import { kitWebhookRouter } from './api/kit-webhook';
import { createProofOfWork, proofOfWorkRouter } from './api/proof-of-work';
import { createLeadRateLimiter } from './api/rate-limit';
import { referralsRouter } from './api/referrals';
import { pageOrigins } from './api/same-origin';
import { subscriptionsRouter } from './api/subscriptions';
import { waitlistRouter } from './api/waitlist';
import { buildPaths } from './build-paths';
import type { Store } from './db/store';
import { type Env, namedHosts } from './env';
import {
  addExperimentCheckout,
  type Exposures,
  experimentAttribution,
  experimentFor,
  wasLiveOn,
} from './features/experiments';
import { checkoutRedirect, checkoutReferences, stripeWebhookRouter } from './features/sales';
import { type FeedSource, feedFiles, writingFeeds } from './feeds';
import { forwardedClient } from './forwarded';
import type { Logger } from './logger';
import type { Forwarding } from './outbox/forwarding';
import type { Publisher } from './owner/publish/publisher';
import { isRoomHost, ownerRouter } from './owner/router';
import { workingCopyOnFirstUse } from './owner/working-copy';
import type { PageViewCounter } from './page-views/counter';
import { plainHttpWatch } from './plain-http-watch';
import { searchFilePaths, searchFiles } from './search-files';
import { inlineScriptSources, securityHeaders } from './security-headers';
import { sendFile } from './send-file';
import type { Site } from './site';
import { siteHosts } from './site-hosts';

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
  /** The owner's publishing (server/owner/publish/); none in development. */
  publisher?: Publisher | null;
  /** The owner's working copy, shared with the publisher; by default made on first use. */
  workingCopy?: () => Promise<string>;
}

/** The whole Request -> Response app: the JSON API and the prerendered pages of every host. */
export function createApp({
  env,
  logger,
  site,
  store,
  forwarding,
  ipHashKey,
  proofOfWorkKey,
  onLeadStored = () => {},
  pageViews,
  exposures,
  publisher = null,
  workingCopy = workingCopyOnFirstUse(env.DATA_DIR, resolve(buildPaths.root, 'content')),
}: AppDeps) {
  const hosts = namedHosts(env);
  const app = new Hono();

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  const clientOf = forwardedClient(env.TRUST_PROXY);
  const healthPath = '/api/health';
  const plainHttp = plainHttpWatch(env, logger, clientOf, healthPath);
  app.use(plainHttp.middleware);
  app.use(
    securityHeaders(
      env,
      clientOf,
      inlineScriptSources(
        [...site.pages.values()].map((page) => page.body),
        site.composedScript ? [site.composedScript] : [],
      ),
    ),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  const originsOf = pageOrigins(env.SITE_URL, clientOf);
  const proofOfWork = createProofOfWork(store, proofOfWorkKey);
  const references = checkoutReferences(ipHashKey);
  const leadApi = {
    env,
    logger,
    store,
    forwarding,
    clientOf,
    originsOf,
    ipHashKey,
    proofOfWork,
    siteHosts: siteHosts(env),
    onLeadStored,
    experimentOf: experimentAttribution(site, pageViews, hosts),
    // One budget per client across every form: a bot gains nothing by switching endpoints.
    rateLimiter: createLeadRateLimiter(env, store),
  };
  app.route(healthPath, healthRouter(plainHttp.warnings));
  app.route('/api/proof-of-work', proofOfWorkRouter(proofOfWork));
  app.route('/api/contact-submissions', contactRouter(leadApi));
  app.route('/api/subscriptions', subscriptionsRouter(leadApi));
  app.route('/api/waitlist', waitlistRouter({ env, store }));
  app.route(
    '/api/referrals',
    referralsRouter({
      store,
      share: () => ({
        bonus: site.privateFiles.get(`/${secondBonusFileName}`),
        goal: site.friendsGoal,
      }),
    }),
  );
  // Kit's signed webhook deliveries (decision 021); without their secret, an unknown path (404).
  if (env.KIT_WEBHOOK_SECRET) {
    app.route(
      '/api/kit/webhook',
      kitWebhookRouter({ env, logger, store, secret: env.KIT_WEBHOOK_SECRET }),
    );
  }
  // Stripe's events (decision 020): only with a signing secret; without one, an unknown path.
  if (env.STRIPE_WEBHOOK_SECRET) {
    app.route(
      '/api/stripe/webhook',
      stripeWebhookRouter({
        store,
        logger,
        secret: env.STRIPE_WEBHOOK_SECRET,
        bodyTimeoutMs: env.BODY_TIMEOUT_SECONDS * 1000,
        jobsForSale: forwarding.jobsForSale,
        readReference: (reference) => {
          const click = references.read(reference);
          if (!click?.experiment || wasLiveOn(site.experiments ?? [], click.experiment, click.day))
            return click;
          const { experiment: _notLive, ...counted } = click;
          return counted;
        },
        onJobsQueued: onLeadStored,
      }),
    );
  }
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  // The owner's room, on the main site's own host; elsewhere /owner is an unknown path (404).
  const room = ownerRouter({
    env,
    logger,
    store,
    clientOf,
    room: site.room ?? null,
    // The owner edits a working copy of the repository's content/, made at first use.
    editor: {
      page: site.editor ?? null,
      workingCopy,
    },
    publisher,
    writing: { served: () => site.writing, kit: forwarding.makesBroadcasts },
    experiments: {
      list: () => site.experiments ?? [],
      variantPage: (experiment, variant) =>
        site.pages.get(
          variant === 'control'
            ? (experiment.page as PageId)
            : variantId(experiment.page as PageId, experiment.name, variant),
        ),
      testable: () => site.testable ?? [],
      pageAt: (host, path) => {
        const route = resolveRoute(host, path, hosts, site.ownerRoutes);
        return route.status === 200 ? route.page : null;
      },
    },
  });
  app.all('/owner/*', (c, next) =>
    isRoomHost(env.SITE_URL, c.req.url) ? room.fetch(c.req.raw, c.env) : next(),
  );

  // Each host's own robots.txt and sitemap.xml, before anything the route table would answer;
  // made again when a publish changes the owner's pages, or a post or an update dated ahead comes
  // out (the latest of the table's moments passed is then another).
  const origins = siteOrigins(env.SITE_URL, hosts);
  const searchOf = (now: number) => {
    const moments = routeMoments(site.ownerRoutes ?? []);
    return {
      for: site.ownerRoutes,
      moments,
      passed: latestBy(moments, now),
      files: searchFiles(origins, site.ownerRoutes, now),
    };
  };
  let search = searchOf(Date.now());
  for (const path of searchFilePaths) {
    app.on(['GET', 'HEAD'], path, (c) => {
      const now = Date.now();
      if (search.for !== site.ownerRoutes || search.passed !== latestBy(search.moments, now)) {
        search = searchOf(now);
      }
      return sendFile(c, search.files[siteForHost(c.req.header('host'), hosts)][path]);
    });
  }

  // The writing's feeds on the main site (docs/decisions/028-writing.md), made again when a
  // publish changes the writing, or a post or an update dated ahead comes out.
  let feeds:
    | { for: FeedSource; changed?: string; files: ReturnType<typeof writingFeeds> }
    | undefined;
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const { writing } = site;
    const file = feedFiles.find((name) => c.req.path === `${writing?.path}/${name}`);
    if (!writing || !file || siteForHost(c.req.header('host'), hosts) !== 'main') return next();
    const now = Date.now();
    const changed = latestBy(Object.values(writing.posts).flatMap(changesOf), now);
    if (feeds?.for !== writing || feeds.changed !== changed) {
      feeds = { for: writing, changed, files: writingFeeds(writing, origins.main, now) };
    }
    return sendFile(c, feeds.files[file]);
  });

  // Checkout links (decision 020): counted, then on to Stripe with our reference.
  const checkoutDeps = {
    store,
    logger,
    siteHosts: leadApi.siteHosts,
    hosts,
    clientOf,
    originsOf,
    references,
    // A counted click spends from the page views' budget of its address.
    admit: (address: string) => pageViews?.admit(address) ?? true,
    ownerRoutes: () => site.ownerRoutes,
    experiment: {
      of: leadApi.experimentOf,
      countClick: (click: Parameters<typeof addExperimentCheckout>[1]) =>
        addExperimentCheckout(store, click),
    },
  };
  app.get(
    checkoutPath,
    checkoutRedirect({ ...checkoutDeps, sessionsOf: () => site.workshopSessions ?? [] }),
  );
  app.get(
    pageCheckoutPath(':slug'),
    checkoutRedirect({
      ...checkoutDeps,
      sessionsOf: (c) => site.pageCheckouts?.get(c.req.param('slug') ?? ''),
    }),
  );

  // Built public files first (assets, favicon, downloads; not the share image of a post dated
  // ahead, which is drawn ahead with its title), then the owner's redirects, then the route table.
  app.on(['GET', 'HEAD'], '*', (c) => {
    const file = site.files.get(c.req.path);
    if (file && !isShareImageOfUnopened(c.req.path, site.ownerRoutes ?? [], Date.now())) {
      return sendFile(c, file);
    }
    const host = c.req.header('host');
    const search = new URL(c.req.url).search;
    const redirect = redirectFor(
      site.redirects ?? [],
      siteForHost(host, hosts),
      c.req.path,
      search,
    );
    if (redirect) {
      // Not cached for long: a redirect the owner removes stops within the hour.
      c.header('Cache-Control', redirect.status === 301 ? 'public, max-age=3600' : 'no-store');
      return c.redirect(redirect.location, redirect.status);
    }
    const route = resolveRoute(host, c.req.path, hosts, site.ownerRoutes);
    // The page request itself is the view: no beacon, works without JavaScript (decision 013).
    const visitor =
      route.status === 200 ? (pageViews?.record(c.req.raw, clientOf(c).address) ?? null) : null;
    const now = Date.now();
    const experiment = route.status === 200 && liveOn(site.experiments ?? [], route.page, now);
    // Chosen on the server, without a cookie (decision 027); a request that was not counted
    // (a bot, a prefetch, an address past its budget) gets the page as it is.
    const shown = visitor && experimentFor(site.experiments ?? [], route.page, visitor.key, now);
    if (visitor && shown) exposures?.expose(visitor, shown);
    const document: DocumentId =
      shown && shown.variant !== 'control'
        ? variantId(route.page, shown.name, shown.variant)
        : route.page;
    const page = site.pages.get(document);
    if (!page) throw new Error(`Page ${document} missing from the build`);
    // No shared cache may keep one visitor's variant for everyone.
    return sendFile(c, page, route.status, experiment ? 'private, no-cache' : undefined);
  });

  app.notFound((c) => c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' }));
  app.onError((error, c) => {
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.req.path.startsWith('/api/')
      ? c.json({ error: 'Something went wrong. Please try again.' }, 500)
      : c.text('Internal Server Error', 500);
  });

  return app;
}
