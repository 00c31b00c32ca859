import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { checkoutPage, notFoundPage, type PageState } from './fake-stripe-page';
import {
  customerDetails,
  newSession,
  readForm,
  readSessionRequest,
  refusal,
  StripeRefusal,
  stripeId,
} from './fake-stripe-sessions';
import {
  chargeDisputeEvent,
  chargeRefundedEvent,
  delivery,
  signed,
  stripeEvent,
} from './stripe-event-shapes';

/**
 * A local stand-in for Stripe, for tests and local runs (`npm run stand-ins`): the three calls
 * our checkout makes (create, retrieve and expire a Checkout Session), answered in the shape of
 * the API version the `stripe` library speaks and reached through the library's own host, port
 * and protocol settings (STRIPE_API_URL); a hosted page at each session's `url` whose form pays
 * it; and the webhook events that follow, signed as Stripe signs them. Like Stripe it checks the
 * key, refuses what it does not know, and answers a repeated Idempotency-Key with the first
 * answer. It also has the owner's Payment Links (`/b/<code>`, as buy.stripe.com serves them),
 * each at its own price and currency, whose sessions name the link, and lets a test dispute a
 * paid charge and close the dispute.
 */

/** A Payment Link of the owner's: its id, the code of its address, what it sells and for how much. */
export interface FakePaymentLink {
  id: string;
  /** Its address is `/b/<code>` (buy.stripe.com/<code> at Stripe). */
  code: string;
  productName: string;
  /** In the currency's smallest unit. */
  amount: number;
  currency: string;
  allowPromotionCodes?: boolean;
}

export interface FakeStripeOptions {
  /** The secret key calls must bear (Authorization: Bearer …). */
  apiKey: string;
  /** Where events are POSTed; unset, they are kept (deliveries()) but not sent. */
  webhookUrl?: string;
  /** The endpoint's whsec_… secret the events are signed with. */
  webhookSecret: string;
  port?: number;
  /** Codes the hosted page takes, each with its percentage off; by default FRIEND10, 10 %. */
  promotionCodes?: Record<string, number>;
  /** Milliseconds before each retry of a delivery that failed (doubling); 200 by default. */
  webhookRetryMs?: number;
  /** The fake's clock, in milliseconds. */
  now?: () => number;
  /** Told of each event once the endpoint took it or the fake gave up (a local run prints it). */
  onDelivery?: (delivery: FakeDelivery) => void;
  /** The owner's Payment Links; none by default. */
  paymentLinks?: readonly FakePaymentLink[];
}

export interface FakePayment {
  email: string;
  name: string;
  /** What was charged, when a test wants it to differ from the session's price. */
  amount?: number;
  currency?: string;
  promotionCode?: string;
}

/** One event the fake sent (or meant to): what the webhook endpoint answered, after retries. */
export interface FakeDelivery {
  type: string;
  eventId: string;
  objectId: string;
  status: number | 'unreachable' | 'not sent' | 'sending';
  attempts: number;
}

/** One API call as it came, and what the fake did with it. */
export interface FakeCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  answer: number | 'held';
}

interface Charge {
  id: string;
  /** The dispute of it, once one is opened. */
  dispute?: string;
  paymentIntent: string;
  amount: number;
  currency: string;
  refunded: number;
}

interface Held {
  session: Stripe.Checkout.Session;
  productName: string;
  charge: Charge | null;
}

interface Remembered {
  request: string;
  status: number;
  body: string;
}

