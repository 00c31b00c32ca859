import { Hono } from 'hono';
import { secondBonusFileName } from '../../../contracts/downloads';
import type { Env } from '../../env';
import type { LeadRateLimiter } from '../../http/rate-limit';
import type { Site } from '../../site';
import { contactRouter, type LeadApiDeps } from './contact';
import { kitWebhookRouter } from './kit-webhook';
import { createProofOfWork, proofOfWorkRouter } from './proof-of-work';
import { referralsRouter } from './referrals';
import { subscriptionsRouter } from './subscriptions';
import { waitlistRouter } from './waitlist';

/** What the leads' routes are made from (the app's context, server/app-context.ts, is one). */
export interface LeadsContext extends Omit<LeadApiDeps, 'proofOfWork' | 'rateLimiter' | 'env'> {
  env: LeadApiDeps['env'] &
    Pick<Env, 'KIT_WEBHOOK_SECRET'> &
    Parameters<typeof waitlistRouter>[0]['env'] &
    Parameters<typeof kitWebhookRouter>[0]['env'];
  /** Signing key of the proof-of-work challenges, shared by every instance. */
  proofOfWorkKey: string;
  /** One budget per client across every form, the other features' too (server/app-context.ts). */
  leadRateLimiter: LeadRateLimiter;
  site: Pick<Site, 'privateFiles' | 'leads'>;
}

/**
 * The leads' API (decision 007): the forms' posts, the proof of work they carry, the waitlist's
 * counter, the share links' bonus and Kit's signed webhook (decision 021).
 */
export function leadRoutes(context: LeadsContext): Hono {
  const { env, logger, store, site, proofOfWorkKey } = context;
  const proofOfWork = createProofOfWork(store, proofOfWorkKey);
  const leadApi = { ...context, proofOfWork, rateLimiter: context.leadRateLimiter };
  const app = new Hono()
    .route('/api/proof-of-work', proofOfWorkRouter(proofOfWork))
    .route('/api/contact-submissions', contactRouter(leadApi))
    .route('/api/subscriptions', subscriptionsRouter(leadApi))
    .route('/api/waitlist', waitlistRouter({ env, store }))
    .route(
      '/api/referrals',
      referralsRouter({
        store,
        share: () => ({
          bonus: site.privateFiles.get(`/${secondBonusFileName}`),
          goal: site.leads.friendsGoal,
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
  return app;
}
