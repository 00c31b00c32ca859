import { z } from 'zod';
import { sourceName } from '../../../contracts/traffic-source';
import type { SaleStatus } from '../../db/schema';
import type { CheckoutClick } from './reference';
import type { StripeEventRecord } from './store';

/**
 * The Stripe events that record a sale (decision 020), read from a body whose signature has been
 * checked. Only the fields we keep are read, each checked: an amount that is not a whole number
 * of pence, say, is refused rather than guessed at. Everything else about the event stays in the
 * raw payload kept beside it.
 */

export const saleEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  // No sale: the seat its checkout held goes back (docs/decisions/032-workshop-delivered.md).
  'checkout.session.expired',
  'charge.refunded',
  // A buyer's bank disputes a payment: its attendee's emails stop until it is settled, and a
  // dispute lost frees the seat as a refund does (docs/decisions/034-selling-that-cannot-be-gamed.md).
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;
export type SaleEventType = (typeof saleEventTypes)[number];

const id = (prefix: string) => z.string().startsWith(prefix).max(255);
const minorUnits = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const currency = z
  .string()
  .regex(/^[a-zA-Z]{3}$/)
  .transform((code) => code.toLowerCase());
/** Stripe sends an id, or the object when it was expanded. */
const idOrObject = (prefix: string) =>
  z
    .union([id(prefix), z.object({ id: id(prefix) }).transform((object) => object.id)])
    .nullish()
    .default(null);

const envelope = z.object({
  id: id('evt_'),
  type: z.string().max(255),
  created: z.number().int().positive(),
  data: z.object({ object: z.unknown() }),
});

const checkoutSession = z.object({
  id: id('cs_'),
  created: z.number().int().positive(),
  livemode: z.boolean(),
  amount_total: minorUnits,
  amount_subtotal: minorUnits.nullish(),
  currency,
  client_reference_id: z.string().max(200).nullish().default(null),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  customer_details: z
    .object({
      email: z.string().max(320).nullish(),
      // Any length Stripe allows is taken, then cleaned (nameOf): a long name is no reason to
      // refuse the sale and have Stripe retry it for days.
      name: z.string().max(100_000).nullish(),
    })
    .nullish(),
  customer_email: z.string().max(320).nullish(),
  payment_intent: idOrObject('pi_'),
  customer: idOrObject('cus_'),
  payment_link: idOrObject('plink_'),
  metadata: z.record(z.string(), z.string()).nullish(),
  // What a promotion code took off: the owner's own offer, which explains a lower total.
  total_details: z.object({ amount_discount: minorUnits.nullish() }).nullish(),
  discounts: z.array(z.object({ promotion_code: idOrObject('promo_') }).passthrough()).nullish(),
});

