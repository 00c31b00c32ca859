import Parser from 'rss-parser';
import type { ArchiveItem } from './item';

/**
 * A feed file's items (RSS 2.0, Atom, and the RSS 0.9x and 1.0 rss-parser also reads), as the
 * import reads them. rss-parser gives the common fields; the custom ones below add what a post
 * needs and it leaves out: Atom's categories and links, and Media RSS pictures.
 */

type Raw = Record<string, unknown>;

const parser = new Parser<Raw, Raw>({
  customFields: {
    item: [
      ['category', 'categoryElements', { keepArray: true }],
      ['link', 'linkElements', { keepArray: true }],
      ['media:content', 'mediaContent', { keepArray: true }],
      ['media:group', 'mediaGroup', { keepArray: true }],
      ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
    ],
  },
});

/** The feed's text is not a feed: what the owner reads. */
export class NotAFeedError extends Error {}

export async function readFeed(xml: string): Promise<ArchiveItem[]> {
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xml);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new NotAFeedError(`it is not an RSS or Atom feed (${reason.replace(/\.$/, '')})`);
  }
  return feed.items.map((item, index) => itemOf(item, index));
}

function itemOf(item: Raw, index: number): ArchiveItem {
  const encoded = text(item['content:encoded']);
  const content = text(item.content);
  const summary = text(item.summary);
  // RSS: content:encoded is the text and the description its summary, or the description is
  // all there is. Atom: content and summary.
  const html = encoded ?? content ?? summary;
  const source = text(item.guid) ?? text(item.id) ?? text(item.link);
  return {
    source,
    label: `item ${index + 1}${source ? ` (${source})` : ''}`,
    title: text(item.title),
    summary: encoded ? content : content ? summary : undefined,
    html,
    date: text(item.isoDate),
    tags: categoriesOf(item),
    cover: coverOf(item),
    base: text(item.link),
  };
}

/** An XML element's text as xml2js gives it: a string, or `{_: text, $: attributes}`. */
function text(value: unknown): string | undefined {
  const found = typeof value === 'object' && value !== null ? (value as Raw)._ : value;
  return typeof found === 'string' && found.trim() ? found.trim() : undefined;
}

function attributes(value: unknown): Raw {
  const found = typeof value === 'object' && value !== null ? (value as Raw).$ : undefined;
  return typeof found === 'object' && found !== null ? (found as Raw) : {};
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function categoriesOf(item: Raw): string[] {
  const elements = list(item.categoryElements);
  return elements.flatMap((element) => {
    // RSS: <category>Hiring</category>; Atom: <category term="hiring" label="Hiring"/>.
    const { label, term } = attributes(element);
    const name = text(element) ?? text(label) ?? text(term);
    return name ? [name] : [];
  });
}

const imagePath = /\.(?:jpe?g|png|gif|webp|avif)(?:$|[?#])/i;

function coverOf(item: Raw): ArchiveItem['cover'] {
  const media = [
    ...list(item.mediaContent),
    ...list(item.mediaGroup).flatMap((group) => list((group as Raw)['media:content'])),
  ];
  for (const element of media) {
    const { url, medium, type } = attributes(element);
    const isImage =
      medium === 'image' ||
      (typeof type === 'string' && type.startsWith('image/')) ||
      (medium === undefined &&
        type === undefined &&
        typeof url === 'string' &&
        imagePath.test(url));
    if (isImage && typeof url === 'string') {
      const description = (element as Raw)['media:description'];
      return { url, alt: text(list(description)[0]) };
    }
  }
  const enclosure = item.enclosure as Raw | undefined;
  if (typeof enclosure?.url === 'string' && String(enclosure.type ?? '').startsWith('image/')) {
    return { url: enclosure.url };
  }
  for (const link of list(item.linkElements)) {
    const { rel, type, href } = attributes(link);
    if (
      rel === 'enclosure' &&
      String(type ?? '').startsWith('image/') &&
      typeof href === 'string'
    ) {
      return { url: href };
    }
  }
  const { url } = attributes(list(item.mediaThumbnail)[0]);
  return typeof url === 'string' ? { url } : undefined;
}
