import { ProviderError, providerErrorFor } from './provider-error';

export interface KitSubscription {
  email: string;
  firstName: string | null;
  formId: string;
  /** The landing URL with its UTM parameters: Kit stores them on the subscriber. */
  referrer: string;
}

/** The email provider, as the outbox sees it. */
export interface Kit {
  subscribe(subscription: KitSubscription): Promise<void>;
}

export interface KitOptions {
  apiKey: string;
  /** https://api.kit.com, or a local fake in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * Kit API v4 (docs/product.md, "Providers: Kit"): create or update the subscriber, then add
 * them to the list's form (which sends Kit's confirmation email when the form is double
 * opt-in). Both calls are safe to repeat, so a retry after a half-done attempt does no harm.
 */
/** Each Kit call's time-out: both of a subscribe fit well inside the outbox job's lease. */
export const kitTimeoutMs = 10_000;

export function createKit({ apiKey, baseUrl, timeoutMs = kitTimeoutMs }: KitOptions): Kit {
  async function post(path: string, body: object): Promise<void> {
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Kit-Api-Key': apiKey,
        },
        body: JSON.stringify(body),
        // A redirect would carry the API key to wherever it points: refuse to follow one.
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Kit unreachable: ${error instanceof Error ? error.name : 'error'}`);
    }
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw providerErrorFor('Kit', response);
  }

  return {
    async subscribe({ email, firstName, formId, referrer }) {
      // Created inactive, so the form added next decides single or double opt-in and sends its
      // confirmation and incentive email; Kit's default (active) would skip both. Kit never
      // changes an existing subscriber's state through this call.
      await post('/v4/subscribers', {
        email_address: email,
        ...(firstName ? { first_name: firstName } : {}),
        state: 'inactive',
      });
      await post(`/v4/forms/${encodeURIComponent(formId)}/subscribers`, {
        email_address: email,
        referrer,
      });
    },
  };
}
