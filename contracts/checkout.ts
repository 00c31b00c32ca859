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
import { type CheckoutOutcome, workshopPaths } from './route-table';
import type { SiteId } from './sites';

export type { CheckoutOutcome };

/** Every redirect to a checkout lives under this path, which robots.txt keeps crawlers out of. */
export const checkoutRoot = '/go/';

/** Where a checkout link goes: our redirect, on the page's own host. */
export const checkoutPath = `${checkoutRoot}workshop`;

/**
 * The same redirect for an owner's page's checkout block (contracts/content/pages.ts), which
 * sells that page's own sessions.
 */
export function pageCheckoutPath(slug: string): string {
  return `${checkoutRoot}page/${slug}`;
}

/**
 * The query a checkout link may carry (the server reads nothing else): the session from the page's
 * HTML, the rest added by its script.
 */
export const checkoutParams = {
  /** The page's traffic source as the browser knows it (contracts/traffic-source.ts). */
  source: 'source',
  /**
   * The address the visitor signed up with in this browser, passed on to Stripe as
   * `prefilled_email` and never stored or logged by us.
   */
  email: 'prefilled_email',
  /**
   * The session the link sells (contracts/content/workshop.ts `id`): the one its page showed on
   * sale when it was rendered (contracts/workshop-sessions.ts sessionsOnSale), written into the
   * link by the page itself, so it holds with JavaScript off.
   */
  session: 'session',
} as const;

/** A checkout link of a page: its redirect, with the session it sells when it names one. */
export function checkoutLink(path: string, session: string | null): string {
  return session ? `${path}?${new URLSearchParams({ [checkoutParams.session]: session })}` : path;
}

/**
 * Where the page after a checkout lives for a click on `site` (docs/decisions/032-workshop-
 * delivered.md): "booked" ("You're in", Stripe's `success_url`), "sold-out" and "try-again" (the
 * redirect's answers when no seat could be held or no checkout opened). On the click's own site
 * where the workshop lives there (main: /assetworkshop/booked; sellable-business:
 * /cohort/booked); from an owner's page on the waitlist's or the book's site, whose every path is
 * their landing page, on the main site. The server makes the address from the site's origin:
 * the path alone on the click's own host when the site is the click's.
 */
export function checkoutPage(
  site: SiteId,
  outcome: CheckoutOutcome,
): { site: keyof typeof workshopPaths; path: string } {
  const on = site === 'sellable-business' ? site : 'main';
  return { site: on, path: `${workshopPaths[on]}/${outcome}` };
}

/** The workshop's page on `site`, or its home page where the workshop has none. */
export function workshopPageOn(site: SiteId): string {
  return site === 'sellable-business' || site === 'main' ? workshopPaths[site] : '/';
}