/** The fake's state, shared by its routes and its test controls. */
interface Fake {
  options: Required<Omit<FakeStripeOptions, 'webhookUrl' | 'port'>> & { webhookUrl?: string };
  url: string;
  held: Map<string, Held>;
  idempotency: Map<string, Remembered>;
  failures: ('error' | 'timeout')[];
  calls: FakeCall[];
  deliveries: FakeDelivery[];
  sending: Set<Promise<void>>;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe({ port = 0, ...given }: FakeStripeOptions) {
  const fake: Fake = {
    options: {
      promotionCodes: { FRIEND10: 10 },
      webhookRetryMs: 200,
      now: Date.now,
      onDelivery: () => {},
      paymentLinks: [],
      ...given,
    },
    url: '',
    held: new Map(),
    idempotency: new Map(),
    failures: [],
    calls: [],
    deliveries: [],
    sending: new Set(),
  };
  const server = createServer((request, response) => {
    handle(fake, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Stripe expires a session soon after its expires_at and says so; so does the fake.
  const sweeper = setInterval(() => sweepExpired(fake), 5_000);
  sweeper.unref();

  return {
    url: fake.url,
    /** The sessions made, in order, as the API would answer them now. */
    sessions: () => [...fake.held.values()].map(({ session }) => structuredClone(session)),
    session: (id: string) => structuredClone(heldSession(fake, id).session),
    /** Every API call, in order. */
    calls: () => [...fake.calls],
    /** Every event, in order, with the endpoint's answer. */
    deliveries: () => fake.deliveries.map((entry) => ({ ...entry })),
    /** The next `count` API calls fail: a 500, or no answer (the client's time-out ends it). */
    failNext(count: number, kind: 'error' | 'timeout') {
      for (let index = 0; index < count; index++) fake.failures.push(kind);
    },
    /** What the hosted page's form does: pays, tells the webhook, answers where Stripe sends. */
    pay: (id: string, payment: FakePayment) => pay(fake, id, payment),
    /** Refunds `amount` (by default what is left) of a paid session, and tells the webhook. */
    refund: (id: string, amount?: number) => refund(fake, id, amount),
    /** Expires an open session, as its time running out would, and tells the webhook. */
    expire: (id: string) => expireSession(fake, id),
    /**
     * What opening a Payment Link's address does (`/b/<code>?client_reference_id=…`): a new
     * session of the link, carrying the reference; answers its id.
     */
    openPaymentLink: (code: string, query: Record<string, string> = {}) =>
      openPaymentLink(fake, code, new URLSearchParams(query)).id,
    /** The buyer's bank disputes a paid session's charge: charge.dispute.created. */
    dispute: (id: string) => dispute(fake, id, 'charge.dispute.created', 'needs_response'),
    /** The dispute ends (won, lost, or an inquiry closed: warning_closed): charge.dispute.closed. */
    closeDispute: (id: string, status: 'won' | 'lost' | 'warning_closed') =>
      dispute(fake, id, 'charge.dispute.closed', status),
    /** Resolves once every event sent so far has had its answer. */
    async settled() {
      while (fake.sending.size > 0) await Promise.all(fake.sending);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweeper);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(fake: Fake, request: IncomingMessage, response: ServerResponse) {
  const { pathname } = new URL(request.url ?? '/', fake.url);
  const body = await readBody(request);
  sweepExpired(fake);
  const link = pathname.match(/^\/b\/([A-Za-z0-9_]+)$/)?.[1];
  if (link && request.method === 'GET') {
    const opened = fake.options.paymentLinks.some((known) => known.code === link);
    if (!opened) return void response.writeHead(404).end(notFoundPage());
    const query = new URL(request.url ?? '/', fake.url).searchParams;
    const session = openPaymentLink(fake, link, query);
    return void response.writeHead(303, { Location: session.url ?? '/' }).end();
  }
  const page = pathname.match(/^\/c\/pay\/([A-Za-z0-9_]+)$/)?.[1];
  if (page) {
    if (request.method === 'POST') await submitPage(fake, page, body, response);
    else showPage(fake, page, response);
    return;
  }
  if (pathname.startsWith('/v1/')) await api(fake, request, pathname, body, response);
  else response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(notFoundPage());
}

/** The API: failures a test asked for first, then the key, then the call (replayed if keyed). */
async function api(
  fake: Fake,
  request: IncomingMessage,
  path: string,
  body: string,
  response: ServerResponse,
) {
  const method = request.method ?? 'GET';
  const keyHeader = request.headers['idempotency-key'];
  const key = typeof keyHeader === 'string' ? keyHeader : null;
  const call: FakeCall = { method, path, idempotencyKey: key, answer: 'held' };
  fake.calls.push(call);
  const failure = fake.failures.shift();
  if (failure === 'timeout') return; // No answer: the client gives up, as it would on Stripe.
  const answer = (status: number, json: string, replayed = false) => {
    call.answer = status;
    response
      .writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': stripeId('req_', 14),
        'Stripe-Version': Stripe.API_VERSION,
        ...(key ? { 'Idempotency-Key': key } : {}),
        ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
      })
      .end(json);
  };
  if (failure === 'error') {
    answer(500, JSON.stringify(refusal(500, 'An unknown error occurred', { type: 'api_error' })));
    return;
  }
  const auth = checkKey(fake, request.headers.authorization);
  if (auth) return answer(auth.status, JSON.stringify({ error: auth.error }));
  const remembered = method === 'POST' && key ? fake.idempotency.get(key) : undefined;
  if (remembered) {
    if (remembered.request !== `${path}?${body}`) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      return answer(400, JSON.stringify(refusal(400, message, { type: 'idempotency_error' })));
    }
    return answer(remembered.status, remembered.body, true);
  }
  const [status, answered] = route(fake, method, path, body);
  const json = JSON.stringify(
    answered instanceof StripeRefusal ? { error: answered.error } : answered,
  );
  if (method === 'POST' && key)
    fake.idempotency.set(key, { request: `${path}?${body}`, status, body: json });
  answer(status, json);
}

function checkKey(fake: Fake, authorization: string | undefined): StripeRefusal | null {
  const given = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!given) {
    return refusal(
      401,
      'You did not provide an API key. Provide it in the Authorization header, using Bearer auth.',
    );
  }
  if (given === fake.options.apiKey) return null;
  // Stripe's own words quote the key's tail: a client must not pass them on.
  return refusal(401, `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`);
}

function route(
  fake: Fake,
  method: string,
  path: string,
  body: string,
): [number, Stripe.Checkout.Session | StripeRefusal] {
  if (path === '/v1/checkout/sessions' && method === 'POST') return createSession(fake, body);
  const [, id, action] = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/) ?? [];
  if (!id) return [404, refusal(404, `Unrecognized request URL (${method}: ${path}).`)];
  const found = fake.held.get(id);
  if (!found) {
    const missing = refusal(404, `No such checkout.session: '${id}'`, {
      code: 'resource_missing',
      param: 'session',
    });
    return [404, missing];
  }
  if (method === 'GET' && !action) return [200, found.session];
  if (method === 'POST' && action) {
    if (found.session.status !== 'open') {
      const message = `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${found.session.status}".`;
      return [400, refusal(400, message)];
    }
    track(fake, expireSession(fake, id));
    return [200, found.session];
  }
  return [404, refusal(404, `Unrecognized request URL (${method}: ${path}).`)];
}

function createSession(
  fake: Fake,
  body: string,
): [number, Stripe.Checkout.Session | StripeRefusal] {
  const nowSeconds = Math.floor(fake.options.now() / 1000);
  const request = readSessionRequest(readForm(body), nowSeconds);
  if (request instanceof StripeRefusal) return [request.status, request];
  const id = stripeId(fake.options.apiKey.includes('_live_') ? 'cs_live_' : 'cs_test_', 58);
  const session = newSession(request, {
    id,
    nowSeconds,
    pageUrl: `${fake.url}/c/pay/${id}`,
    livemode: fake.options.apiKey.includes('_live_'),
  });
  fake.held.set(id, { session, productName: request.productName, charge: null });
  return [200, session];
}

function heldSession(fake: Fake, id: string): Held {
  const found = fake.held.get(id);
  if (!found) throw new Error(`the fake Stripe made no Checkout Session ${id}`);
  return found;
}

function showPage(
  fake: Fake,
  id: string,
  response: ServerResponse,
  state?: PageState,
  status = 200,
) {
  const found = fake.held.get(id);
  const html = found ? checkoutPage(found.session, found.productName, state) : notFoundPage();
  response
    .writeHead(found ? status : 404, { 'Content-Type': 'text/html; charset=utf-8' })
    .end(html);
}

/** The hosted form's POST: paid, then on to the success URL (303), or the form again. */
async function submitPage(fake: Fake, id: string, body: string, response: ServerResponse) {
  const fields = new URLSearchParams(body);
  const state: PageState = {
    email: fields.get('email')?.trim() ?? '',
    name: fields.get('name')?.trim() ?? '',
    promotionCode: fields.get('promotion_code')?.trim() ?? '',
  };
  const found = fake.held.get(id);
  if (found?.session.status !== 'open') return showPage(fake, id, response);
  // A session made with the buyer's address is paid with it, whatever the form sent.
  if (found.session.customer_email) state.email = found.session.customer_email;
  const problem = !/^[^@\s]+@[^@\s]+$/.test(state.email ?? '')
    ? 'Enter an email address.'
    : !state.name
      ? 'Enter your name.'
      : state.promotionCode && !codeOf(fake, state.promotionCode)
        ? 'This promotion code is not valid.'
        : null;
  if (problem) return showPage(fake, id, response, { ...state, problem }, 400);
  const { redirect } = await pay(fake, id, {
    email: state.email ?? '',
    name: state.name ?? '',
    promotionCode: state.promotionCode || undefined,
  });
  response.writeHead(303, { Location: redirect }).end();
}

const codeOf = (fake: Fake, code: string) =>
  Object.entries(fake.options.promotionCodes).find(
    ([known]) => known.toUpperCase() === code.toUpperCase(),
  );

/** Completes an open session as a card payment would, then sends checkout.session.completed. */
async function pay(fake: Fake, id: string, payment: FakePayment): Promise<{ redirect: string }> {
  const found = heldSession(fake, id);
  sweepExpired(fake);
  const { session } = found;
  if (session.status !== 'open') throw new Error(`Checkout Session ${id} is ${session.status}`);
  const subtotal = session.amount_subtotal ?? 0;
  const code = payment.promotionCode ? codeOf(fake, payment.promotionCode) : undefined;
  if (payment.promotionCode && !code) throw new Error('not a promotion code the fake knows');
  const discount = code ? Math.round((subtotal * code[1]) / 100) : 0;
  const amount = payment.amount ?? subtotal - discount;
  const currency = payment.currency ?? session.currency ?? 'gbp';
  const paymentIntent = stripeId('pi_');
  found.charge = { id: stripeId('ch_'), paymentIntent, amount, currency, refunded: 0 };
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    payment_intent: paymentIntent,
    customer_details: customerDetails(payment.email, payment.name),
    amount_total: amount,
    currency,
    discounts: code ? [{ coupon: `coupon_${code[0]}`, promotion_code: stripeId('promo_') }] : [],
    total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
    url: null,
  } satisfies Partial<Stripe.Checkout.Session>);
  await send(
    fake,
    stripeEvent('checkout.session.completed', structuredClone(session), {
      livemode: session.livemode,
    }),
  );
  return { redirect: (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', id) };
}

/**
 * A session of one of the owner's Payment Links, as Stripe opens one at each visit of its
 * address: the link's price and currency, the visitor's `client_reference_id` and
 * `prefilled_email` as the address carried them, payable for 24 hours, naming its link.
 */
function openPaymentLink(
  fake: Fake,
  code: string,
  query: URLSearchParams,
): Stripe.Checkout.Session {
  const link = fake.options.paymentLinks.find((known) => known.code === code);
  if (!link) throw new Error(`the fake Stripe has no Payment Link ${code}`);
  const nowSeconds = Math.floor(fake.options.now() / 1000);
  const id = stripeId(fake.options.apiKey.includes('_live_') ? 'cs_live_' : 'cs_test_', 58);
  const reference = query.get('client_reference_id');
  const session = newSession(
    {
      currency: link.currency,
      unitAmount: link.amount,
      productName: link.productName,
      reference: reference && /^[A-Za-z0-9_-]{1,200}$/.test(reference) ? reference : null,
      metadata: {},
      expiresAt: nowSeconds + 24 * 3600,
      customerEmail: query.get('prefilled_email'),
      allowPromotionCodes: link.allowPromotionCodes ?? false,
      successUrl: `${fake.url}/b/${code}/thanks`,
      cancelUrl: null,
    },
    {
      id,
      nowSeconds,
      pageUrl: `${fake.url}/c/pay/${id}`,
      livemode: fake.options.apiKey.includes('_live_'),
    },
  );
  session.payment_link = link.id;
  fake.held.set(id, { session, productName: link.productName, charge: null });
  return session;
}

/** A dispute of a paid session's charge opened, or closed with `status`, told to the webhook. */
async function dispute(
  fake: Fake,
  id: string,
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  status: string,
): Promise<void> {
  const { charge, session } = heldSession(fake, id);
  if (!charge) throw new Error(`Checkout Session ${id} has not been paid`);
  if (type === 'charge.dispute.closed' && !charge.dispute) throw new Error('no dispute is open');
  charge.dispute ??= stripeId('dp_');
  await send(
    fake,
    chargeDisputeEvent(type, {
      dispute: charge.dispute,
      charge: charge.id,
      paymentIntent: charge.paymentIntent,
      status,
      amount: charge.amount,
      currency: charge.currency,
      livemode: session.livemode,
    }),
  );
}

async function refund(fake: Fake, id: string, amount?: number): Promise<void> {
  const { charge, session } = heldSession(fake, id);
  if (!charge) throw new Error(`Checkout Session ${id} has not been paid`);
  const left = charge.amount - charge.refunded;
  const refunding = amount ?? left;
  if (!Number.isInteger(refunding) || refunding <= 0 || refunding > left) {
    throw new Error(`a refund of ${refunding} when ${left} is left to refund`);
  }
  charge.refunded += refunding;
  const event = chargeRefundedEvent({
    charge: charge.id,
    paymentIntent: charge.paymentIntent,
    refunded: charge.refunded,
    amount: charge.amount,
    currency: charge.currency,
    livemode: session.livemode,
  });
  await send(fake, event);
}

async function expireSession(fake: Fake, id: string): Promise<void> {
  const { session } = heldSession(fake, id);
  if (session.status !== 'open') throw new Error(`Checkout Session ${id} is ${session.status}`);
  Object.assign(session, {
    status: 'expired',
    url: null,
  } satisfies Partial<Stripe.Checkout.Session>);
  await send(
    fake,
    stripeEvent('checkout.session.expired', structuredClone(session), {
      livemode: session.livemode,
    }),
  );
}

/** Open sessions past their time, expired as Stripe does a little after expires_at. */
function sweepExpired(fake: Fake) {
  const nowSeconds = Math.floor(fake.options.now() / 1000);
  for (const { session } of fake.held.values()) {
    if (session.status === 'open' && session.expires_at <= nowSeconds) {
      track(fake, expireSession(fake, session.id));
    }
  }
}

function track(fake: Fake, sending: Promise<void>) {
  const settled = sending.catch(() => {}).finally(() => fake.sending.delete(settled));
  fake.sending.add(settled);
}

/**
 * POSTs the event to the webhook URL, signed afresh at each attempt as Stripe does, and tries
 * again (a few times, waiting longer each time) while the endpoint fails.
 */
async function send(fake: Fake, event: ReturnType<typeof stripeEvent>): Promise<void> {
  const entry = await deliver(fake, event);
  fake.options.onDelivery({ ...entry });
}

async function deliver(fake: Fake, event: ReturnType<typeof stripeEvent>): Promise<FakeDelivery> {
  const entry: FakeDelivery = {
    type: event.type,
    eventId: event.id,
    objectId: (event.data.object as { id: string }).id,
    status: 'sending',
    attempts: 0,
  };
  fake.deliveries.push(entry);
  const { webhookUrl, webhookSecret, webhookRetryMs } = fake.options;
  if (!webhookUrl) {
    entry.status = 'not sent';
    return entry;
  }
  const attempts = 4;
  for (let attempt = 0; attempt < attempts; attempt++) {
    entry.attempts = attempt + 1;
    try {
      const answered = await fetch(webhookUrl, {
        ...delivery(signed(event, { secret: webhookSecret })),
        signal: AbortSignal.timeout(10_000),
      });
      await answered.body?.cancel();
      entry.status = answered.status;
      if (answered.ok) return entry;
    } catch {
      entry.status = 'unreachable';
    }
    if (attempt < attempts - 1) await sleep(webhookRetryMs * 2 ** attempt);
  }
  return entry;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Our calls are small; a body past 64 KB is not ours. */
async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
