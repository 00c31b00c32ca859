import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The address a request came from: the connection's peer, or, only when TRUST_PROXY says a proxy
 * in front sets it, the last X-Forwarded-For entry (the one that proxy appended; entries to its
 * left come from the client and can be forged).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const bindings = c.env as { incoming?: Pick<IncomingMessage, 'socket'> } | undefined;
  return bindings?.incoming?.socket.remoteAddress ?? 'unknown';
}

/**
 * What a lead keeps instead of the address: a keyed hash, enough to spot one sender behind many
 * submissions and useless for finding the person (a plain hash of an IPv4 address is reversible
 * by trying all four billion).
 */
export function hashAddress(key: string, address: string): string {
  return createHmac('sha256', key).update(address).digest('base64url').slice(0, 22);
}
