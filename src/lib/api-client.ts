import type { z } from 'zod';
import { apiErrorSchema } from '../../contracts/api-error';

/** The internal message when the server gave none (product brief §8). Never shown to visitors. */
export const fallbackApiError = 'Failed to submit form';

/** The internal message for a success whose body is not what the contract says. */
export const malformedAnswerError = 'Malformed answer from the server';

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: string; fields?: Record<string, string> };

export interface ApiOptions {
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * The one client for our JSON API: every answer is read with its schema from contracts/. Never
 * throws: a network failure, an error status or an answer that does not match the schema (not
 * JSON, a wrong shape) becomes `{ ok: false }`, with the server's `error` (and `fields`) when it
 * sent an ApiError.
 */
export function getJson<Answer extends z.ZodType>(
  path: string,
  answer: Answer,
  options: ApiOptions = {},
): Promise<ApiResult<z.output<Answer>>> {
  return request(path, answer, { method: 'GET' }, options);
}

/** Posts `body` as JSON; the answer is read as getJson reads it. */
export function postJson<Answer extends z.ZodType>(
  path: string,
  body: unknown,
  answer: Answer,
  options: ApiOptions = {},
): Promise<ApiResult<z.output<Answer>>> {
  return sendJson('POST', path, body, answer, options);
}

/** Puts `body` as JSON (what replaces a resource's state, such as a session's links). */
export function putJson<Answer extends z.ZodType>(
  path: string,
  body: unknown,
  answer: Answer,
  options: ApiOptions = {},
): Promise<ApiResult<z.output<Answer>>> {
  return sendJson('PUT', path, body, answer, options);
}

function sendJson<Answer extends z.ZodType>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  answer: Answer,
  options: ApiOptions,
): Promise<ApiResult<z.output<Answer>>> {
  return request(
    path,
    answer,
    { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    options,
  );
}

async function request<Answer extends z.ZodType>(
  path: string,
  answer: Answer,
  init: RequestInit,
  { fetchImpl = fetch, signal }: ApiOptions,
): Promise<ApiResult<z.output<Answer>>> {
  let response: Response;
  let json: unknown;
  try {
    response = await fetchImpl(path, {
      ...init,
      headers: { ...init.headers, Accept: 'application/json' },
      signal,
    });
    json = await response.json().catch(() => undefined);
  } catch {
    return { ok: false, status: 0, error: fallbackApiError };
  }
  if (response.ok) {
    const parsed = answer.safeParse(json);
    return parsed.success
      ? { ok: true, status: response.status, data: parsed.data }
      : { ok: false, status: response.status, error: malformedAnswerError };
  }
  const parsed = apiErrorSchema.safeParse(json);
  if (!parsed.success) return { ok: false, status: response.status, error: fallbackApiError };
  return { ok: false, status: response.status, ...parsed.data };
}