/** An expired session: only which one, and our metadata naming its hold. */
const expiredSession = z.object({
  id: id('cs_'),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const charge = z.object({
  id: id('ch_'),
  amount_refunded: minorUnits,
  currency,
  payment_intent: idOrObject('pi_'),
});

/** A dispute: which payment it names, and where it stands (Stripe's status). */
const dispute = z.object({
  id: id('dp_'),
  charge: idOrObject('ch_'),
  payment_intent: idOrObject('pi_'),
  status: z.string().max(64),
});

export type ParsedEvent =
  | { kind: 'record'; event: StripeEventRecord }
  /** A type we do not record: acknowledged, nothing stored. */
  | { kind: 'ignored'; id: string; type: string };

export class StripeEventShapeError extends Error {
  override name = 'StripeEventShapeError';
}

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/**
 * The click a sale's `client_reference_id` names, when it is ours and may be believed
 * (server/features/sales/reference.ts, signed; the experiment credited only when it was live): else
 * null, and the sale counts under no page, source or variant.
 */
export type ReadReference = (reference: string | null) => CheckoutClick | null;

/**
 * `payload` is the raw body, `parsed` the event the signature check gave back, `readReference`
 * what the session's reference says of its click.
 */
export function readSaleEvent(
  payload: string,
  parsed: unknown,
  readReference: ReadReference,
): ParsedEvent {
  const head = envelope.safeParse(parsed);
  if (!head.success) throw new StripeEventShapeError('not a Stripe event');
  const { id: eventId, type, created, data } = head.data;
  if (!(saleEventTypes as readonly string[]).includes(type)) {
    return { kind: 'ignored', id: eventId, type };
  }
  // A subscription or a saved card is not a workshop sale (and has no amount to record).
  const mode = z.object({ mode: z.string() }).safeParse(data.object);
  if (type !== 'charge.refunded' && mode.success && mode.data.mode !== 'payment') {
    return { kind: 'ignored', id: eventId, type: `${type} (${mode.data.mode})` };
  }
  const base = { id: eventId, type, createdAt: isoOf(created), payload };
  if (type.startsWith('charge.dispute.')) return disputeEvent(base, data.object);
  if (type === 'charge.refunded') {
    const object = charge.safeParse(data.object);
    if (!object.success) throw new StripeEventShapeError(`${type}: ${fieldsOf(object.error)}`);
    const { id: chargeId, amount_refunded, currency, payment_intent } = object.data;
    return {
      kind: 'record',
      event: {
        ...base,
        refund: {
          chargeId,
          paymentIntent: payment_intent,
          amountRefunded: amount_refunded,
          currency,
        },
      },
    };
  }
  if (type === 'checkout.session.expired') {
    const object = expiredSession.safeParse(data.object);
    if (!object.success) throw new StripeEventShapeError(`${type}: ${fieldsOf(object.error)}`);
    const { id: sessionId, metadata } = object.data;
    return {
      kind: 'record',
      event: { ...base, expired: { id: sessionId, metadata: metadata ?? {} } },
    };
  }
  const object = checkoutSession.safeParse(data.object);
  if (!object.success) throw new StripeEventShapeError(`${type}: ${fieldsOf(object.error)}`);
  const session = object.data;
  const click = readReference(session.client_reference_id);
  return {
    kind: 'record',
    event: {
      ...base,
      sale: {
        id: session.id,
        created_at: isoOf(session.created),
        status: statusOf(
          type as Exclude<SaleEventType, 'checkout.session.expired'>,
          session.payment_status,
        ),
        livemode: session.livemode ? 1 : 0,
        amount: session.amount_total,
        currency: session.currency,
        product: session.metadata?.product ?? session.payment_link ?? null,
        reference: session.client_reference_id,
        click_day: click?.day ?? null,
        host: click?.host ?? null,
        path: click?.path || null,
        source: click ? sourceName(click.source) : null,
        experiment: click?.experiment?.name ?? null,
        variant: click?.experiment?.variant ?? null,
        email: emailOf(session.customer_details?.email ?? session.customer_email),
        payment_intent: session.payment_intent,
        customer: session.customer,
        payment_link: session.payment_link,
        checkout: {
          name: nameOf(session.customer_details?.name),
          metadata: session.metadata ?? {},
          amountSubtotal: session.amount_subtotal ?? null,
          amountDiscount: session.total_details?.amount_discount ?? 0,
          promotionCode: (session.discounts ?? []).some((given) => given.promotion_code !== null),
        },
      },
    },
  };
}

/** A charge.dispute.* event: which dispute, of which charge and payment, where it stands. */
function disputeEvent(base: Omit<StripeEventRecord, 'dispute'>, object: unknown): ParsedEvent {
  const read = dispute.safeParse(object);
  if (!read.success) throw new StripeEventShapeError(`${base.type}: ${fieldsOf(read.error)}`);
  const { id: disputeId, charge, payment_intent, status } = read.data;
  return {
    kind: 'record',
    event: {
      ...base,
      dispute: {
        id: disputeId,
        chargeId: charge,
        paymentIntent: payment_intent,
        status,
        closed: base.type === 'charge.dispute.closed',
      },
    },
  };
}

function statusOf(
  type: Exclude<SaleEventType, 'checkout.session.expired'>,
  paymentStatus: string,
): SaleStatus {
  if (type === 'checkout.session.async_payment_succeeded') return 'paid';
  if (type === 'checkout.session.async_payment_failed') return 'failed';
  // Completed, but a delayed method (a bank debit) may still fail: it settles in a later event.
  return paymentStatus === 'unpaid' ? 'pending' : 'paid';
}

/** Lower case, so that erasure and the subscriber check match however it was typed. */
function emailOf(raw: string | null | undefined): string | null {
  const email = raw?.trim().toLowerCase();
  return email?.includes('@') ? email : null;
}

/** Names go into emails and the room's list: one line of printable text, at most 200 characters. */
export const maxNameLength = 200;

/**
 * The buyer's name as a line of text: control and format characters (a newline, a bidi
 * override) become spaces, runs of space one, and it is cut to `maxNameLength`; none left, null.
 */
function nameOf(raw: string | null | undefined): string | null {
  const name = (raw ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name ? Array.from(name).slice(0, maxNameLength).join('').trim() : null;
}

/** The fields that did not fit, by path: never their values, which may be personal. */
const fieldsOf = (error: z.ZodError) =>
  [...new Set(error.issues.map((issue) => issue.path.join('.') || '(event)'))].join(', ');
