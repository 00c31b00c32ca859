import { type TokenPath, tokenPlaceholder } from '../../http/request-log';
import { confirmLinkPath } from './confirm-links';
import { offerLinkPath } from './offer-links';

/**
 * The cohort's signed links as the request log writes them (server/http/request-log.ts): the
 * row's id, which opens nothing without its signature (signed-links.ts), and never the
 * signature; a last segment not shaped as `<id>.<signature>` (a truncated link, a guess) as
 * "<token>", since it may be part of one.
 */
const idOfToken = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[^/]*$/;

export function signedLinkLogged(path: `/${string}`): TokenPath {
  return {
    prefix: `${path}/`,
    logged: (rest) => idOfToken.exec(rest)?.[1] ?? tokenPlaceholder,
  };
}

/** Every path of the cohort's that carries a signed token: an offer's link, a confirmation's. */
export const cohortTokenPaths: readonly TokenPath[] = [
  signedLinkLogged(offerLinkPath),
  signedLinkLogged(confirmLinkPath),
];
