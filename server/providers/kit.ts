import { z } from 'zod';
import { majorUnits } from '../../contracts/money';
import { ProviderError, providerErrorFor } from './provider-error';

export interface KitSubscription {
  email: string;
  firstName: string | null;
  formId: string;
  /** The landing URL with its UTM parameters: Kit stores them on the subscriber. */
  referrer: string;
}

/** A post's newsletter, as Kit's broadcast (docs/decisions/028-writing.md). */
export interface KitBroadcast {
  subject: string;
  previewText: string;
  /** Kit's internal note, never sent: the mark by which a retry finds a broadcast it made. */
  description: string;
  html: string;
  /** When Kit sends it; null leaves it a draft for the owner to send. */
  sendAt: string | null;
}

/** A workshop sale as Kit records a purchase (docs/decisions/032-workshop-delivered.md). */
export interface KitPurchase {
  email: string;
  /** Our key of the sale, the Checkout Session's id: one purchase per id. */
  transactionId: string;
  /** In the currency's smallest unit, as Stripe gives it. */
  amount: number;
  /** ISO 4217, any case. */
  currency: string;
  /** When it was paid (ISO). */
  paidAt: string;
  product: { id: string; name: string };
}

/** A buyer tagged in Kit, so the owner's automations know what they bought. */
export interface KitTagging {
  email: string;
  firstName: string | null;
  tag: string;
}

/** The email provider, as the outbox sees it. */
export interface Kit {
  subscribe(subscription: KitSubscription): Promise<void>;
  /** Whether purchases can be recorded: Kit takes them only with an OAuth token. */
  recordsPurchases: boolean;
  /** Records a purchase once, however often it is tried. */
  recordPurchase(purchase: KitPurchase): Promise<void>;
  /**
   * Tags the buyer, making the tag and the subscriber (inactive: a buyer gets no newsletter
   * without opting in) where Kit has neither; safe to repeat.
   */
  tag(tagging: KitTagging): Promise<void>;
  /** Makes a broadcast; answers its id in Kit. */
  createBroadcast(broadcast: KitBroadcast): Promise<string>;
  /** The id of a broadcast with this description, if Kit holds one. */
  findBroadcast(description: string): Promise<string | null>;
  /**
   * Kit's broadcasts, a page at a time as Kit's cursor gives them, each as Kit answered it (the
   * caller reads the fields it needs); at most `maxPages` pages.
   */
  broadcastPages(maxPages: number): AsyncGenerator<unknown[]>;
  /** One broadcast whole, as Kit answers it: its list may leave the content out. */
  broadcast(id: string): Promise<unknown>;
}

