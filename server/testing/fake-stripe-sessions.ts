import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/**
 * The stand-in Stripe's Checkout Sessions (fake-stripe.ts): what `POST /v1/checkout/sessions`
 * accepts, checked the way Stripe checks it, and the session object it answers, in the shape of
 * the `stripe` library's own type for the current API version.
 */

/** Stripe's error body, `{error: {type, code?, param?, message}}`, and its HTTP status. */
export class StripeRefusal {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; param?: string; message: string },
  ) {}
}

export const refusal = (
  status: number,
  message: string,
  extra: { code?: string; param?: string; type?: string } = {},
) => new StripeRefusal(status, { type: extra.type ?? 'invalid_request_error', message, ...extra });

/** Stripe's ids: a prefix, then letters and digits. */
export function stripeId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}${[...randomBytes(length)].map((byte) => alphabet[byte % 62]).join('')}`;
}

/**
 * The library's form encoding (`line_items[0][price_data][currency]=gbp`) read back into nested
 * objects; an index makes an array. An empty value is Stripe's "unset".
 */
export function readForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.match(/^[^[\]]+|\[[^[\]]*\]/g)?.map((part) => part.replace(/^\[|\]$/g, ''));
    if (!path || path.join('').length === 0) continue;
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = path[index + 1] ?? '';
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** What we send to make a session, once checked. */
export interface SessionRequest {
  currency: string;
  unitAmount: number;
  productName: string;
  reference: string | null;
  metadata: Record<string, string>;
  expiresAt: number;
  customerEmail: string | null;
  allowPromotionCodes: boolean;
  successUrl: string;
  cancelUrl: string | null;
}

const known = new Set([
  'mode',
  'line_items',
  'client_reference_id',
  'metadata',
  'expires_at',
  'customer_email',
  'allow_promotion_codes',
  'success_url',
  'cancel_url',
]);

const isInteger = (value: unknown) => typeof value === 'string' && /^-?\d{1,15}$/.test(value);
const isUrl = (value: unknown) => typeof value === 'string' && URL.canParse(value);

/**
 * Checks a create request as Stripe would, for the parameters this project sends; any other
 * parameter is refused, as Stripe refuses one it does not know, so a typo shows in a test.
 */
export function readSessionRequest(
  form: Record<string, unknown>,
  nowSeconds: number,
): SessionRequest | StripeRefusal {
  const unknownKey = Object.keys(form).find((key) => !known.has(key));
  if (unknownKey) {
    return refusal(400, `Received unknown parameter: ${unknownKey}`, {
      code: 'parameter_unknown',
      param: unknownKey,
    });
  }
  if (form.mode !== 'payment') {
    return refusal(400, 'This stand-in makes Checkout Sessions in payment mode only.', {
      code: 'parameter_invalid_empty',
      param: 'mode',
    });
  }
  const item = readLineItem(form.line_items);
  if (item instanceof StripeRefusal) return item;
  const rest = readSessionSettings(form, nowSeconds);
  if (rest instanceof StripeRefusal) return rest;
  return { ...item, ...rest };
}

function readLineItem(
  items: unknown,
): Pick<SessionRequest, 'currency' | 'unitAmount' | 'productName'> | StripeRefusal {
  if (!Array.isArray(items) || items.length !== 1) {
    return refusal(400, 'Missing required param: line_items.', {
      code: 'parameter_missing',
      param: 'line_items',
    });
  }
  const item = items[0] as {
    quantity?: string;
    price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
  };
  const price = item.price_data;
  if (item.quantity !== '1') {
    return refusal(400, 'One place per Checkout Session.', {
      code: 'parameter_invalid_integer',
      param: 'line_items[0][quantity]',
    });
  }
  if (!price?.currency || !/^[a-z]{3}$/.test(price.currency)) {
    return refusal(400, 'Invalid currency.', {
      code: 'parameter_invalid_empty',
      param: 'line_items[0][price_data][currency]',
    });
  }
  const amount = Number(price.unit_amount);
  if (!isInteger(price.unit_amount) || amount < 30 || amount > 99_999_999) {
    return refusal(400, 'Invalid integer: unit_amount must be between 30 and 99999999.', {
      code: 'parameter_invalid_integer',
      param: 'line_items[0][price_data][unit_amount]',
    });
  }
  const name = price.product_data?.name?.trim();
  if (!name) {
    return refusal(400, 'Missing required param: line_items[0][price_data][product_data][name].', {
      code: 'parameter_missing',
      param: 'line_items[0][price_data][product_data][name]',
    });
  }
  return { currency: price.currency, unitAmount: amount, productName: name };
}

function readSessionSettings(
  form: Record<string, unknown>,
  nowSeconds: number,
): Omit<SessionRequest, 'currency' | 'unitAmount' | 'productName'> | StripeRefusal {
  const expiresAt = Number(form.expires_at);
  if (!isInteger(form.expires_at) || expiresAt < nowSeconds + 30 * 60) {
    return refusal(
      400,
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      { param: 'expires_at' },
    );
  }
  if (expiresAt > nowSeconds + 24 * 3600) {
    return refusal(
      400,
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      { param: 'expires_at' },
    );
  }
  const metadata = readMetadata(form.metadata);
  if (metadata instanceof StripeRefusal) return metadata;
  const reference = form.client_reference_id;
  if (typeof reference === 'string' && reference.length > 200) {
    return refusal(400, 'client_reference_id can be at most 200 characters.', {
      param: 'client_reference_id',
    });
  }
  const email = form.customer_email;
  if (
    email !== undefined &&
    (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
  ) {
    // Stripe's own words quote the address: the caller must not pass them on.
    return refusal(400, `Invalid email address: ${String(email)}`, {
      code: 'email_invalid',
      param: 'customer_email',
    });
  }
  if (!isUrl(form.success_url) || (form.cancel_url !== undefined && !isUrl(form.cancel_url))) {
    const param = isUrl(form.success_url) ? 'cancel_url' : 'success_url';
    return refusal(400, 'Not a valid URL', { code: 'url_invalid', param });
  }
  const promotion = form.allow_promotion_codes;
  if (promotion !== undefined && promotion !== 'true' && promotion !== 'false') {
    return refusal(400, 'Invalid boolean', { param: 'allow_promotion_codes' });
  }
  return {
    reference: typeof reference === 'string' && reference !== '' ? reference : null,
    metadata,
    expiresAt,
    customerEmail: typeof email === 'string' ? email : null,
    allowPromotionCodes: promotion === 'true',
    successUrl: form.success_url as string,
    cancelUrl: typeof form.cancel_url === 'string' ? form.cancel_url : null,
  };
}

/** Stripe's limits: 50 keys of at most 40 characters, no brackets; values up to 500. */
function readMetadata(raw: unknown): Record<string, string> | StripeRefusal {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return refusal(400, 'Invalid hash', { param: 'metadata' });
  }
  const entries = Object.entries(raw);
  if (entries.length > 50) {
    return refusal(400, 'Metadata can have at most 50 keys.', { param: 'metadata' });
  }
  for (const [key, value] of entries) {
    if (key.length > 40 || typeof value !== 'string' || value.length > 500) {
      return refusal(400, 'Metadata keys can be up to 40 characters, values up to 500.', {
        param: `metadata[${key.slice(0, 40)}]`,
      });
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** A new open session, as Stripe answers it (livemode from the key). */
export function newSession(
  request: SessionRequest,
  {
    id,
    nowSeconds,
    pageUrl,
    livemode,
  }: { id: string; nowSeconds: number; pageUrl: string; livemode: boolean },
): Stripe.Checkout.Session {
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: request.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: request.unitAmount,
    amount_total: request.unitAmount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: request.cancelUrl,
    client_reference_id: request.reference,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: nowSeconds,
    currency: request.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    // Stripe fills the buyer's details in when they pay; the prefilled address is customer_email.
    customer_details: null,
    customer_email: request.customerEmail,
    discounts: [],
    expires_at: request.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode,
    locale: null,
    managed_payments: null,
    metadata: request.metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: request.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: pageUrl,
    wallet_options: null,
  };
}

export function customerDetails(
  email: string,
  name: string | null,
): Stripe.Checkout.Session.CustomerDetails {
  return {
    address: null,
    business_name: null,
    email,
    individual_name: null,
    name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
}
