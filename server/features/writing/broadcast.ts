import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { postIdOf } from '../../../contracts/content/posts';
import { escapeMarkup } from '../../../contracts/escape-markup';
import { postHtml } from './post-html';

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
      const html = [
        `<p><a href="${escapeMarkup(postUrl)}">${escapeMarkup(writing.newsletter.readOnline)}</a></p>`,
        ...postHtml({ ...post, pictures: content.postPictures[slug] ?? {} }, postUrl),
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
