/**
 * Sales (decision 020): the workshop's checkout links, counted and sent on to Stripe with our
 * signed reference, and Stripe's events recorded as sales, once each. What the rest of the server
 * may use of it:
 * - its public routes: `checkoutRedirect` (/go/workshop, /go/page/<slug>) and
 *   `stripeWebhookRouter` (/api/stripe/webhook), with the references they sign and read
 *   (`checkoutReferences`);
 * - its store: the sale a job is about (`findSale`), the sales net of refunds the funnel and the
 *   experiments count (`salesWithRefunds`), the export, erasure and pruning of buyers and of
 *   Stripe's stored events;
 * - Stripe's events read and recorded (`readSaleEvent`, `recordStripeEvent`), which the tests of
 *   the outbox and the owner's tool replay;
 * - what the app gives it of the workshop (`OwnCheckout`, `Fulfil`): its own Checkout Sessions
 *   and what a payment, an expiry or a refund means for the seats and attendees.
 * Its tables: checkout_clicks, stripe_events, sales, sale_refunds.
 */

export { type CheckoutOrder, checkoutRedirect, type OwnCheckout } from './checkout-router';
export { addCheckoutClick } from './clicks';
export { saleJobs } from './jobs';
export { salesMigrations } from './migrations';
export { type CheckoutReferences, checkoutReferences } from './reference';
export { salesRoutes } from './routes';
export {
  exportSales,
  type Fulfil,
  type FulfilmentFacts,
  findSale,
  forgetBuyer,
  type JobsForSale,
  pruneBuyers,
  pruneStripeEvents,
  recordStripeEvent,
  refundsPerPayment,
  saleExportColumns,
  salesWithRefunds,
} from './store';
export { readSaleEvent } from './stripe-events';
export { stripeWebhookRouter } from './stripe-webhook';
