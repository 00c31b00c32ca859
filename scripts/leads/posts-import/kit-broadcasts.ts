import { z } from 'zod';
import type { Kit } from '../../../server/providers/kit';
import { ProviderError } from '../../../server/providers/provider-error';
import type { ArchiveItem } from './item';

/**
 * The broadcasts Kit has sent, read through the one Kit client (server/providers/kit.ts: its
 * pages of `GET /v4/broadcasts`, redirects refused, a time limit per request, the key never in a
 * message). A broadcast counts as sent when its send time (or, without one, its publication on
 * Kit's web archive) is past; drafts and scheduled ones are counted and left out.
 */

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

export interface KitArchive {
  items: ArchiveItem[];
  /** Drafts and broadcasts scheduled for later: left out. */
  unsent: number;
}

/** What Kit's refusal of the key means for the owner at the terminal. */
function explained(error: unknown): unknown {
  if (error instanceof ProviderError && /answered 40[13]\b/.test(error.message)) {
    return new Error(`${error.message}: KIT_API_KEY was refused; check the key and try again.`);
  }
  return error;
}

export async function kitBroadcasts({ kit, now }: { kit: Kit; now: Date }): Promise<KitArchive> {
  const sent: Array<{ broadcast: Broadcast; at: string }> = [];
  let unsent = 0;
  try {
    for await (const page of kit.broadcastPages(maxPages)) {
      for (const listed of page) {
        const item = broadcast.safeParse(listed);
        if (!item.success) throw new Error("Kit's list of broadcasts is not as expected.");
        const at = sentAt(item.data, now);
        if (at) sent.push({ broadcast: item.data, at });
        else unsent++;
      }
    }
  } catch (error) {
    throw explained(error);
  }

  const items: ArchiveItem[] = [];
  for (const { broadcast: item, at } of sent) {
    let content = item.content;
    // Should the list leave the text out, the broadcast itself has it.
    if (!content) {
      const one = z
        .looseObject({ broadcast })
        .safeParse(
          await kit.broadcast(String(item.id)).catch((error) => Promise.reject(explained(error))),
        );
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
