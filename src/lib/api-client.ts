import { apiErrorSchema } from '../../contracts/api-error';

/** The internal message when the server gave none (spec §8). Never shown to visitors. */
export const fallbackApiError = 'Failed to submit form';

export type ApiResult =
  | { ok: true; status: number; data: unknown }
  | { ok: false; status: number; error: string; fields?: Record<string, string> };

/**
 * The one client for our JSON API. Never throws: a network failure or an unreadable answer
 * becomes `{ ok: false }` with the server's `error` field when it sent one.
 */
export async function postJson(
  path: string,
  body: unknown,
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: fallbackApiError };
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: json };
  const parsed = apiErrorSchema.safeParse(json);
  if (!parsed.success) return { ok: false, status: response.status, error: fallbackApiError };
  return { ok: false, status: response.status, ...parsed.data };
}
