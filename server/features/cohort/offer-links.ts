import { type SignedLinks, signedLinks } from './signed-links';

/**
 * The personal link of an offer (docs/decisions/033-cohort-applications.md, "The offer that
 * pays"): `/go/offer/<offer id>.<signature>` on the cohort's site, signed for offers alone
 * (signed-links.ts).
 */

/** Where an offer link answers (server/features/cohort/offer-checkout.ts). */
export const offerLinkPath = '/go/offer';

export type OfferLinks = SignedLinks;

export const offerLinks = (serverSecret: string): OfferLinks =>
  signedLinks(serverSecret, 'cohort offer link', offerLinkPath);
