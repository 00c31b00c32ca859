import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { forwardedClient } from './forwarded';

/** What the server believes about a request from `peer` carrying these headers. */
async function seen(trustProxy: string, peer: string, headers: Record<string, string> = {}) {
  const clientOf = forwardedClient(parseEnv({ TRUST_PROXY: trustProxy }).TRUST_PROXY);
  const app = new Hono().get('/', (c) => c.json(clientOf(c)));
  const response = await app.request(
    '/',
    { headers },
    { incoming: { socket: { remoteAddress: peer } } },
  );
  return response.json();
}

describe('forwarded client address and scheme', () => {
  const chain = { 'x-forwarded-for': '203.0.113.50, 10.0.0.2', 'x-forwarded-proto': 'https' };

  it('believes no header without TRUST_PROXY', async () => {
    expect(await seen('', '127.0.0.1', chain)).toEqual({
      address: '127.0.0.1',
      protocol: 'http',
      viaTrustedProxy: false,
    });
  });

  it('believes the headers only from an address on the list', async () => {
    expect(await seen('loopback', '127.0.0.1', chain)).toEqual({
      address: '10.0.0.2',
      protocol: 'https',
      viaTrustedProxy: true,
    });
    // The caller bypassed the proxy: its headers are its own invention.
    expect(await seen('loopback', '198.51.100.7', chain)).toEqual({
      address: '198.51.100.7',
      protocol: 'http',
      viaTrustedProxy: false,
    });
  });

  it('walks past every trusted proxy, and stops at the first untrusted address', async () => {
    expect(await seen('loopback, 10.0.0.0/8', '127.0.0.1', chain)).toMatchObject({
      address: '203.0.113.50',
    });
    // A forged entry left of the client's real address is never reached.
    const forged = { 'x-forwarded-for': '1.2.3.4, 203.0.113.50, 10.0.0.2' };
    expect(await seen('loopback, 10.0.0.0/8', '127.0.0.1', forged)).toMatchObject({
      address: '203.0.113.50',
    });
  });

  it('takes a hop count as that many proxies in front', async () => {
    expect(await seen('1', '192.0.2.1', chain)).toMatchObject({ address: '10.0.0.2' });
    expect(await seen('2', '192.0.2.1', chain)).toMatchObject({ address: '203.0.113.50' });
  });

  it('reads the scheme the outermost trusted proxy wrote', async () => {
    // A CDN (https from the visitor) in front of a balancer that appends its own hop's scheme.
    const appended = {
      'x-forwarded-for': '203.0.113.50, 10.0.0.2',
      'x-forwarded-proto': 'https, http',
    };
    expect(await seen('2', '192.0.2.1', appended)).toMatchObject({ protocol: 'https' });
    expect(await seen('1', '192.0.2.1', appended)).toMatchObject({ protocol: 'http' });
  });
});