export interface KitOptions {
  apiKey: string;
  /** An OAuth access token of the owner's Kit app (KIT_OAUTH_TOKEN): what purchases need. */
  oauthToken?: string;
  /** https://api.kit.com, or a local fake in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

/** Each Kit call's time-out: both of a subscribe fit well inside the outbox job's lease. */
export const kitTimeoutMs = 10_000;

/**
 * Kit API v4 (docs/product.md, "Providers: Kit"). A subscribe creates or updates the subscriber,
 * then adds them to the list's form (which sends Kit's confirmation email when the form is double
 * opt-in); both calls are safe to repeat, so a retry after a half-done attempt does no harm. A
 * broadcast is not safe to repeat, so the outbox looks for it by its description before every
 * try at making it (server/outbox/forwarding.ts).
 */
/**
 * One call to Kit's API v4: a POST of `body` when given, else a GET; answers the JSON Kit
 * answered (null when none). With `detail`, a refusal's error carries the start of Kit's words
 * (Kit's 422 names what it refused): for the owner's terminal only, never a log line, since a
 * refusal may quote a subscriber's address.
 */
export async function callKit(
  { apiKey, oauthToken, baseUrl, timeoutMs = kitTimeoutMs }: KitOptions,
  path: string,
  body?: object,
  { detail = false, oauth = false }: { detail?: boolean; oauth?: boolean } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(new URL(path, baseUrl), {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        Accept: 'application/json',
        // The calls Kit allows only to an app (purchases) carry its OAuth token instead.
        ...(oauth ? { Authorization: `Bearer ${oauthToken}` } : { 'X-Kit-Api-Key': apiKey }),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      // A redirect would carry the API key to wherever it points: refuse to follow one.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? 'timed out'
        : /redirect/i.test(cause?.message ?? '')
          ? 'answered with a redirect, which is refused (the key would go with it)'
          : `unreachable: ${error instanceof Error ? error.name : 'error'}`;
    throw new ProviderError(`Kit ${reason}`);
  }
  // Read the body whole either way, so the connection can be reused.
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const error = providerErrorFor('Kit', response);
    const words = detail
      ? text
          .slice(0, 300)
          // biome-ignore lint/suspicious/noControlCharactersInRegex: it goes to the owner's terminal.
          .replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ')
          .trim()
      : '';
    throw words ? new ProviderError(`${error.message}: ${words}`) : error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function createKit(options: KitOptions): Kit {
  const call = (path: string, body?: object) => callKit(options, path, body);
  const post = (path: string, body: object) => call(path, body);

  return {
    async subscribe({ email, firstName, formId, referrer }) {
      // Created inactive, so the form added next decides single or double opt-in and sends its
      // confirmation and incentive email; Kit's default (active) would skip both. Kit never
      // changes an existing subscriber's state through this call.
      await post('/v4/subscribers', {
        email_address: email,
        ...(firstName ? { first_name: firstName } : {}),
        state: 'inactive',
      });
      await post(`/v4/forms/${encodeURIComponent(formId)}/subscribers`, {
        email_address: email,
        referrer,
      });
    },

    async createBroadcast({ subject, previewText, description, html, sendAt }) {
      const made = madeBroadcast.safeParse(
        await post('/v4/broadcasts', {
          subject,
          preview_text: previewText,
          description,
          content: html,
          // The site is the archive: not also on Kit's own web page.
          public: false,
          send_at: sendAt,
        }),
      );
      if (!made.success) throw new ProviderError('Kit answered a broadcast without its id');
      return String(made.data.broadcast.id);
    },

    async findBroadcast(description) {
      // Every try looks through the newest few hundred before making one.
      for await (const page of this.broadcastPages(maxBroadcastPages)) {
        for (const item of page) {
          const listed = listedBroadcast.safeParse(item);
          if (listed.success && listed.data.description === description) {
            return String(listed.data.id);
          }
        }
      }
      return null;
    },

    async *broadcastPages(maxPages) {
      let after: string | null = null;
      for (let page = 0; page < maxPages; page++) {
        const query = new URLSearchParams({ per_page: '100', ...(after ? { after } : {}) });
        const listed = broadcastList.safeParse(await call(`/v4/broadcasts?${query}`));
        if (!listed.success) throw new ProviderError('Kit answered an unreadable broadcast list');
        yield listed.data.broadcasts;
        const { has_next_page: more, end_cursor: cursor } = listed.data.pagination ?? {};
        // A cursor that does not move is Kit's mistake, not more broadcasts.
        if (!more || !cursor || cursor === after) return;
        after = cursor;
      }
    },

    broadcast: (id) => call(`/v4/broadcasts/${encodeURIComponent(id)}`),

    recordsPurchases: Boolean(options.oauthToken),
    recordPurchase: (purchase) => recordPurchase(options, purchase),

    async tag({ email, firstName, tag }) {
      // Kit answers the tag of that name when it has one (200), else makes it (201).
      const made = madeTag.safeParse(await post('/v4/tags', { name: tag }));
      if (!made.success) throw new ProviderError('Kit answered a tag without its id');
      // Only a subscriber can be tagged. Made inactive, as every sign-up is (decision 020); Kit
      // keeps an existing subscriber's state.
      await post('/v4/subscribers', {
        email_address: email,
        ...(firstName ? { first_name: firstName } : {}),
        state: 'inactive',
      });
      await post(`/v4/tags/${encodeURIComponent(String(made.data.tag.id))}/subscribers`, {
        email_address: email,
      });
    },
  };
}

/**
 * POST /v4/purchases, in Kit's units (the main unit, as numbers). Whether Kit refuses a second
 * purchase of one transaction id is not documented, so, as for broadcasts, every try looks among
 * the newest purchases first: a try after one whose answer was lost finds it there and is done.
 */
async function recordPurchase(options: KitOptions, purchase: KitPurchase): Promise<void> {
  if (!options.oauthToken) {
    throw new ProviderError('Kit records purchases only with an OAuth token (KIT_OAUTH_TOKEN)', {
      permanent: true,
    });
  }
  const oauth = { oauth: true };
  const listed = purchaseList.safeParse(
    await callKit(options, '/v4/purchases?per_page=100', undefined, oauth),
  );
  if (!listed.success) throw new ProviderError('Kit answered an unreadable purchase list');
  if (listed.data.purchases.some((made) => made.transaction_id === purchase.transactionId)) return;
  // Kit takes money in the main unit, as a number: pounds, not pence.
  const total = Number(majorUnits(purchase.amount, purchase.currency));
  const product = {
    name: purchase.product.name,
    pid: purchase.product.id,
    lid: `${purchase.transactionId}-1`,
    quantity: 1,
    unit_price: total,
    sku: purchase.product.id,
  };
  await callKit(
    options,
    '/v4/purchases',
    {
      purchase: {
        email_address: purchase.email,
        transaction_id: purchase.transactionId,
        status: 'paid',
        subtotal: total,
        tax: 0,
        shipping: 0,
        discount: 0,
        total,
        currency: purchase.currency.toUpperCase(),
        transaction_time: purchase.paidAt,
        products: [product],
      },
    },
    oauth,
  );
}

const madeTag = z.object({ tag: z.object({ id: z.union([z.number(), z.string()]) }) });
const purchaseList = z.object({
  purchases: z.array(z.object({ transaction_id: z.string().nullish() })),
});
const maxBroadcastPages = 5;
const madeBroadcast = z.object({ broadcast: z.object({ id: z.union([z.number(), z.string()]) }) });
const listedBroadcast = z.object({
  id: z.union([z.number(), z.string()]),
  description: z.string().nullish(),
});
const broadcastList = z.object({
  broadcasts: z.array(z.unknown()),
  pagination: z
    .object({ has_next_page: z.boolean().nullish(), end_cursor: z.string().nullish() })
    .nullish(),
});
