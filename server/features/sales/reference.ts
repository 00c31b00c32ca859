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

/**
 * What a workshop checkout's reference is good for (docs/decisions/034-selling-that-cannot-be-gamed.md):
 * one product's unit at one price. A payment carrying it makes an attendee only when it paid that
 * unit's price in that currency, through that unit's own checkout, while the reference is fresh.
 */
export interface ReferenceBinding {
  /** What is sold: `workshop`. */
  product: string;
  /** Which of it: the workshop's session id. */
  unit: string;
  /** The price the click was shown, in the currency's smallest unit (4900). */
  amount: number;
  /** Lower case, as Stripe writes it (gbp). */
  currency: string;
}

/** A bound reference as read back: what it is good for, and when it was made. */
export interface BoundReference {
  binding: ReferenceBinding;
  /** ISO; the click's day is this instant's UTC day. */
  issuedAt: string;
}

/** Stripe takes at most 200 characters of letters, digits, dashes and underscores. */
export const maxReferenceLength = 200;
/** The unbound form: a click for the books (the cohort's, whose offer binds its payment). */
const version = 'v2';
/** The bound form: the click, when it was made, and the product, unit and price it buys. */
const boundVersion = 'v3';
const nonceLength = 8;
const nonceAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 128 bits of HMAC-SHA256, 22 characters of base64url: out of reach of guessing. */
const signatureLength = 22;
const referencePattern = /^(v[23])-([A-Za-z0-9_-]{22})-([A-Za-z0-9]{8})-([A-Za-z0-9_-]+)$/;
const dayPattern = /^\d{4}-\d\d-\d\d$/;
const unitPattern = /^[a-z0-9][a-z0-9-]{0,62}$/;

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
   * `v3-<signature>-<nonce>-<base64url of the issue time, product, unit, amount and currency,
   * then host, path and source, and experiment and variant if any>`: the workshop's checkout
   * references, bound to what the click buys. The click's day is `at`'s UTC day.
   */
  bind(click: CheckoutClick, binding: ReferenceBinding, at: Date, nonce?: string): string;
  /**
   * The click a reference of ours names (bound or not), or null for anything else: a link made
   * elsewhere, a reference changed on its way, or one signed with another key.
   */
  read(reference: string | null | undefined): CheckoutClick | null;
  /** What a bound reference of ours buys and when it was made; null for any other. */
  bindingOf(reference: string | null | undefined): BoundReference | null;
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
  /** The reference of `head` (the fields before the click's) and `click`, fitted to Stripe. */
  const fitted = (tag: string, head: readonly string[], click: CheckoutClick, nonce: string) => {
    if (nonce.length !== nonceLength || !/^[A-Za-z0-9]+$/.test(nonce))
      throw new Error('The nonce must be 8 letters or digits.');
    let { source, path, experiment } = click;
    for (;;) {
      const shown = experiment ? [experiment.name, experiment.variant] : [];
      const fields = [...head, click.host, path, source, ...shown].join('\n');
      const body = `${nonce}-${Buffer.from(fields, 'utf8').toString('base64url')}`;
      const reference = `${tag}-${sign(signedPart(tag, body))}-${body}`;
      if (reference.length <= maxReferenceLength) return reference;
      if (source.length > 8) source = source.slice(0, -4);
      else if (path.length > 1) path = path.slice(0, -4) || '/';
      else if (experiment) experiment = undefined;
      else throw new Error('The host name is too long for a checkout reference.');
    }
  };
  /** The version and fields of a reference of ours, its signature checked; else null. */
  const open = (reference: string | null | undefined) => {
    if (!reference || reference.length > maxReferenceLength) return null;
    const match = referencePattern.exec(reference);
    if (!match?.[1] || !match[2] || !match[3] || !match[4]) return null;
    const expected = Buffer.from(sign(signedPart(match[1], `${match[3]}-${match[4]}`)));
    if (!timingSafeEqual(Buffer.from(match[2]), expected)) return null;
    const fields = Buffer.from(match[4], 'base64url').toString('utf8').split('\n');
    return { bound: match[1] === boundVersion, fields };
  };
  return {
    make: (click, nonce = checkoutNonce()) => fitted(version, [click.day], click, nonce),
    bind(click, binding, at, nonce = checkoutNonce()) {
      const { product, unit, amount, currency } = binding;
      if (!unitPattern.test(product) || !unitPattern.test(unit) || !/^[a-z]{3}$/.test(currency))
        throw new Error(
          'A reference binds a product and unit by their names, and a currency code.',
        );
      if (!Number.isSafeInteger(amount) || amount < 0)
        throw new Error('A reference binds a whole amount in the smallest unit.');
      const issued = Math.floor(at.getTime() / 1000).toString(36);
      return fitted(boundVersion, [issued, product, unit, String(amount), currency], click, nonce);
    },
    read(reference) {
      const opened = open(reference);
      if (!opened) return null;
      return opened.bound ? (boundOf(opened.fields)?.click ?? null) : clickOf(opened.fields);
    },
    bindingOf(reference) {
      const opened = open(reference);
      const bound = opened?.bound ? boundOf(opened.fields) : null;
      return bound && { binding: bound.binding, issuedAt: bound.issuedAt };
    },
  };
}

/** v2 signs its body alone, as it always did; v3 signs its version too, so neither reads as the other. */
const signedPart = (tag: string, body: string) => (tag === version ? body : `${tag}-${body}`);

function clickOf(fields: readonly string[]): CheckoutClick | null {
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

/** A bound reference's fields: issued, product, unit, amount, currency, then the click's. */
function boundOf(fields: readonly string[]): (BoundReference & { click: CheckoutClick }) | null {
  const [issued = '', product = '', unit = '', amount = '', currency = '', ...rest] = fields;
  const seconds = /^[0-9a-z]{1,9}$/.test(issued) ? Number.parseInt(issued, 36) : Number.NaN;
  if (!Number.isSafeInteger(seconds) || !unitPattern.test(product) || !unitPattern.test(unit))
    return null;
  if (!/^\d{1,15}$/.test(amount) || !/^[a-z]{3}$/.test(currency)) return null;
  const issuedAt = new Date(seconds * 1000).toISOString();
  const click = clickOf([issuedAt.slice(0, 10), ...rest]);
  if (!click) return null;
  return { binding: { product, unit, amount: Number(amount), currency }, issuedAt, click };
}

/** A random nonce (47 bits): two clicks of one page, source and day still differ. */
export function checkoutNonce(): string {
  let nonce = '';
  for (let i = 0; i < nonceLength; i++) nonce += nonceAlphabet[randomInt(nonceAlphabet.length)];
  return nonce;
}
