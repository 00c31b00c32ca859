import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A personal link naming one row by its random id (docs/decisions/033-cohort-applications.md):
 * `<path>/<id>.<signature>` on the cohort's site. The signature (128 bits of HMAC-SHA256 with a
 * key of the link's own purpose, derived from the server's secret, as the checkout references'
 * is) means nobody can make a link from an id alone, say one read from a log or an export, and a
 * link made for one purpose (an offer) is no link of another (a resubmission's confirmation).
 * Nothing is stored: the link is made again from the id when its email is sent, on whichever
 * instance sends it.
 */

const signatureLength = 22;
/** The ids are UUIDs: the link takes nothing else. */
const tokenPattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{22})$/;

export interface SignedLinks {
  /** The address of a row's link on the cohort's site's origin. */
  link(origin: string, id: string): string;
  /** The id a link's last segment names, or null for anything not signed by us for this purpose. */
  read(token: string | undefined): string | null;
}

export function signedLinks(serverSecret: string, purpose: string, path: string): SignedLinks {
  const key = createHmac('sha256', serverSecret).update(purpose).digest();
  const sign = (id: string) =>
    createHmac('sha256', key).update(id).digest('base64url').slice(0, signatureLength);
  return {
    link: (origin, id) => `${origin}${path}/${id}.${sign(id)}`,
    read(token) {
      const match = tokenPattern.exec(token ?? '');
      if (!match?.[1] || !match[2]) return null;
      const given = Buffer.from(match[2]);
      return timingSafeEqual(given, Buffer.from(sign(match[1]))) ? match[1] : null;
    },
  };
}
