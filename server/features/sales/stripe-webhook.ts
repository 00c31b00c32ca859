import { Hono } from 'hono';
import Stripe from 'stripe';
import type { Store } from '../../db/store';
import { BodyReadError, readBodyText } from '../../http/read-body';
import type { Logger } from '../../logger';
import { type Fulfil, type JobsForSale, recordStripeEvent } from './store';
import { type ReadReference, readSaleEvent, StripeEventShapeError } from './stripe-events';

/**
 * POST /api/stripe/webhook (decision 020): Stripe's events about the workshop's checkouts, mounted
 * only when STRIPE_WEBHOOK_SECRET is set (else the path is an unknown one, 404). Stripe posts
 * from its servers, not from a page, so the forms' same-origin check does not apply; its
 * signature, checked over the raw bytes by the official library within its five-minute
 * tolerance, is what proves the sender. The answers follow what Stripe retries: 2xx for an
 * event taken (or seen before, or of a type we do not record), 400 for one that is not Stripe's,
 * 5xx when storing failed, so that Stripe sends it again.
 */

/** Stripe's events are a few kilobytes; a checkout session with every field stays far below. */
export const maxWebhookBodyBytes = 512 * 1024;

export interface StripeWebhookDeps {
  store: Store;
  logger: Logger;
  secret: string;
  bodyTimeoutMs: number;
  jobsForSale: JobsForSale;
  /** What a session's reference says of its click (stripe-events.ts). */
  readReference: ReadReference;
  /** Told when a sale queued outbox jobs (the worker's wake()). */
  onJobsQueued?: () => void;
  /** The app's fulfilment of a payment, an expiry or a refund (store.ts `Fulfil`). */
  fulfil?: Fulfil;
}

export function stripeWebhookRouter({
  store,
  logger,
  secret,
  bodyTimeoutMs,
  jobsForSale,
  readReference,
  onJobsQueued = () => {},
  fulfil,
}: StripeWebhookDeps) {
  const router = new Hono();
  router.post('/', async (c) => {
    const signature = c.req.header('stripe-signature');
    if (!signature) return c.json({ error: 'Missing Stripe-Signature.' }, 400);
    let payload: string;
    try {
      payload = await readBodyText(c.req.raw, {
        maxBytes: maxWebhookBodyBytes,
        deadlineMs: bodyTimeoutMs,
      });
    } catch (error) {
      if (!(error instanceof BodyReadError)) throw error;
      logger.warn({ reason: error.reason }, 'stripe webhook body refused');
      if (error.reason === 'too-slow') c.header('Connection', 'close');
      return c.json({ error: error.message }, error.status);
    }

    let verified: unknown;
    try {
      verified = Stripe.webhooks.constructEvent(payload, signature, secret);
    } catch (error) {
      // A wrong secret, a body changed after signing, a replay past the tolerance, bad JSON.
      const reason = error instanceof Error ? error.message.split('\n')[0] : 'invalid';
      logger.warn({ reason }, 'stripe webhook signature refused');
      return c.json({ error: 'Invalid signature.' }, 400);
    }

    let parsed: ReturnType<typeof readSaleEvent>;
    try {
      parsed = readSaleEvent(payload, verified, readReference);
    } catch (error) {
      if (!(error instanceof StripeEventShapeError)) throw error;
      // Signed by Stripe yet not the shape we record: refuse, so Stripe retries after a fix.
      logger.error({ problem: error.message }, 'stripe event not understood');
      return c.json({ error: 'Event not understood.' }, 400);
    }
    if (parsed.kind === 'ignored') {
      logger.info({ event: parsed.id, type: parsed.type }, 'stripe event ignored');
      return c.json({ received: true });
    }

    const { event } = parsed;
    const outcome = await recordStripeEvent(store, event, jobsForSale, { fulfil });
    logger.info(
      {
        event: event.id,
        type: event.type,
        outcome: outcome.kind,
        ...(outcome.kind === 'recorded' ? { sale: outcome.saleId, queued: outcome.queued } : {}),
      },
      'stripe event',
    );
    if (outcome.kind === 'recorded' && outcome.queued.length > 0) onJobsQueued();
    return c.json({ received: true });
  });
  return router;
}
