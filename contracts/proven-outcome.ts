/**
 * A page after a payment says only what its address proves (docs/decisions/034-selling-that-
 * cannot-be-gamed.md). The workshop's "You're in" page and the cohort's offer page are
 * prerendered, so by themselves they know nothing of anyone's payment: opened as they are, they
 * say what is true for whoever opens them. Stripe's success_url brings the buyer back with the
 * Checkout Session's id in the query (`?checkout=cs_…`, which Stripe fills in); the server looks
 * that session up in its own store and, only when it is that page's and paid (or paid and still
 * being confirmed), serves the same prerendered document with that outcome shown: it sets one
 * attribute the page's CSS reads (src/pages/outcomes.tsx). Nothing a visitor can type into the
 * address bar alone shows a payment that the store does not hold.
 */

/** The query the Checkout Session comes back in (Stripe's `{CHECKOUT_SESSION_ID}`). */
export const checkoutQuery = 'checkout';

/**
 * What the server proved of the session the query names: `paid` (the store has its payment),
 * `pending` (the session is the page's, its payment not in the store yet: Stripe's event is
 * on its way, or a bank payment is settling).
 */
export const provenOutcomes = ['paid', 'pending'] as const;

export type ProvenOutcome = (typeof provenOutcomes)[number];

/** The attribute of a page's outcomes that says which the server proved; `none` as prerendered. */
export const provenAttribute = 'data-proven';

export const unproven = 'none';

/** The attribute as it is written in the page's HTML, for an outcome or none. */
export function provenMarkup(outcome: ProvenOutcome | typeof unproven): string {
  return `${provenAttribute}="${outcome}"`;
}

/** What Stripe replaces with the Checkout Session's id in a success_url. */
export const stripeSessionPlaceholder = '{CHECKOUT_SESSION_ID}';

/**
 * A page's address with the Checkout Session the server will check: `/offer?checkout=cs_…`.
 * `session` is a Stripe id (letters, digits, `_`) or Stripe's placeholder, which Stripe wants
 * written as it is: neither needs escaping.
 */
export function withCheckout(path: string, session: string): string {
  return `${path}?${checkoutQuery}=${session}`;
}
