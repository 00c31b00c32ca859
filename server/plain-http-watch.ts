import type { MiddlewareHandler } from 'hono';
import proxyaddr from 'proxy-addr';
import type { Env } from './env';
import type { ClientOf } from './http/forwarded';
import type { Logger } from './logger';

/**
 * An https SITE_URL means a proxy terminates TLS in front of this server (it speaks plain HTTP
 * only). When the proxy is not trusted (TRUST_PROXY), every request looks like plain HTTP from
 * the proxy's address: every visitor shares one budget in the rate limits, so twenty sign-in
 * attempts from anyone lock the owner out. The owner's cookie and HSTS no longer depend on it
 * (decision 023), but the rate limits do, so the server says so: at start-up when
 * TRUST_PROXY is unset, and once such a request is seen, in the log and in /api/health for as
 * long as the process runs. The health check itself, often probed over plain HTTP from the
 * machine itself, does not count.
 *
 * The seats' caps per client and network depend on it too (docs/decisions/034-selling-that-
 * cannot-be-gamed.md): while every buyer looks like the proxy, two open checkouts would stop
 * everyone, so `buyersApart` turns false and the caps are off, as the room says. Only a peer a
 * proxy could be (loopback, link-local, a private range) turns it so: a visitor of a public
 * address who reaches the port itself must not switch the caps off for everyone.
 */
export const plainHttpWarning =
  'SITE_URL is https, but requests arrive over plain HTTP from a peer that is not a trusted proxy: set TRUST_PROXY to the proxy in front of this server (e.g. loopback).';

const startupWarning =
  'SITE_URL is https and TRUST_PROXY is unset: the proxy in front of this server is not believed, so every visitor shares its address in the rate limits. Set TRUST_PROXY (e.g. loopback).';

export type PlainHttpWatch = ReturnType<typeof plainHttpWatch>;

/**
 * What the settings alone say: false for an https site with TRUST_PROXY unset, whose every
 * request arrives from the proxy that terminates TLS, unbelieved. `npm run leads -- workshop`,
 * which sees no request, says that much.
 */
export function proxyBelieved(env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>): boolean {
  return !(new URL(env.SITE_URL).protocol === 'https:' && env.TRUST_PROXY === 0);
}

export function plainHttpWatch(
  env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>,
  logger: Logger,
  clientOf: ClientOf,
  healthPath: string,
) {
  const httpsSite = new URL(env.SITE_URL).protocol === 'https:';
  if (httpsSite && env.TRUST_PROXY === 0) {
    logger.warn({ event: 'trust-proxy-unset', setting: 'TRUST_PROXY' }, startupWarning);
  }
  let seen = false;
  let seenFromProxy = false;
  const middleware: MiddlewareHandler = async (c, next) => {
    if (httpsSite && !seenFromProxy && c.req.path !== healthPath) {
      const client = clientOf(c);
      if (client.protocol === 'http' && !client.viaTrustedProxy) {
        if (!seen) {
          logger.warn({ event: 'plain-http-request', setting: 'TRUST_PROXY' }, plainHttpWarning);
        }
        seen = true;
        seenFromProxy = couldBeProxy(client.address);
      }
    }
    await next();
  };
  return {
    middleware,
    warnings: (): string[] => (seen ? [plainHttpWarning] : []),
    buyersApart: (): boolean => proxyBelieved(env) && !seenFromProxy,
  };
}

/** Where a proxy in front of this server sits: this machine, or a private or link-local network. */
const couldBeProxy = (() => {
  const trusted = proxyaddr.compile(['loopback', 'linklocal', 'uniquelocal']);
  return (address: string) => trusted(address, 0);
})();
