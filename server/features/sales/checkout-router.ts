import type { Context } from 'hono';
import { checkoutParams } from '../../../contracts/checkout';
import { emailAddressSchema } from '../../../contracts/email';
import { toMinorUnits } from '../../../contracts/money';
import type { WorkshopCheckout } from '../../../contracts/render-slices';
import { normalizePath, type OwnerRoute, resolveRoute } from '../../../contracts/routes';
import type { NamedHosts } from '../../../contracts/sites';
import { sourceName, trafficSource } from '../../../contracts/traffic-source';
import { nextSession } from '../../../contracts/workshop-sessions';
import type { Store } from '../../db/store';
import type { ClientOf } from '../../http/forwarded';
import { returnPath } from '../../http/same-origin';
import type { Logger } from '../../logger';
import { isCountedRequest, isPersonNavigation, isSpeculative } from '../../page-views/requests';
import { utcDay } from '../../page-views/store';
import type { SiteHosts } from '../../site-hosts';
import { addCheckoutClick } from './clicks';
import type { CheckoutClick, CheckoutReferences } from './reference';

/**
 * GET /go/workshop on every site (contracts/checkout.ts), and GET /go/page/<slug> for an owner's
 * page's checkout block (`sessionsOf` tells the two apart): counts the click like a page view
 * (no cookie, nothing kept about the visitor, not for bots or prefetches) and answers 302 to the
 * Stripe Payment Link of the session on sale, with our reference as `client_reference_id` and,
 * when the page's script passed one, the visitor's own sign-up address as `prefilled_email`
 * (passed through, never stored or logged). Works without JavaScript: the page and source are
 * then read from the Referer of our own page (sent, as the link is `noopener` only).
 */
export interface CheckoutDeps {
  store: Store;
  logger: Logger;
  /**
   * The sessions this redirect sells, read at each click (a publish replaces them); undefined
   * for a page that sells nothing, which answers 404.
   */
  sessionsOf: (c: Context) => readonly WorkshopCheckout[] | undefined;
  /**
   * The path of the page that sells on the request's host (the workshop's, or the owner's page),
   * where a request that is not a person's click lands when it came from no page of ours.
   */
  sellingPathOf: (c: Context) => string;
  siteHosts: SiteHosts;
  hosts: NamedHosts;
  clientOf: ClientOf;
  /** The origins a page of the request's host may have (same-origin.ts `pageOrigins`). */
  originsOf: (c: Context) => string[];
  /** Signs the reference Stripe carries back with the sale (reference.ts). */
  references: CheckoutReferences;
  /**
   * Spends one counted request of the address's budget, shared with its page views
   * (server/page-views/counter.ts `admit`); false past it: the click is not counted.
   */
  admit: (address: string) => boolean;
  /** The owner's pages, whose clicks count by their path too. */
  ownerRoutes: () => readonly OwnerRoute[] | undefined;
  /**
   * The experiments' part of a click, given by the app so that sales needs nothing of them
   * (server/features/experiments/): the experiment live on the click's page and the visitor's
   * variant there, which the reference carries, and the count of the click under that variant.
   */
  experiment?: {
    of(
      request: Pick<Request, 'headers'>,
      address: string,
      page: string,
    ): { name: string; variant: string; visitor: string } | null;
    countClick(click: {
      day: string;
      experiment: string;
      variant: string;
      visitor: string;
    }): Promise<void>;
  };
  /**
   * Our own Checkout Session in place of the Payment Link, given by the app when a Stripe key is
   * set (server/feature-list.ts), so that sales import nothing of the workshop, which holds the
   * seats (docs/decisions/032-workshop-delivered.md).
   */
  ownCheckout?: OwnCheckout | null;
  now?: () => Date;
}

/** What a counted click orders: the session, the click, its signed reference, the buyer's address. */
export interface CheckoutOrder {
  session: WorkshopCheckout;
  click: CheckoutClick;
  reference: string;
  /** The visitor's own sign-up address when the page passed one that is an address. */
  email: string | null;
}

