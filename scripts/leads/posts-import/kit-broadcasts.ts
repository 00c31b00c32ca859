import { z } from 'zod';
import type { ArchiveItem } from './item';

/**
 * The broadcasts Kit has sent, through its API v4: `GET /v4/broadcasts`, a page at a time by its
 * cursor (https://developers.kit.com/api-reference/pagination). A broadcast counts as sent when
 * its send time (or, without one, its publication on Kit's web archive) is past; drafts and
 * scheduled ones are counted and left out. A redirect is refused (the key would travel with it),
 * each request has a time limit, and the key is never part of a message.
 */

export const kitRequestTimeoutMs = 30_000;
const perPage = 100;
/** No archive is this long: a cursor that never ends is Kit's mistake, not more broadcasts. */
const maxPages = 1000;

const nullableText = z.string().nullish();

const broadcast = z.looseObject({
  id: z.union([z.number(), z.string()]),
  subject: nullableText,
  description: nullableText,
  preview_text: nullableText,
  content: nullableText,
  public: z.boolean().nullish(),
  published_at: nullableText,
  send_at: nullableText,
  created_at: nullableText,
  thumbnail_url: nullableText,
  thumbnail_alt: nullableText,
  public_url: nullableText,
});
type Broadcast = z.infer<typeof broadcast>;

const page = z.looseObject({
  broadcasts: z.array(broadcast),
  pagination: z
    .looseObject({ has_next_page: z.boolean().nullish(), end_cursor: nullableText })
    .nullish(),
});

export interface KitArchive {
  items: ArchiveItem[];
  /** Drafts and broadcasts scheduled for later: left out. */
  unsent: number;
}

export async function kitBroadcasts({
  apiKey,
  baseUrl,
  now,
  timeoutMs = kitRequestTimeoutMs,
}: {
  apiKey: string;
  baseUrl: string;
  now: Date;
  timeoutMs?: number;
}): Promise<KitArchive> {
  const get = async (path: string, query: Record<string, string> = {}): Promise<unknown> => {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'application/json', 'X-Kit-Api-Key': apiKey },
        // A redirect would carry the API key to wherever it points.
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
            : 'unreachable';
      throw new Error(`Kit ${reason} (GET ${url.pathname}); check KIT_API_URL and try again.`);
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`Kit refused KIT_API_KEY (${response.status}): check the key and try again.`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`Kit answered ${response.status} to GET ${url.pathname}; try again later.`);
    }
    return response.json().catch(() => {
      throw new Error(`Kit's answer to GET ${url.pathname} is not JSON.`);
    });
  };

  const sent: Array<{ broadcast: Broadcast; at: string }> = [];
  let unsent = 0;
  let after: string | undefined;
  for (let count = 0; count < maxPages; count++) {
    const answer = page.safeParse(
      await get('/v4/broadcasts', { per_page: String(perPage), ...(after ? { after } : {}) }),
    );
    if (!answer.success) throw new Error("Kit's list of broadcasts is not as expected.");
    for (const item of answer.data.broadcasts) {
      const at = sentAt(item, now);
      if (at) sent.push({ broadcast: item, at });
      else unsent++;
    }
    const next = answer.data.pagination;
    if (!next?.has_next_page || !next.end_cursor || next.end_cursor === after) break;
    after = next.end_cursor;
  }

  const items: ArchiveItem[] = [];
  for (const { broadcast: item, at } of sent) {
    let content = item.content;
    // Should the list leave the text out, the broadcast itself has it.
    if (!content) {
      const one = z
        .looseObject({ broadcast })
        .safeParse(await get(`/v4/broadcasts/${encodeURIComponent(String(item.id))}`));
      content = one.success ? one.data.broadcast.content : undefined;
    }
    const subject = withoutLiquid(item.subject ?? '');
    items.push({
      source: `kit-broadcast:${item.id}`,
      label: `broadcast ${item.id}`,
      title: subject || undefined,
      summary: withoutLiquid(item.description || item.preview_text || '') || undefined,
      html: content ? withoutLiquid(content) : undefined,
      date: at,
      tags: [],
      cover: item.thumbnail_url
        ? { url: item.thumbnail_url, alt: item.thumbnail_alt ?? undefined }
        : undefined,
      base: item.public_url ?? undefined,
      remark: item.public === false ? 'not public in Kit' : undefined,
    });
  }
  return { items, unsent };
}

/** When a broadcast went out, if it has: its send time, or its publication, whichever is past. */
function sentAt(item: Broadcast, now: Date): string | undefined {
  for (const time of [item.send_at, item.published_at]) {
    const at = time ? Date.parse(time) : Number.NaN;
    if (!Number.isNaN(at) && at <= now.getTime()) return time ?? undefined;
  }
  return undefined;
}

/**
 * Kit's personalisation (Liquid) taken out: `{{ subscriber.first_name | default: "friend" }}`
 * becomes its default ("friend"), or nothing; `{% if … %}` tags go, their text stays.
 */
export function withoutLiquid(text: string): string {
  return text
    .replace(/\{%[\s\S]*?%\}/g, '')
    .replace(
      /([ \t]*)\{\{([\s\S]*?)\}\}(?=([,.!?])?)/g,
      (_tag, space: string, inside: string, punctuation: string | undefined) => {
        const fallback = /\|\s*default\s*:\s*(?:"([^"]*)"|'([^']*)')/.exec(inside);
        const value = fallback?.[1] ?? fallback?.[2] ?? '';
        // "Hi {{ subscriber.first_name }}," reads "Hi,".
        return value ? `${space}${value}` : punctuation ? '' : space;
      },
    );
}
