import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiError } from '../../../contracts/api-error';
import type { Store } from '../../db/store';
import type { Env } from '../../env';
import { BodyReadError, readBodyBytes } from '../../http/read-body';
import type { Logger } from '../../logger';
import { kitSignatureHeader, verifyKitSignature } from '../../providers/kit-signature';
import { isKitEventType, type KitEvent, recordKitEvents } from './kit-events';

/**
 * A delivery holds at most 100 events and Kit splits batches at about 512 KB; a single larger
 * event would still come alone, but a subscriber event is a few hundred bytes.
 */
export const maxKitDeliveryBytes = 1024 * 1024;

/** Kit's delivery envelope (https://developers.kit.com/webhooks/delivery-format). */
const envelopeSchema = z.object({
  delivery_id: z.union([z.number(), z.string().max(64)]).optional(),
  events: z
    .array(
      z.object({
        id: z.guid(),
        type: z.string().max(100),
        created: z.iso.datetime({ offset: true }),
        data: z.unknown(),
      }),
    )
    .min(1)
    .max(100),
});

/** The part of a subscriber event we read: the address (Kit's v4 subscriber object). */
const subscriberDataSchema = z.object({
  subscriber: z.object({
    email_address: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email())
      .transform((email) => email.toLowerCase()),
  }),
});

/**
 * POST /api/kit/webhook: Kit's signed deliveries (decision 021). The signature
 * is checked on the raw bytes before anything is parsed; then each subscriber event is recorded
 * once by its UUID and applied to the sign-ups of its address. Not a form: no same-origin check
 * or form rate limit (the signature is the gate). Without KIT_WEBHOOK_SECRET it is not mounted.
 *
 * Answers: 200 once recorded (a duplicate, an unknown event type or an address nobody signed up
 * with is acknowledged too, so Kit stops retrying); 401 for a bad or stale signature, 400 for a
 * body that is not Kit's envelope, 413 past the size limit. Kit retries everything but a 2xx.
 */
export function kitWebhookRouter({
  env,
  logger,
  store,
  secret,
  now = () => new Date(),
}: {
  env: Pick<Env, 'BODY_TIMEOUT_SECONDS'>;
  logger: Logger;
  store: Store;
  secret: string;
  now?: () => Date;
}) {
  const refuse = (status: 400 | 401 | 408 | 413, error: string) =>
    Response.json({ error } satisfies ApiError, { status });
  return new Hono().post('/', async (c) => {
    // An unsigned post is turned away before its body is read.
    if (!c.req.header(kitSignatureHeader)) {
      logger.warn({ reason: 'missing' }, 'kit webhook signature refused');
      return refuse(401, 'Signature refused.');
    }
    let body: Uint8Array;
    try {
      body = await readBodyBytes(c.req.raw, {
        maxBytes: maxKitDeliveryBytes,
        deadlineMs: env.BODY_TIMEOUT_SECONDS * 1000,
      });
    } catch (error) {
      if (!(error instanceof BodyReadError)) throw error;
      logger.warn({ reason: error.reason }, 'kit webhook body refused');
      const refused = refuse(error.status, error.message);
      // A trickling sender does not get to keep the connection for another try.
      if (error.reason === 'too-slow') refused.headers.set('Connection', 'close');
      return refused;
    }
    const verdict = verifyKitSignature({
      header: c.req.header(kitSignatureHeader),
      body,
      secret,
      now: now(),
    });
    if (!verdict.ok) {
      logger.warn({ reason: verdict.reason }, 'kit webhook signature refused');
      return refuse(401, 'Signature refused.');
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
    } catch {
      logger.warn({ reason: 'not-json' }, 'kit webhook envelope refused');
      return refuse(400, 'Not a JSON envelope.');
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      logger.warn({ reason: 'not-envelope' }, 'kit webhook envelope refused');
      return refuse(400, 'Not a Kit delivery envelope.');
    }
    const events: KitEvent[] = [];
    let ignored = 0;
    let unreadable = 0;
    for (const event of envelope.data.events) {
      // Types we did not subscribe to are acknowledged and stored nowhere.
      if (!isKitEventType(event.type)) {
        ignored += 1;
        continue;
      }
      const data = subscriberDataSchema.safeParse(event.data);
      if (!data.success) unreadable += 1;
      events.push({
        id: event.id.toLowerCase(),
        type: event.type,
        occurredAt: new Date(event.created).toISOString(),
        email: data.success ? data.data.subscriber.email_address : null,
      });
    }
    const result = await recordKitEvents(store, events);
    logger.info(
      {
        delivery: typeof envelope.data.delivery_id === 'number' ? envelope.data.delivery_id : null,
        type: envelope.data.events[0]?.type.slice(0, 100),
        ...result,
        ignored,
        unreadable,
      },
      'kit webhook recorded',
    );
    return c.json({ ...result, ignored });
  });
}
