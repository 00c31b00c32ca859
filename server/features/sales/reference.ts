import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { slugPattern } from '../../../contracts/content/fields';

/**
 * The reference a checkout link carries to Stripe as `client_reference_id` (contracts/checkout.ts):
 * the page, source and UTC day of the click, the experiment's variant the page showed, and a
 * random nonce; nothing about the person. It is signed: anyone can open a Payment Link with a
 * reference of their own making, and an unsigned one would let them credit any page, source or
 * variant with a sale (docs/decisions/027-experiments.md).
 */

/** What a checkout click is counted by, and what its reference carries. */
export interface CheckoutClick {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** The site's host name, as page views are counted. */
  host: string;
  /** The page's path (lower case, no trailing slash), as page views are counted; '' unknown. */
  path: string;
  /** The source's one name (sourceName). */
  source: string;
  /**
   * The experiment live on the page and the variant it showed this visitor
   * (docs/decisions/027-experiments.md), so that a sale lands on the variant that sold it.
   */
  experiment?: { name: string; variant: string };
}

/** Stripe takes at most 200 characters of letters, digits, dashes and underscores. */
export const maxReferenceLength = 200;
const version = 'v2';
const nonceLength = 8;
const nonceAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 128 bits of HMAC-SHA256, 22 characters of base64url: out of reach of guessing. */
const signatureLength = 22;
const referencePattern = /^v2-([A-Za-z0-9_-]{22})-([A-Za-z0-9]{8})-([A-Za-z0-9_-]+)$/;
const dayPattern = /^\d{4}-\d\d-\d\d$/;

export interface CheckoutReferences {
  /**
   * `v2-<signature>-<nonce>-<base64url of day, host, path and source, then experiment and
   * variant if any>`: compact, within Stripe's alphabet, and read back exactly (a source may
   * hold any character). A click too long to fit has its source, then its path, shortened, then
   * its variant left out (the sale still counts for its page and source); real ones are far
   * inside the limit.
   */
  make(click: CheckoutClick, nonce?: string): string;
  /**
   * The click a reference of ours names, or null for anything else: a link made elsewhere, a
   * reference changed on its way, or one signed with another key.
   */
  read(reference: string | null | undefined): CheckoutClick | null;
}

/**
 * References signed with a key of their own, derived from the server's secret (the IP hash
 * key, the same on every instance): one secret to keep, and a signature that says nothing about
 * the hashes made with it.
 */
export function checkoutReferences(serverSecret: string): CheckoutReferences {
  const key = createHmac('sha256', serverSecret).update('checkout reference').digest();
  const sign = (body: string) =>
    createHmac('sha256', key).update(body).digest('base64url').slice(0, signatureLength);
  return {
    make(click, nonce = checkoutNonce()) {
      if (nonce.length !== nonceLength || !/^[A-Za-z0-9]+$/.test(nonce))
        throw new Error('The nonce must be 8 letters or digits.');
      let { source, path, experiment } = click;
      for (;;) {
        const shown = experiment ? [experiment.name, experiment.variant] : [];
        const fields = [click.day, click.host, path, source, ...shown].join('\n');
        const body = `${nonce}-${Buffer.from(fields, 'utf8').toString('base64url')}`;
        const reference = `${version}-${sign(body)}-${body}`;
        if (reference.length <= maxReferenceLength) return reference;
        if (source.length > 8) source = source.slice(0, -4);
        else if (path.length > 1) path = path.slice(0, -4) || '/';
        else if (experiment) experiment = undefined;
        else throw new Error('The host name is too long for a checkout reference.');
      }
    },
    read(reference) {
      if (!reference || reference.length > maxReferenceLength) return null;
      const match = referencePattern.exec(reference);
      if (!match?.[1] || !match[2] || !match[3]) return null;
      const expected = Buffer.from(sign(`${match[2]}-${match[3]}`));
      if (!timingSafeEqual(Buffer.from(match[1]), expected)) return null;
      return clickOf(match[3]);
    },
  };
}

function clickOf(encoded: string): CheckoutClick | null {
  const fields = Buffer.from(encoded, 'base64url').toString('utf8').split('\n');
  // Four fields, or six when the page was under an experiment.
  if (fields.length !== 4 && fields.length !== 6) return null;
  const [day, host, path, source, name, variant] = fields as [
    string,
    string,
    string,
    string,
    string?,
    string?,
  ];
  // An empty path: the page was not known (no Referer reached us).
  if (!dayPattern.test(day) || !host || (path !== '' && !path.startsWith('/')) || !source) {
    return null;
  }
  if (name === undefined || variant === undefined) return { day, host, path, source };
  if (!slugPattern.test(name) || !slugPattern.test(variant)) return null;
  return { day, host, path, source, experiment: { name, variant } };
}

/** A random nonce (47 bits): two clicks of one page, source and day still differ. */
export function checkoutNonce(): string {
  let nonce = '';
  for (let i = 0; i < nonceLength; i++) nonce += nonceAlphabet[randomInt(nonceAlphabet.length)];
  return nonce;
}
