import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The personal link of an offer (docs/decisions/033-cohort-applications.md, "The offer that
 * pays"): `/go/offer/<offer id>.<signature>` on the cohort's site. The offer's id is random, and
 * the signature (128 bits of HMAC-SHA256 with a key of its own, derived from the server's secret,
 * as the checkout references' is) means nobody can make a link to an offer from its id alone, say
 * one read from a log or an export. Nothing is stored: the link is made again from the offer's id
 * when its email is sent, on whichever instance sends it.
 */

/** Where an offer link answers (server/features/cohort/offer-checkout.ts). */
export const offerLinkPath = '/go/offer';

const signatureLength = 22;
/** An offer id is a UUID: the link takes nothing else. */
const tokenPattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{22})$/;

export interface OfferLinks {
  /** The address of an offer's link on the cohort's site's origin. */
  link(origin: string, offerId: string): string;
  /** The offer a link's last segment names, or null for anything not signed by us. */
  read(token: string | undefined): string | null;
}

export function offerLinks(serverSecret: string): OfferLinks {
  const key = createHmac('sha256', serverSecret).update('cohort offer link').digest();
  const sign = (offerId: string) =>
    createHmac('sha256', key).update(offerId).digest('base64url').slice(0, signatureLength);
  return {
    link: (origin, offerId) => `${origin}${offerLinkPath}/${offerId}.${sign(offerId)}`,
    read(token) {
      const match = tokenPattern.exec(token ?? '');
      if (!match?.[1] || !match[2]) return null;
      const given = Buffer.from(match[2]);
      return timingSafeEqual(given, Buffer.from(sign(match[1]))) ? match[1] : null;
    },
  };
}
