import type { MarkdownProfile } from './markdown/profile';
import { type ReadMarkdown, readMarkdown } from './markdown/read';

/**
 * The text of a post (content/posts/*.md, docs/decisions/028-writing.md), read as its page and
 * its email show it: the one Markdown reader (contracts/content/markdown/read.ts) with the posts'
 * profile. Plain Markdown: `##` to `####` headings (the title is the page's one `#`), paragraphs
 * with **bold**, _italic_, `code` and links, lists, quotations, code blocks, a dividing line
 * (`---`), and a picture on a line of its own, `![what it shows](stage.jpg)`, from the content's
 * images/. Anything else (raw HTML above all: the owner's words must not be able to run a script)
 * is a problem, reported with its line in the text.
 */
export const postText: MarkdownProfile = {
  expected: 'paragraphs, lists, quotations, links, pictures and "## " headings',
  blocks: new Set(['heading', 'paragraph', 'list', 'quote', 'code', 'picture', 'rule']),
  inline: new Set(['strong', 'emphasis', 'code', 'break']),
  headings: {
    from: 2,
    to: 4,
    problem: (level) =>
      level === 1
        ? 'expected headings from "## " on: the title is the page\'s one "# "'
        : `expected headings of "## " to "#### ", got ${'#'.repeat(level)}`,
  },
  required: 'expected the text of the post',
};

/** A post's text as its page shows it, and what in it the site cannot show. */
export function parsePostText(text: string): ReadMarkdown {
  return readMarkdown(text, postText);
}
