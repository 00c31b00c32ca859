import { kitEventTypes } from '../db/kit-events';
import { kitTimeoutMs } from './kit';
import { ProviderError, providerErrorFor } from './provider-error';

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
  let response: Response;
  try {
    response = await fetch(new URL('/v4/webhook_endpoints', baseUrl), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Kit-Api-Key': apiKey,
      },
      body: JSON.stringify({ url, events: kitEventTypes, name }),
      // A redirect would carry the API key to wherever it points.
      redirect: 'error',
      signal: AbortSignal.timeout(kitTimeoutMs),
    });
  } catch (error) {
    throw new ProviderError(`Kit unreachable: ${error instanceof Error ? error.name : 'error'}`);
  }
  if (!response.ok) {
    // Kit's 422 names what it refused (a private URL, an unknown event): worth showing the owner.
    const detail = (await response.text().catch(() => ''))
      .slice(0, 300)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: it goes to the owner's terminal.
      .replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ');
    const error = providerErrorFor('Kit', response);
    throw new ProviderError(detail ? `${error.message}: ${detail}` : error.message);
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const endpoint = (answer?.webhook_endpoint ?? answer) as Record<string, unknown> | null;
  const secret = endpoint?.secret;
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new ProviderError('Kit made the endpoint but its answer carried no signing secret');
  }
  return { id: String(endpoint?.id ?? '?'), secret };
}
