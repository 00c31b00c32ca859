import { describe, expect, it } from 'vitest';
import { subscriptionAnswerSchema } from '../../contracts/subscription';
import { waitlistRemainingSchema } from '../../contracts/waitlist';
import { fallbackApiError, getJson, malformedAnswerError, postJson } from './api-client';

const answer =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('postJson', () => {
  it('sends JSON and returns the answer, read with its schema', async () => {
    let sent: RequestInit | undefined;
    const result = await postJson('/api/x', { email: 'a@b.co' }, subscriptionAnswerSchema, {
      fetchImpl: async (_url, init) => {
        sent = init;
        return new Response('{"id":"1","referralCode":"abcDEF123_-z","extra":true}', {
          status: 201,
        });
      },
    });
    // Keys the contract does not know are dropped.
    expect(result).toEqual({
      ok: true,
      status: 201,
      data: { id: '1', referralCode: 'abcDEF123_-z' },
    });
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toBe('{"email":"a@b.co"}');
    expect(new Headers(sent?.headers).get('content-type')).toBe('application/json');
    expect(new Headers(sent?.headers).get('accept')).toBe('application/json');
  });

  it("uses the server's error and field messages", async () => {
    const result = await postJson('/api/x', {}, subscriptionAnswerSchema, {
      fetchImpl: answer(400, { error: 'Invalid', fields: { email: 'Bad email' } }),
    });
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: 'Invalid',
      fields: { email: 'Bad email' },
    });
  });

  it('falls back when an error answer is unreadable or the request fails', async () => {
    expect(
      await postJson('/api/x', {}, subscriptionAnswerSchema, { fetchImpl: answer(502, '<html>') }),
    ).toEqual({ ok: false, status: 502, error: fallbackApiError });
    const offline = await postJson('/api/x', {}, subscriptionAnswerSchema, {
      fetchImpl: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(offline).toEqual({ ok: false, status: 0, error: fallbackApiError });
  });
});

describe('getJson', () => {
  const remaining = (fetchImpl: typeof fetch) =>
    getJson('/api/waitlist/remaining', waitlistRemainingSchema, { fetchImpl });

  it('returns a valid answer, typed by its schema', async () => {
    let sent: RequestInit | undefined;
    const result = await remaining(async (_url, init) => {
      sent = init;
      return new Response('{"remaining":12,"capacity":500}');
    });
    expect(result).toEqual({ ok: true, status: 200, data: { remaining: 12, capacity: 500 } });
    if (result.ok) expect(result.data.remaining + 1).toBe(13);
    expect(sent?.method).toBe('GET');
    expect(sent?.body).toBeUndefined();
  });

  it('makes a malformed answer an error, never a cast', async () => {
    for (const body of [
      { remaining: '12', capacity: 500 },
      { remaining: -1, capacity: 500 },
      { capacity: 500 },
      [12],
      null,
    ]) {
      expect(await remaining(answer(200, body))).toEqual({
        ok: false,
        status: 200,
        error: malformedAnswerError,
      });
    }
  });

  it('makes a success that is not JSON an error', async () => {
    for (const body of ['<!doctype html><p>Hello', '', '{"remaining":']) {
      expect(await remaining(answer(200, body))).toEqual({
        ok: false,
        status: 200,
        error: malformedAnswerError,
      });
    }
  });

  it("passes on the server's ApiError", async () => {
    expect(
      await remaining(answer(404, { error: 'The spaces counter is not in live mode.' })),
    ).toEqual({ ok: false, status: 404, error: 'The spaces counter is not in live mode.' });
  });

  it('gives up with the caller’s signal', async () => {
    const result = await getJson('/api/x', waitlistRemainingSchema, {
      signal: AbortSignal.abort(),
      fetchImpl: async (_url, init) => {
        init?.signal?.throwIfAborted();
        return new Response('{"remaining":1,"capacity":1}');
      },
    });
    expect(result).toEqual({ ok: false, status: 0, error: fallbackApiError });
  });
});
