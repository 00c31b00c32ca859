import { type SignedLinks, signedLinks } from './signed-links';

/**
 * The link that confirms a resubmission (docs/decisions/034-selling-that-cannot-be-gamed.md):
 * `/go/confirm/<resubmission id>.<signature>` on the cohort's site, emailed to the address the
 * resubmission names, so only who reads that address's mail can make it count. Signed with a key
 * of its own purpose (signed-links.ts): an offer's link is no confirmation, nor the reverse. Under
 * `/go/`, which robots.txt keeps crawlers out of (contracts/checkout.ts `checkoutRoot`).
 */

/** Where a confirmation link answers (server/features/cohort/confirm-route.ts). */
export const confirmLinkPath = '/go/confirm';

/** How long after its post a resubmission can be confirmed: its link's life. */
export const confirmWindowMs = 7 * 24 * 3_600_000;

export const confirmLinks = (serverSecret: string): SignedLinks =>
  signedLinks(serverSecret, 'cohort resubmission confirmation link', confirmLinkPath);
