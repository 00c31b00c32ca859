import { Hono } from 'hono';
import { checkoutPath, pageCheckoutPath, workshopPageOn } from '../../../contracts/checkout';
import { siteForHost } from '../../../contracts/route-table';
import type { Env } from '../../env';
import type { PageViewCounter } from '../../page-views/counter';
import type { Site } from '../../site';
import { type CheckoutDeps, checkoutRedirect, type OwnCheckout } from './checkout-router';
import { checkoutReferences } from './reference';
import type { Fulfil, JobsForSale } from './store';
import { stripeWebhookRouter } from './stripe-webhook';

/**
 * What the sales' routes are made from: the app's context as far as sales read it, and the
 * experiments' part of a click and a sale, which the app hands over (server/feature-list.ts) so
 * that sales import nothing of the experiments, which count the sales.
 */
export type SalesContext = Pick<
  CheckoutDeps,
  'store' | 'logger' | 'siteHosts' | 'hosts' | 'clientOf' | 'originsOf'
> & {
  env: Pick<Env, 'STRIPE_WEBHOOK_SECRET' | 'BODY_TIMEOUT_SECONDS'>;
  site: Pick<Site, 'sales' | 'routes'>;
  forwarding: { jobsForSale: JobsForSale };
  pageViews?: Pick<PageViewCounter, 'admit'>;
  /** The server's secret the references are signed from (reference.ts). */
  ipHashKey: string;
  onLeadStored: () => void;
  experiments: NonNullable<CheckoutDeps['experiment']> & {
    /** Whether a sale's click may credit the experiment and variant its reference names. */
    credits(shown: { name: string; variant: string }, day: string): boolean;
  };
  /**
   * The workshop's part, which the app hands over likewise (docs/decisions/032-workshop-delivered.md):
   * its own Checkout Sessions when a Stripe key is set, and its fulfilment of Stripe's events.
   */
  workshop?: { checkout: OwnCheckout | null; fulfil: Fulfil };
};

/**
 * The sales' public routes (decision 020): Stripe's events, only with a signing secret (without
 * one, an unknown path), and the checkout links, counted, then on to Stripe with our reference.
 */
export function salesRoutes(context: SalesContext): Hono {
  const { env, store, logger, site, forwarding, pageViews, experiments, workshop } = context;
  const references = checkoutReferences(context.ipHashKey);
  const app = new Hono();
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
          if (!click?.experiment || experiments.credits(click.experiment, click.day)) return click;
          const { experiment: _notLive, ...counted } = click;
          return counted;
        },
        onJobsQueued: context.onLeadStored,
        fulfil: workshop?.fulfil,
      }),
    );
  }
  const checkoutDeps = {
    ...context,
    references,
    // A counted click spends from the page views' budget of its address.
    admit: (address: string) => pageViews?.admit(address) ?? true,
    ownerRoutes: () => site.routes.ownerRoutes,
    experiment: experiments,
    ownCheckout: workshop?.checkout,
  };
  app.get(
    checkoutPath,
    checkoutRedirect({
      ...checkoutDeps,
      sessionsOf: () => site.sales.workshopSessions,
      sellingPathOf: (c) => workshopPageOn(siteForHost(c.req.header('host'), context.hosts)),
    }),
  );
  app.get(
    pageCheckoutPath(':slug'),
    checkoutRedirect({
      ...checkoutDeps,
      sessionsOf: (c) => site.sales.pageCheckouts.get(c.req.param('slug') ?? ''),
      sellingPathOf: (c) => {
        const page = `pages/${c.req.param('slug') ?? ''}`;
        return site.routes.ownerRoutes.find((route) => route.page === page)?.path ?? '/';
      },
    }),
  );
  return app;
}
