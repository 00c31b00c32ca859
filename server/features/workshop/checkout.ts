import type { Context } from 'hono';
import { type CheckoutOutcome, checkoutPage } from '../../../contracts/checkout';
import { toMinorUnits } from '../../../contracts/money';
import type { WorkshopCheckout } from '../../../contracts/render-slices';
import { siteForHost } from '../../../contracts/route-table';
import type { NamedHosts, SiteId } from '../../../contracts/sites';
import { sessionsOnSale } from '../../../contracts/workshop-sessions';
import type { Store } from '../../db/store';
import type { ClientOf } from '../../http/forwarded';
import { returnPath } from '../../http/same-origin';
import type { Logger } from '../../logger';
import type { CheckoutSessions as StripeCheckoutSessions } from '../../providers/stripe-checkout';
import type { CheckoutOrder, OwnCheckout } from '../sales';
import { holdClient } from './hold-clients';
import { holdSeat, openHold, releaseHold, seatsTaken } from './seats';

/**
 * A click becomes a hold and a Checkout Session (docs/decisions/032-workshop-delivered.md, "Our
 * own Checkout Session"): the sales' checkout redirect counts the click and signs its reference,
 * then hands it here (server/features/sales/checkout-router.ts `OwnCheckout`). A seat is held
 * first, in one transaction; only a held seat gets a Checkout Session, made with the hold's id as
 * the idempotency key; a session Stripe could not make gives its seat back at once.
 */

/** What the checkout asks of Stripe (server/providers/stripe-checkout.ts). */
export type CheckoutSessions = Pick<StripeCheckoutSessions, 'create' | 'expire'>;

/** How long a Checkout Session can be paid: Stripe's shortest. */
export const checkoutLifetimeMs = 30 * 60_000;
/**
 * A hold outlives its Checkout Session by this much: a payment made in the session's last second
 * still finds its seat held when Stripe's event about it arrives, seconds or minutes later.
 */
export const holdMarginMs = 5 * 60_000;
/**
 * A hold whose session is still being made lasts this long: past Stripe's time-out (10 s), so
 * that a server that stops half-way leaves a seat held for a minute, not half an hour.
 */
export const openingMs = 60_000;

export interface WorkshopCheckoutDeps {
  store: Store;
  logger: Logger;
  stripe: CheckoutSessions;
  /** The server's secret the client's address is hashed with (the IP hash key). */
  ipHashKey: string;
  clientOf: ClientOf;
  /**
   * Whether the server tells its buyers apart by address: false while they all arrive from a
   * proxy it does not trust (server/proxy-watch.ts), when the caps per client and network are off.
   */
  buyersApart: () => boolean;
  hosts: NamedHosts;
  /** Each site's origin (SITE_URL's scheme), for a page after the checkout on another site. */
  origins: Readonly<Record<SiteId, string>>;
  /** The origins a page of the request's host may have (same-origin.ts `pageOrigins`). */
  originsOf: (c: Context) => string[];
  /** The words of the checkout (the content's `delivery.checkout`); none in an older render. */
  words: (session: WorkshopCheckout) => { productName: string; promotionCodes: boolean } | null;
  now?: () => Date;
}

export function workshopCheckout(deps: WorkshopCheckoutDeps): OwnCheckout {
  const { store, now = () => new Date() } = deps;
  return {
    async sessionFor(sessions, named, time) {
      const chosen = sessions.find((session) => session.id === named);
      if (chosen && Date.parse(chosen.start) > time.getTime()) return chosen;
      const seated = sessions.flatMap((session) =>
        session.seats === undefined ? [] : [{ ...session, seats: session.seats }],
      );
      const taken = await seatsTaken(store, time.toISOString());
      const { shown, onSale } = sessionsOnSale(seated, time.getTime(), taken);
      // Every session to come is full: the first, whose answer is "sold out".
      return onSale ?? shown;
    },
    open: (c, order) => openCheckout({ ...deps, now }, c, order),
  };
}

