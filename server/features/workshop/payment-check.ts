import { toMinorUnits } from '../../../contracts/money';
import type { WorkshopCheckout } from '../../../contracts/render-slices';
import { nextSession } from '../../../contracts/workshop-sessions';
import type { WorkshopReviewReason } from '../../db/schema';
import type { CheckoutReferences, FulfilmentFacts } from '../sales';
import type { WorkshopHold } from './seats';

/**
 * What a payment buys (docs/decisions/034-selling-that-cannot-be-gamed.md): a seat of a session
 * only when it came through that session's own checkout (our Checkout Session, or the Payment
 * Link the content names for it) and paid its price, in its currency, less only what a promotion
 * code of the owner's took off, with a reference still fresh. Anything else is held for the owner
 * with the reasons this finds; nothing here writes.
 */

/**
 * How long after its click a reference still buys. A click sends the visitor straight to
 * Stripe, whose Payment Link opens a Checkout Session at once, so a genuine one is seconds old;
 * two days also let a visitor who left Stripe's page open overnight, or over a day, reload it
 * (a reload opens a new session) and pay. The age is read at the session's creation, which
 * Stripe signs, not at the payment: a Payment Link's session can then be paid for 24 hours, and a
 * bank debit settles days later, neither of which makes the reference stale.
 */
export const referenceLifetimeMs = 2 * 24 * 3_600_000;
const dayMs = 24 * 3_600_000;

type CheckoutEvent = Extract<FulfilmentFacts, { kind: 'checkout' }>;

/** The session a payment is for, and by which way it came. */
export interface PaidSession {
  id: string;
  /** The content's session of that name; none when the content no longer names it. */
  content: WorkshopCheckout | undefined;
  /** Our own Checkout Session (its hold or its metadata name the session). */
  own: boolean;
  /** What the payment should have been, in the smallest unit; null when nothing says. */
  expected: { amount: number; currency: string } | null;
  /** Why it may not be confirmed by itself; none: confirmed. */
  reasons: WorkshopReviewReason[];
}

export interface PaymentCheckDeps {
  /** Every session the content sells, by its name (the render's workshop slice). */
  sessions: () => ReadonlyMap<string, WorkshopCheckout>;
  /** The sessions a page sold at its path: for a reference made before references were bound. */
  sessionsSoldAt: (path: string | null) => readonly WorkshopCheckout[];
  /** Reads what a reference of our redirect is bound to (server/features/sales/reference.ts). */
  references: Pick<CheckoutReferences, 'bindingOf'>;
}

/**
 * The session a payment is for and whether it may be confirmed: our own Checkout Session names
 * it (its hold, else its metadata); a Payment Link's checkout only through our reference, bound
 * to a session, product and price (or, for one made before binding and still within its window,
 * the session its page sold then). Null: not the workshop's (another product of the same Stripe
 * account, or a Payment Link's payment without our reference), which makes no attendee.
 */
export function paidSession(
  { sale, checkout }: CheckoutEvent,
  hold: WorkshopHold | undefined,
  deps: PaymentCheckDeps,
): PaidSession | null {
  const named = hold?.session_id ?? checkout.metadata.workshop_session;
  if (named && (hold || sale.payment_link === null)) {
    const content = deps.sessions().get(named);
    const expected = hold
      ? { amount: hold.amount, currency: hold.currency }
      : content
        ? toMinorUnits(content.price)
        : null;
    return {
      id: named,
      content,
      own: true,
      expected,
      reasons: priceReasons(sale, checkout, expected),
    };
  }
  const bound = deps.references.bindingOf(sale.reference);
  if (bound) {
    const { product, unit, amount, currency } = bound.binding;
    if (product !== 'workshop') return null;
    const content = deps.sessions().get(unit);
    const expected = { amount, currency };
    const stale = Date.parse(sale.created_at) - Date.parse(bound.issuedAt) > referenceLifetimeMs;
    return {
      id: unit,
      content,
      own: false,
      expected,
      reasons: [
        ...linkReasons(sale.payment_link, content),
        ...(stale ? (['expired'] as const) : []),
        ...priceReasons(sale, checkout, expected),
      ],
    };
  }
  // An unbound reference of before (its click's day, the only time it has) kept readable for as
  // long as a bound one would be: the session its page sold then, at the content's price.
  if (sale.click_day === null) return null;
  const content = nextSession(deps.sessionsSoldAt(sale.path), Date.parse(sale.created_at));
  if (!content) return null;
  const expected = toMinorUnits(content.price);
  const age = Date.parse(sale.created_at) - Date.parse(`${sale.click_day}T00:00:00Z`);
  return {
    id: content.id,
    content,
    own: false,
    expected,
    reasons: [
      ...linkReasons(sale.payment_link, content),
      ...(age > referenceLifetimeMs + dayMs ? (['expired'] as const) : []),
      ...priceReasons(sale, checkout, expected),
    ],
  };
}

/** A Payment Link's payment is the session's only through the link the content names for it. */
function linkReasons(
  paymentLink: string | null,
  content: WorkshopCheckout | undefined,
): WorkshopReviewReason[] {
  return content?.paymentLink && paymentLink === content.paymentLink ? [] : ['other-link'];
}

/**
 * The price paid against the one expected: the same currency; the same amount before discounts;
 * and a total below it only by what a promotion code took off (the owner makes those in Stripe;
 * a buyer cannot), never by anything else.
 */
function priceReasons(
  sale: CheckoutEvent['sale'],
  checkout: CheckoutEvent['checkout'],
  expected: { amount: number; currency: string } | null,
): WorkshopReviewReason[] {
  if (!expected) return [];
  if (sale.currency !== expected.currency) return ['currency'];
  const subtotal = checkout.amountSubtotal ?? sale.amount;
  if (subtotal !== expected.amount) return ['price'];
  if (sale.amount === subtotal) return [];
  const discount = checkout.amountDiscount ?? 0;
  const byCode = checkout.promotionCode === true && sale.amount === subtotal - discount;
  return byCode ? [] : ['price'];
}
