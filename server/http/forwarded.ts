import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../env';

/** Who sent a request, as far as we can believe it. */
export interface Client {
  /** The client's IP address: the peer's, or the one the trusted proxies say they served. */
  address: string;
  /** The scheme the client used: https when a trusted proxy terminated TLS for it. */
  protocol: 'http' | 'https';
  /** Whether a trusted proxy (TRUST_PROXY) handed the request on: false when the peer is the client. */
  viaTrustedProxy: boolean;
}

export type ClientOf = (c: Context) => Client;

/**
 * Reads X-Forwarded-For and X-Forwarded-Proto the way Express does (proxy-addr): walking the
 * chain from the socket's peer leftwards, each hop is believed only while the address it came
 * from is a trusted proxy (or within the trusted hop count). A request that did not come through
 * a trusted proxy cannot choose its address or scheme by header. Memoised per request: the rate
 * limit, the same-origin check and HSTS all ask.
 */
export function forwardedClient(trust: TrustProxy): ClientOf {
  const isTrusted =
    typeof trust === 'number'
      ? (_address: string, hop: number) => hop < trust
      : proxyaddr.compile([...trust]);
  const seen = new WeakMap<Request, Client>();

  return (c) => {
    const known = seen.get(c.req.raw);
    if (known) return known;
    const bindings = c.env as { incoming?: Pick<IncomingMessage, 'socket'> } | undefined;
    const peer = bindings?.incoming?.socket.remoteAddress ?? 'unknown';
    if (trust === 0 || isIP(peer) === 0) {
      // No proxy trusted (the default: every request of a server without one), or no socket
      // address to walk from (an in-process request): the peer is the client, nothing parsed.
      const direct: Client = { address: peer, protocol: protocolOf(c, 0), viaTrustedProxy: false };
      seen.set(c.req.raw, direct);
      return direct;
    }
    const forwardedFor = c.req.header('x-forwarded-for');
    // proxy-addr reads an IncomingMessage; it needs only the peer and this one header.
    const chain = proxyaddr.all(
      {
        connection: { remoteAddress: peer },
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      } as unknown as IncomingMessage,
      isTrusted,
    );
    // chain = [peer, each forwarded address in turn, up to the first untrusted one]. The client
    // is its last entry; the proxies believed are its trusted entries (all, if none failed).
    const address = chain.at(-1) ?? peer;
    const proxies = isTrusted(address, chain.length - 1) ? chain.length : chain.length - 1;
    const client: Client = {
      address,
      protocol: protocolOf(c, proxies),
      viaTrustedProxy: proxies > 0,
    };
    seen.set(c.req.raw, client);
    return client;
  };
}

/**
 * With `proxies` proxies believed, the scheme the client used is the X-Forwarded-Proto entry the
 * outermost of them wrote: proxies that append write one entry each (counted from the right);
 * one that overwrites leaves a single entry, its own.
 */
function protocolOf(c: Context, proxies: number): 'http' | 'https' {
  const own = c.req.url.startsWith('https:') ? 'https' : 'http';
  if (proxies === 0) return own;
  const entries = (c.req.header('x-forwarded-proto') ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return own;
  const claimed = entries[Math.max(0, entries.length - proxies)];
  return claimed === 'https' ? 'https' : 'http';
}