export interface OwnCheckout {
  /**
   * The session a click buys: `named` (the session the page's button carried) when it is one of
   * `sessions` still to come, else the one on sale now by the seats the store knows (a full one
   * when every one to come is full: its answer is "sold out"); null when none is to come.
   */
  sessionFor(
    sessions: readonly WorkshopCheckout[],
    named: string | undefined,
    now: Date,
  ): Promise<WorkshopCheckout | null>;
  /**
   * Holds a seat and opens a Checkout Session for it, answering the redirect (to Stripe, or to
   * the "sold out" or "try again" page); null for a session it cannot sell (a render's session
   * without seats), which goes to its Payment Link as before.
   */
  open(c: Context, order: CheckoutOrder): Promise<Response | null>;
}

export function checkoutRedirect({
  store,
  logger,
  sessionsOf,
  siteHosts,
  hosts,
  clientOf,
  originsOf,
  references,
  admit,
  ownerRoutes,
  experiment,
  ownCheckout,
  sellingPathOf,
  now = () => new Date(),
}: CheckoutDeps) {
  return async (c: Context) => {
    c.header('Cache-Control', 'no-store');
    const time = now();
    const origins = originsOf(c);
    const hostHeader = c.req.header('host');
    const sessions = sessionsOf(c);
    if (!sessions) return c.text('Not Found', 404);
    const from = ownPage(c.req.header('referer'), origins);
    // Only a person's click holds a seat and opens a Checkout Session
    // (docs/decisions/034-selling-that-cannot-be-gamed.md): a crawler, a link preview, HEAD,
    // another site's <img> land on the page, holding nothing and counted nowhere. A prefetch is
    // refused outright, so that the browser cannot later show its answer for the person's click.
    if (ownCheckout && !isPersonNavigation(c.req.raw, from !== null)) {
      if (isSpeculative(c.req.raw.headers)) return c.body(null, 503);
      return c.redirect(from ? returnPath(from.href, origins) : sellingPathOf(c), 303);
    }
    const session = ownCheckout
      ? await ownCheckout.sessionFor(sessions, c.req.query(checkoutParams.session), time)
      : nextSession(sessions, time.getTime());
    // Nothing on sale (the date passed since the page was loaded): back to the page, which now
    // says so and offers the next date.
    if (!session) return c.redirect(returnPath(c.req.header('referer'), origins), 303);

    const page =
      from && resolveRoute(hostHeader, from.pathname, hosts, ownerRoutes()).status === 200
        ? normalizePath(from.pathname).slice(0, 200)
        : '';
    const given = c.req.query(checkoutParams.source);
    const source = given
      ? sourceName(given)
      : trafficSource(from?.pathname ?? '', from?.search ?? '', '', siteHosts.own(hostHeader));
    const counted = isCountedRequest(c.req.raw) && admit(clientOf(c).address);
    const shown = counted && page ? experiment?.of(c.req.raw, clientOf(c).address, page) : null;
    const click: CheckoutClick = {
      day: utcDay(time),
      host: siteHosts.of(hostHeader),
      path: page,
      source: source || 'Direct',
      ...(shown && { experiment: { name: shown.name, variant: shown.variant } }),
    };

    if (counted) {
      try {
        await addCheckoutClick(store, click);
        if (shown) {
          await experiment?.countClick({
            day: click.day,
            experiment: shown.name,
            variant: shown.variant,
            visitor: shown.visitor,
          });
        }
      } catch (error) {
        // The visitor still goes on to pay; only the count is lost.
        logger.error({ err: error }, 'checkout click not counted');
      }
    }

    // Bound to the session and the price the click was shown, and to its moment: a payment
    // carrying it buys that session at that price while it is fresh (reference.ts).
    const reference = references.bind(
      click,
      {
        product: 'workshop',
        unit: session.id,
        ...toMinorUnits(session.price),
      },
      time,
    );
    const email = emailAddressSchema.safeParse(c.req.query(checkoutParams.email) ?? '');
    const order = { session, click, reference, email: email.success ? email.data : null };
    const opened = await ownCheckout?.open(c, order);
    if (opened) return opened;
    const target = new URL(session.checkout);
    target.searchParams.set('client_reference_id', reference);
    if (order.email) target.searchParams.set('prefilled_email', order.email);
    return c.redirect(target.href, 302);
  };
}

/** The Referer when it is a page of this same origin (our page the link was on), else null. */
function ownPage(referer: string | undefined, origins: readonly string[]): URL | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return origins.includes(url.origin) ? url : null;
  } catch {
    return null;
  }
}
