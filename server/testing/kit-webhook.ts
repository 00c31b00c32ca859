import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { kitSignature } from '../providers/kit-signature';
import { post } from './app';

export const testKitWebhookSecret = 'kit-webhook-test-secret-0123456789';

/** One event as Kit's envelope carries it (https://developers.kit.com/webhooks/delivery-format). */
export function kitEvent(
  type: string,
  email: string,
  created: string,
  id: string = randomUUID(),
): Record<string, unknown> {
  return {
    id,
    type,
    created,
    data: {
      subscriber: {
        id: 987654,
        first_name: 'Ada',
        email_address: email,
        state: type === 'subscriber.activated' ? 'active' : 'cancelled',
        created_at: created,
        fields: { company: 'Kit' },
      },
    },
  };
}

/**
 * POSTs a delivery to /api/kit/webhook signed as Kit signs it, locally (no network): `body` is an
 * envelope or raw text; `signedBody` signs other bytes than those sent (a body changed after
 * signing); `at` is the signature's time.
 */
export function deliverToKitWebhook(
  app: Hono,
  body: unknown,
  {
    secret = testKitWebhookSecret,
    at = new Date(),
    signedBody,
    headers = {},
  }: { secret?: string; at?: Date; signedBody?: string; headers?: Record<string, string> } = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = kitSignature(secret, signedBody ?? text, Math.floor(at.getTime() / 1000));
  return post(app, '/api/kit/webhook', text, {
    headers: {
      'Content-Type': 'application/json',
      'X-Kit-Signature': signature,
      'X-Kit-Delivery': '123456',
      ...headers,
    },
  });
}

/** An envelope of `events`, as Kit sends it. */
export const kitEnvelope = (events: readonly Record<string, unknown>[], deliveryId = 123456) => ({
  delivery_id: deliveryId,
  events,
});
