import { kitEventTypes } from '../features/leads';
import { callKit } from './kit';
import { ProviderError } from './provider-error';

export interface KitWebhookEndpoint {
  id: string;
  /** The signing secret: Kit returns it in plain text this once only. */
  secret: string;
}

/**
 * Makes Kit's webhook endpoint for this site (decision 021): `POST /v4/webhook_endpoints` with
 * `{url, events[], name}` (https://developers.kit.com/api-reference/webhooks/create-a-webhook-endpoint),
 * for the four subscriber events the server acts on. The answer's `secret` is read from the
 * endpoint object, or from the top level should Kit answer it unwrapped.
 */
export async function createKitWebhookEndpoint({
  apiKey,
  baseUrl,
  url,
  name = 'Founder site: confirmations',
}: {
  apiKey: string;
  baseUrl: string;
  url: string;
  name?: string;
}): Promise<KitWebhookEndpoint> {
  const answer = (await callKit(
    { apiKey, baseUrl },
    '/v4/webhook_endpoints',
    { url, events: kitEventTypes, name },
    { detail: true },
  )) as Record<string, unknown> | null;
  const endpoint = (answer?.webhook_endpoint ?? answer) as Record<string, unknown> | null;
  const secret = endpoint?.secret;
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new ProviderError('Kit made the endpoint but its answer carried no signing secret');
  }
  return { id: String(endpoint?.id ?? '?'), secret };
}
