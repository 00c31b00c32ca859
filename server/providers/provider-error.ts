/**
 * How a provider call failed, as the outbox needs to know it: try again later (network errors,
 * 5xx), slow down (429, with the provider's Retry-After when it sends one), or stop trying because
 * the same request will never succeed (other 4xx).
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly permanent: boolean;
  readonly rateLimited: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    options: { permanent?: boolean; rateLimited?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.permanent = options.permanent ?? false;
    this.rateLimited = options.rateLimited ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Turns a non-2xx answer into a ProviderError. Bodies stay out: they can echo personal data. */
export function providerErrorFor(service: string, response: Response): ProviderError {
  const status = response.status;
  if (status === 429) {
    return new ProviderError(`${service} answered 429 (rate limited)`, {
      rateLimited: true,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
  }
  const temporary = status >= 500 || status === 408 || status === 409;
  return new ProviderError(`${service} answered ${status}`, { permanent: !temporary });
}

/** Retry-After as seconds or an HTTP date; Kit sends none, others may. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
