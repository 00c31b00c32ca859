import { z } from 'zod';

/**
 * What is kept of a Stripe event (`stripe_events.payload`): the fields the sales, the workshop's
 * and the cohort's fulfilment read of it (stripe-events.ts), and nothing that names the buyer.
 * The buyer's email and name live in the sale and the attendee, where `leads forget` and
 * `leads prune` find them; a second copy in the event would only be one more place to miss
 * (docs/decisions/020-stripe-sales.md, "The funnel, export and erasure"). Stripe keeps the whole
 * event in its Dashboard for as long as the owner needs it.
 */

/** Stripe sends an id, or the object when it was expanded (which may name the buyer): the id. */
const stripeId = z
  .union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)])
  .nullish();

/**
 * The Checkout Session's, the charge's or the dispute's fields that are read. Left out on purpose:
 * `customer_details` and `customer_email` (the address, the name), `customer` (Stripe's id of the
 * person, which forget clears from the sale), `billing_details` (a charge's payer), a dispute's
 * `evidence` (the customer's name, address and email), and everything else no feature reads.
 * zod drops unknown keys, so what is not named here is not kept.
 */
const keptObject = z.object({
  id: z.string(),
  object: z.string().optional(),
  created: z.number().optional(),
  livemode: z.boolean().optional(),
  mode: z.string().nullish(),
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().nullish(),
  amount_subtotal: z.number().nullish(),
  amount_refunded: z.number().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  payment_intent: stripeId,
  payment_link: stripeId,
  /** A dispute's charge. */
  charge: stripeId,
  metadata: z.record(z.string(), z.string()).nullish(),
  total_details: z.object({ amount_discount: z.number().nullish() }).nullish(),
  discounts: z.array(z.object({ promotion_code: stripeId })).nullish(),
});

const keptEvent = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number(),
  livemode: z.boolean().optional(),
  data: z.object({ object: keptObject }),
});

/** A stored event, as `stripe_events.payload` holds it (JSON). */
export type StoredStripeEvent = z.output<typeof keptEvent>;

/**
 * The JSON kept of a signed event's raw body: its projection, or null (nothing kept) for a body
 * that is not a Stripe event of the kinds recorded, which the webhook has already refused.
 */
export function storedPayload(rawBody: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const kept = keptEvent.safeParse(parsed);
  return kept.success ? JSON.stringify(kept.data satisfies StoredStripeEvent) : null;
}
