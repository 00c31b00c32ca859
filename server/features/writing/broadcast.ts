import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { MarkdownBlock, MarkdownInline } from '../../../contracts/content/markdown/tree';
import { parsePostText } from '../../../contracts/content/post-text';
import { postIdOf } from '../../../contracts/content/posts';
import { escapeMarkup } from '../../../contracts/escape-markup';

/**
 * A post marked "newsletter" as Kit receives it (docs/decisions/028-writing.md): its subject,
 * preview text and email-safe HTML, made from the content a render resolved (its pictures'
 * addresses included), so the email shows what the page shows.
 */
export interface Newsletter {
  /** The post's id (contracts/content/posts.ts postIdOf): what its broadcast is keyed by. */
  id: string;
  slug: string;
  subject: string;
  previewText: string;
  html: string;
  /** The post's time: when it appears on the site, and when a scheduled broadcast is sent. */
  date: string;
  broadcast: 'draft' | 'scheduled';
}

const picture = z.object({ src: z.string(), alt: z.string() });

/** What a render's input (render-input.json) holds of the writing, as this module reads it. */
const renderedWriting = z.object({
  content: z.object({
    writing: z
      .object({
        path: z.string(),
        newsletter: z.object({
          broadcast: z.enum(['draft', 'scheduled']),
          readOnline: z.string(),
        }),
      })
      .optional(),
    posts: z
      .record(
        z.string(),
        z.object({
          id: z.string().optional(),
          title: z.string(),
          description: z.string(),
          date: z.string(),
          newsletter: z.boolean(),
          body: z.string(),
          cover: picture.optional(),
        }),
      )
      .default({}),
    postPictures: z.record(z.string(), z.record(z.string(), picture)).default({}),
  }),
});

/** The newsletters of a render (its render-input.json), their links made on `origin`. */
export async function newslettersIn(renderInput: string, origin: string): Promise<Newsletter[]> {
  const { content } = renderedWriting.parse(JSON.parse(await readFile(renderInput, 'utf8')));
  const { writing } = content;
  if (!writing) return [];
  return Object.entries(content.posts)
    .filter(([, post]) => post.newsletter)
    .map(([slug, post]) => {
      const postUrl = new URL(`${writing.path}/${slug}`, origin).href;
      const absolute = (href: string) => new URL(href, postUrl).href;
      const picture = ({ src, alt }: { src: string; alt: string }) =>
        `<p><img src="${escapeMarkup(absolute(src))}" alt="${escapeMarkup(alt)}" width="600" style="max-width:100%;height:auto"></p>`;
      const blocks = parsePostText(post.body).blocks;
      const html = [
        `<p><a href="${escapeMarkup(postUrl)}">${escapeMarkup(writing.newsletter.readOnline)}</a></p>`,
        ...(post.cover ? [picture(post.cover)] : []),
        ...blocks.map((block) =>
          blockHtml(block, {
            href: absolute,
            picture: (src, alt) => {
              const found = content.postPictures[slug]?.[src];
              return found ? picture({ src: found.src, alt }) : '';
            },
          }),
        ),
      ].join('\n');
      return {
        id: postIdOf(slug, post),
        slug,
        subject: post.title,
        previewText: post.description,
        html,
        date: post.date,
        broadcast: writing.newsletter.broadcast,
      };
    });
}

interface Links {
  /** A link's address as the email must carry it: absolute. */
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
 * template Kit wraps it in gives the type. The owner's words are escaped, and only the elements
 * below are made.
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
