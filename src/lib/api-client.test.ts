import { describe, expect, it } from 'vitest';
import { fallbackApiError, postJson } from './api-client';

const answer = (status: number, body: unknown) => async () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('postJson', () => {
  it('sends JSON and returns the answer on success', async () => {
    let sent: RequestInit | undefined;
    const result = await postJson('/api/x', { email: 'a@b.co' }, async (_url, init) => {
      sent = init;
      return new Response('{"id":"1"}', { status: 201 });
    });
    expect(result).toEqual({ ok: true, status: 201, data: { id: '1' } });
    expect(sent?.body).toBe('{"email":"a@b.co"}');
    expect(new Headers(sent?.headers).get('content-type')).toBe('application/json');
  });

  it("uses the server's error and field messages", async () => {
    const result = await postJson(
      '/api/x',
      {},
      answer(400, { error: 'Invalid', fields: { email: 'Bad email' } }),
    );
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: 'Invalid',
      fields: { email: 'Bad email' },
    });
  });

  it('falls back when the answer is unreadable or the request fails', async () => {
    expect(await postJson('/api/x', {}, answer(502, '<html>'))).toEqual({
      ok: false,
      status: 502,
      error: fallbackApiError,
    });
    const offline = await postJson('/api/x', {}, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(offline).toEqual({ ok: false, status: 0, error: fallbackApiError });
  });
});
