import { Hono } from 'hono';
import { secondBonusFileName } from '../../contracts/downloads';
import type { AppContext } from '../app-context';
import { contactRouter } from './contact';
import { kitWebhookRouter } from './kit-webhook';
import { createProofOfWork, proofOfWorkRouter } from './proof-of-work';
import { createLeadRateLimiter } from './rate-limit';
import { referralsRouter } from './referrals';
import { subscriptionsRouter } from './subscriptions';
import { waitlistRouter } from './waitlist';

/**
 * The leads' API (decision 007): the forms' posts, the proof of work they carry, the waitlist's
 * counter, the share links' bonus and Kit's signed webhook (decision 021).
 */
export function leadRoutes(context: AppContext): Hono {
  const { env, logger, store, site, proofOfWorkKey } = context;
  const proofOfWork = createProofOfWork(store, proofOfWorkKey);
  const leadApi = {
    ...context,
    proofOfWork,
    // One budget per client across every form: a bot gains nothing by switching endpoints.
    rateLimiter: createLeadRateLimiter(env, store),
  };
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
  return app;
}
