/**
 * The workshop checkout (decision 020). Every checkout link our pages render points to our own
 * redirect, `/go/workshop`: the server counts the click (no cookie, like a page view) and sends
 * the visitor on to the Stripe Payment Link of the session on sale, with a reference of ours as
 * `client_reference_id`. The reference names the page, source and UTC day of the click and a
 * random nonce, nothing about the person; Stripe hands it back on the Checkout Session, so a
 * sale lines up with the page views and sign-ups of its page, source and day.
 * No zod here: the page's script builds the link's query with these names; the reference itself
 * is made and read on the server alone (server/features/sales/reference.ts).
 */

/** Where a checkout link goes: our redirect, on the page's own host. */
export const checkoutPath = '/go/workshop';

/**
 * The same redirect for an owner's page's checkout block (contracts/content/pages.ts), which
 * sells that page's own sessions.
 */
export function pageCheckoutPath(slug: string): string {
  return `/go/page/${slug}`;
}

/** The query the page's script may add to the link (the server reads nothing else). */
export const checkoutParams = {
  /** The page's traffic source as the browser knows it (contracts/traffic-source.ts). */
  source: 'source',
  /**
   * The address the visitor signed up with in this browser, passed on to Stripe as
   * `prefilled_email` and never stored or logged by us.
   */
  email: 'prefilled_email',
} as const;