async function openCheckout(
  deps: WorkshopCheckoutDeps & { now: () => Date },
  c: Context,
  { session, click, reference }: CheckoutOrder,
): Promise<Response | null> {
  const { store, logger, stripe, now } = deps;
  const time = now();
  const words = deps.words(session);
  // Not ours to sell: a session of a render made before seats, or priced in another currency
  // than our checkout's pounds. Its Payment Link, as before.
  if (!words || session.seats === undefined || session.price.currency !== 'GBP') return null;
  const pages = afterCheckout(deps, c);
  const held = await holdSeat(store, {
    session: { ...session, seats: session.seats },
    holder: holdClient(deps.ipHashKey, deps.clientOf(c).address, deps.buyersApart()),
    now: time.toISOString(),
    expiresAt: new Date(time.getTime() + openingMs).toISOString(),
  });
  if (held.kind === 'full' || held.kind === 'cancelled')
    return c.redirect(pages.to('sold-out'), 303);
  // Checkouts of this session are already open for this client or its network: another tab,
  // most likely.
  if (held.kind === 'capped') return c.redirect(pages.to('try-again'), 303);
  const { hold } = held;
  const { amount } = toMinorUnits(session.price);
  let made: Awaited<ReturnType<CheckoutSessions['create']>>;
  try {
    made = await stripe.create(
      {
        amount,
        currency: 'gbp',
        productName: words.productName,
        reference,
        metadata: withoutEmpty({
          workshop_session: session.id,
          start: new Date(session.start).toISOString(),
          page: click.path,
          source: click.source,
          variant: click.experiment?.variant ?? '',
          hold: hold.id,
        }),
        expiresAt: Math.floor((time.getTime() + checkoutLifetimeMs) / 1000),
        // No `customer_email` from the link: Stripe's form would show it fixed, so a crafted
        // link could send someone else's confirmation and joining link where it chose
        // (docs/decisions/034-selling-that-cannot-be-gamed.md). The buyer types their own.
        allowPromotionCodes: words.promotionCodes,
        successUrl: `${pages.absolute('booked')}?checkout={CHECKOUT_SESSION_ID}`,
        cancelUrl: pages.back,
      },
      hold.id,
    );
  } catch (error) {
    // Stripe down, slow or refusing: the seat goes back now, not when the hold lapses.
    await store
      .write((trx) => releaseHold(trx, { hold: hold.id }, now().toISOString()))
      .catch((failed: unknown) => logger.error({ err: failed }, 'checkout hold not released'));
    logger.warn({ err: error, hold: hold.id }, 'checkout session not made');
    return c.redirect(pages.to('try-again'), 303);
  }
  const opened = await openHold(store, {
    hold: hold.id,
    checkoutSession: made.id,
    expiresAt: new Date(made.expiresAt * 1000 + holdMarginMs).toISOString(),
    now: now().toISOString(),
  });
  if (!opened) {
    // The hold lapsed while Stripe answered: its seat may be someone else's, so this session
    // must not be paid.
    await stripe
      .expire(made.id)
      .catch((failed: unknown) => logger.error({ err: failed }, 'checkout session not expired'));
    return c.redirect(pages.to('try-again'), 303);
  }
  return c.redirect(made.url, 303);
}

/** Stripe drops a metadata key set to "" (that is how one is deleted): none is sent. */
export const withoutEmpty = (metadata: Record<string, string>) =>
  Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== ''));

/**
 * The pages after a checkout for this request (contracts/checkout.ts `checkoutPage`): a path on
 * the click's own origin when they live on its site, else the address on theirs; and the page
 * the click came from, where Stripe's "back" leads.
 */
function afterCheckout(deps: WorkshopCheckoutDeps, c: Context) {
  const site = siteForHost(c.req.header('host'), deps.hosts);
  const origins = deps.originsOf(c);
  const own = origins[0] ?? deps.origins[site];
  const where = (outcome: CheckoutOutcome) => {
    const page = checkoutPage(site, outcome);
    return {
      same: page.site === site,
      origin: page.site === site ? own : deps.origins[page.site],
      path: page.path,
    };
  };
  return {
    to(outcome: CheckoutOutcome) {
      const page = where(outcome);
      return page.same ? page.path : `${page.origin}${page.path}`;
    },
    absolute(outcome: CheckoutOutcome) {
      const page = where(outcome);
      return `${page.origin}${page.path}`;
    },
    back: `${own}${returnPath(c.req.header('referer'), origins)}`,
  };
}
