import { type Context, Hono } from 'hono';
import { formatDay } from '../../../contracts/london-day';
import { stripeSessionPlaceholder, withCheckout } from '../../../contracts/proven-outcome';
import { type CohortOfferOutcome, cohortOfferPage } from '../../../contracts/route-table';
import type { SiteId } from '../../../contracts/sites';
import { fillTemplate } from '../../../contracts/template';
import type { Store } from '../../db/store';
import type { Logger } from '../../logger';
import type {
  CheckoutSessionMade,
  CheckoutSessionParams,
  CheckoutSessions,
} from '../../providers/stripe-checkout';
import type { Site } from '../../site';
import type { SiteHosts } from '../../site-hosts';
import { checkoutReferences } from '../sales';
import { withoutEmpty } from '../workshop';
import { offerLinks } from './offer-links';
import { type LinkedOffer, linkedOffer, offerRow, recordCheckout, withinSeats } from './offers';

/**
 * GET /go/offer/<token>, an offer's personal link (docs/decisions/033-cohort-applications.md, "The
 * offer that pays"): a Checkout Session for that applicant only, or the offer page's word on why
 * not. Not a counted click, never cached. 200 clicks of one link at once are one answer (one
 * flight per offer in this process; across instances, Stripe's idempotency key makes one
 * session of theirs); an open session still good for a minute is sent again, not made again.
 */

export interface OfferCheckoutDeps {
  store: Store;
  logger: Logger;
  /** Our own Checkout Sessions; none without a Stripe key, when no offer can be paid yet. */
  stripe: Pick<CheckoutSessions, 'create' | 'expire'> | null;
  /** The server's secret the links and the references are signed from. */
  ipHashKey: string;
  site: Pick<Site, 'cohort'>;
  /** Each site's origin: the offer page and the cohort are on the sellable-business site's. */
  origins: Readonly<Record<SiteId, string>>;
  siteHosts: Pick<SiteHosts, 'of'>;
  now?: () => number;
}

const minuteMs = 60_000;
/** A stored Checkout Session is sent again while it can be paid for at least this long. */
const stillGoodMs = minuteMs;
/**
 * An offer outlives its Checkout Session by this much: a payment made in the session's last
 * second still finds its seat held when Stripe's event about it arrives.
 */
export const offerMarginMs = 5 * minuteMs;
/** Stripe's Checkout Sessions last from 30 minutes (a minute more for latency) to 24 hours. */
const shortestMs = 32 * minuteMs;
const longestMs = 23 * 60 * minuteMs;

export function offerCheckoutRouter(deps: OfferCheckoutDeps): Hono {
  const links = offerLinks(deps.ipHashKey);
  const flights = new Map<string, Promise<string>>();
  const app = new Hono();
  app.get('/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = links.read(c.req.param('token'));
    // Cut short, altered or not ours: no offer is known by it, so none is said to be over.
    if (!id) return c.redirect(offerPage(deps, 'invalid'), 303);
    let flight = flights.get(id);
    if (!flight) {
      flight = answerLink(deps, id, c)
        .catch((error: unknown) => {
          deps.logger.error({ err: error, offer: id }, 'offer link not answered');
          return offerPage(deps, 'retry');
        })
        .finally(() => flights.delete(id));
      flights.set(id, flight);
    }
    return c.redirect(await flight, 303);
  });
  return app;
}

/** The offer page's address on the cohort's site, at an outcome's section. */
const offerPage = (deps: Pick<OfferCheckoutDeps, 'origins'>, outcome: CohortOfferOutcome) =>
  `${deps.origins['sellable-business']}${cohortOfferPage(outcome)}`;

/**
 * The offer page for the checkout `session`, whose payment the server checks when it serves it
 * (server/features/cohort/offer-page.ts): "You're in" once paid, and only then
 * (docs/decisions/034-selling-that-cannot-be-gamed.md).
 */
const paidPage = (deps: Pick<OfferCheckoutDeps, 'origins'>, session: string) =>
  withCheckout(`${deps.origins['sellable-business']}${cohortOfferPage()}`, session);

/**
 * Where the link leads now: the offer page when it was paid, is over or has no seat within the
 * intake's seats, or when Stripe could not open a checkout; else its Checkout Session.
 */
