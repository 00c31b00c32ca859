import { z } from 'zod';
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

/** The email provider, as the outbox sees it. */
export interface Kit {
  subscribe(subscription: KitSubscription): Promise<void>;
  /** Makes a broadcast; answers its id in Kit. */
  createBroadcast(broadcast: KitBroadcast): Promise<string>;
  /** The id of a broadcast with this description, if Kit holds one. */
  findBroadcast(description: string): Promise<string | null>;
}

export interface KitOptions {
  apiKey: string;
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
 * broadcast is not safe to repeat, so the outbox looks for it by its description before making
 * it again (server/outbox/forwarding.ts).
 */
export function createKit({ apiKey, baseUrl, timeoutMs = kitTimeoutMs }: KitOptions): Kit {
  async function call(path: string, body?: object): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method: body ? 'POST' : 'GET',
        headers: {
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          Accept: 'application/json',
          'X-Kit-Api-Key': apiKey,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        // A redirect would carry the API key to wherever it points: refuse to follow one.
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Kit unreachable: ${error instanceof Error ? error.name : 'error'}`);
    }
    // Read the body whole either way, so the connection can be reused.
    const text = await response.text().catch(() => '');
    if (!response.ok) throw providerErrorFor('Kit', response);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
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
      let after: string | null = null;
      // Kit pages its list; a retry looks through the newest few hundred.
      for (let page = 0; page < maxBroadcastPages; page++) {
        const query = new URLSearchParams({ per_page: '100', ...(after ? { after } : {}) });
        const listed = broadcastList.safeParse(await call(`/v4/broadcasts?${query}`));
        if (!listed.success) throw new ProviderError('Kit answered an unreadable broadcast list');
        const found = listed.data.broadcasts.find((one) => one.description === description);
        if (found) return String(found.id);
        if (!listed.data.pagination.has_next_page || !listed.data.pagination.end_cursor) break;
        after = listed.data.pagination.end_cursor;
      }
      return null;
    },
  };
}

const maxBroadcastPages = 5;
const madeBroadcast = z.object({ broadcast: z.object({ id: z.union([z.number(), z.string()]) }) });
const broadcastList = z.object({
  broadcasts: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      description: z.string().nullable().optional(),
    }),
  ),
  pagination: z.object({
    has_next_page: z.boolean(),
    end_cursor: z.string().nullable().optional(),
  }),
});
