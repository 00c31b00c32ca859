import type { MarkdownBlock, MarkdownInline } from '../../../contracts/content/markdown/tree';
import { parsePostText } from '../../../contracts/content/post-text';
import { escapeMarkup } from '../../../contracts/escape-markup';

/**
 * A post's text as plain HTML on the site's address (docs/decisions/028-writing.md): what its
 * newsletter's email and the feeds carry, so a reader away from the site reads what the page
 * shows. Made from the one Markdown tree the page is drawn from; the owner's words are escaped,
 * and only the elements below are made.
 */

/** A picture as the render resolved it: its built file's address and its words. */
export interface PostPicture {
  src: string;
  alt: string;
}

/** What a post's HTML is made from: its text, its cover and the pictures its text names. */
export interface PostHtmlSource {
  body: string;
  cover?: PostPicture;
  /** The render's pictures of this post, by the name its text gives. */
  pictures: Readonly<Record<string, PostPicture>>;
}

/**
 * The post's cover, then its text, every link and picture made absolute against the post's own
 * address (`postUrl`), which a heading's anchor ("#…") leads back to.
 */
export function postHtml(post: PostHtmlSource, postUrl: string): string[] {
  const absolute = (href: string) => new URL(href, postUrl).href;
  // Sized for an email's column; a feed reader gives it its own width.
  const picture = ({ src, alt }: PostPicture) =>
    `<p><img src="${escapeMarkup(absolute(src))}" alt="${escapeMarkup(alt)}" width="600" style="max-width:100%;height:auto"></p>`;
  const links: Links = {
    href: absolute,
    picture: (src, alt) => {
      const found = post.pictures[src];
      return found ? picture({ src: found.src, alt }) : '';
    },
  };
  return [
    ...(post.cover ? [picture(post.cover)] : []),
    ...parsePostText(post.body).blocks.map((block) => blockHtml(block, links)),
  ];
}

interface Links {
  /** A link's address as a reader away from the site must get it: absolute. */
  href(href: string): string;
  /** A picture of the post's text by its file name, as an `<img>` on the site's address. */
  picture(src: string, alt: string): string;
}

function inlineHtml(text: readonly MarkdownInline[], links: Links): string {
  return text.map((part) => partHtml(part, links)).join('');
}

function partHtml(part: MarkdownInline, links: Links): string {
  switch (part.kind) {
    case 'text':
      return escapeMarkup(part.text);
    case 'strong':
      return `<strong>${inlineHtml(part.children, links)}</strong>`;
    case 'emphasis':
      return `<em>${inlineHtml(part.children, links)}</em>`;
    case 'code':
      return `<code>${escapeMarkup(part.text)}</code>`;
    case 'break':
      return '<br>';
    case 'link':
      return `<a href="${escapeMarkup(links.href(part.href))}">${inlineHtml(part.children, links)}</a>`;
    case 'owner-detail':
      // The legal pages' marker: a post's profile reads `[[Owner: …]]` as the words they are.
      return '';
  }
}

/**
 * A block of the post's tree (contracts/content/markdown/tree.ts) as plain HTML: the email
 * template Kit wraps it in, or the feed reader, gives the type.
 */
function blockHtml(block: MarkdownBlock, links: Links): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}>${inlineHtml(block.text, links)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${inlineHtml(block.text, links)}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const items = block.items.map(
        (item) => `<li>${item.map((inner) => blockHtml(inner, links)).join('')}</li>`,
      );
      return `<${tag}>${items.join('')}</${tag}>`;
    }
    case 'quote':
      return `<blockquote>${block.blocks.map((inner) => blockHtml(inner, links)).join('')}</blockquote>`;
    case 'code':
      return `<pre><code>${escapeMarkup(block.text)}</code></pre>`;
    case 'picture':
      return links.picture(block.src, block.alt);
    case 'rule':
      return '<hr>';
    case 'table':
    case 'consent-button':
      // The legal pages' markers, which a post's profile does not read.
      return '';
  }
}