async function answerLink(deps: OfferCheckoutDeps, id: string, c: Context): Promise<string> {
  const time = (deps.now ?? Date.now)();
  const now = new Date(time).toISOString();
  const linked = await linkedOffer(deps.store.db, id);
  // Signed by us, yet no offer has the id (a database restored from before it): no offer to say
  // anything of.
  if (!linked) return offerPage(deps, 'invalid');
  const { offer, application } = linked;
  if (offer.status === 'enrolled') return enrolledPage(deps, offer);
  if (offer.status !== 'open' || application.erased_at !== null || offer.expires_at <= now) {
    return offerPage(deps, 'expired');
  }
  const cohort = deps.site.cohort;
  const intake = cohort?.intakes.find((each) => each.starts === offer.intake);
  // A publish took the offer or its intake out of the content: nothing is sold for it now.
  if (cohort?.admission !== 'application' || !cohort.offer || !intake) {
    return offerPage(deps, 'expired');
  }
  if (!(await withinSeats(deps.store.db, offer, intake.seats, now))) return offerPage(deps, 'full');
  if (
    offer.checkout_url &&
    offer.checkout_expires_at &&
    Date.parse(offer.checkout_expires_at) > time + stillGoodMs
  ) {
    return offer.checkout_url;
  }
  // Past its own window an offer lives only for the checkout opened in it, to be paid: a
  // new checkout would hold the seat half an hour more at every click.
  if (
    offer.checkout_expires_at &&
    Date.parse(offer.expires_at) <= Date.parse(offer.checkout_expires_at) + offerMarginMs
  ) {
    return offerPage(deps, 'expired');
  }
  if (!deps.stripe) {
    deps.logger.warn({ offer: id }, 'offer link clicked, but no STRIPE_SECRET_KEY to pay it with');
    return offerPage(deps, 'retry');
  }
  const productName = fillTemplate(cohort.offer.productName, {
    cohortStarts: formatDay(offer.intake),
  });
  const host = application.host ?? deps.siteHosts.of(c.req.header('host'));
  const params = checkoutParams(deps, linked, { productName, host, time });
  return openCheckout({ ...deps, stripe: deps.stripe }, linked, params);
}

/**
 * The Checkout Session's parameters: the offer's price, the applicant's address fixed, and the
 * reference of the application's own page, source and variant, so that its revenue lands where
 * the applicant came from. Within one minute they are the same on every instance, as Stripe's
 * idempotency key needs (a key sent again with other parameters is refused).
 */
function checkoutParams(
  deps: OfferCheckoutDeps,
  { offer, application }: LinkedOffer,
  { productName, host, time }: { productName: string; host: string; time: number },
): CheckoutSessionParams {
  const minute = Math.floor(time / minuteMs) * minuteMs;
  const ends = Math.min(
    Math.max(Date.parse(offer.expires_at), minute + shortestMs),
    minute + longestMs,
  );
  const shown =
    application.experiment && application.variant
      ? { experiment: { name: application.experiment, variant: application.variant } }
      : {};
  const click = {
    day: application.created_at.slice(0, 10),
    host,
    path: application.page ?? '',
    source: application.source ?? 'Direct',
    ...shown,
  };
  const origin = deps.origins['sellable-business'];
  return {
    amount: offer.amount,
    currency: 'gbp',
    productName,
    // The nonce is the offer's: the same reference for every session of it.
    reference: checkoutReferences(deps.ipHashKey).make(
      click,
      offer.id.replace(/-/g, '').slice(0, 8),
    ),
    metadata: withoutEmpty({
      product: 'cohort',
      cohort_offer: offer.id,
      intake: offer.intake,
      page: application.page ?? '',
      source: application.source ?? '',
      variant: application.variant ?? '',
    }),
    expiresAt: Math.floor(ends / 1000),
    ...(application.email ? { customerEmail: application.email } : {}),
    allowPromotionCodes: false,
    successUrl: paidPage(deps, stripeSessionPlaceholder),
    cancelUrl: `${origin}/`,
  };
}

/**
 * A new Checkout Session for the offer, kept on it only while the offer is still open and in
 * time; else it is expired at Stripe at once, as nobody may pay it. Stripe failing leaves the
 * offer as it was (it holds the seat): the page says to try again.
 */
async function openCheckout(
  deps: OfferCheckoutDeps & { stripe: NonNullable<OfferCheckoutDeps['stripe']> },
  { offer }: LinkedOffer,
  params: CheckoutSessionParams,
): Promise<string> {
  const { stripe, logger } = deps;
  const expire = (session: string) =>
    stripe
      .expire(session)
      .catch((error: unknown) =>
        logger.warn({ err: error, offer: offer.id }, 'offer checkout not expired'),
      );
  // The last one ends within the minute: not to be paid beside the next.
  if (offer.checkout_url && offer.checkout_session) await expire(offer.checkout_session);
  let made: CheckoutSessionMade;
  try {
    made = await stripe.create(
      params,
      `cohort-offer:${offer.id}:${offer.checkout_session ?? 'first'}`,
    );
  } catch (error) {
    logger.warn({ err: error, offer: offer.id }, 'offer checkout not made');
    return offerPage(deps, 'retry');
  }
  const checkoutEnds = made.expiresAt * 1000;
  const now = new Date((deps.now ?? Date.now)()).toISOString();
  const kept = await recordCheckout(deps.store, {
    offer: offer.id,
    checkoutSession: made.id,
    url: made.url,
    checkoutExpiresAt: new Date(checkoutEnds).toISOString(),
    holdUntil: new Date(checkoutEnds + offerMarginMs).toISOString(),
    now,
  });
  if (kept) return made.url;
  await expire(made.id);
  const after = await offerRow(deps.store.db, offer.id);
  return after?.status === 'enrolled' ? enrolledPage(deps, after) : offerPage(deps, 'expired');
}

/**
 * Where the link of an offer already paid leads: the offer page with the session that paid it,
 * which the page's server checks again; an enrolment without one (none is made so) is said by
 * no page, so the link lands on the page's words for anyone.
 */
function enrolledPage(
  deps: Pick<OfferCheckoutDeps, 'origins'>,
  offer: { checkout_session: string | null },
): string {
  return offer.checkout_session
    ? paidPage(deps, offer.checkout_session)
    : `${deps.origins['sellable-business']}${cohortOfferPage()}`;
}
