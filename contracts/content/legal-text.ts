import { slugOfWords } from '../words-slug';
import type { MarkdownProfile, TextProblem } from './markdown/profile';
import { readMarkdown } from './markdown/read';
import { type MarkdownBlock, type MarkdownInline, plainText } from './markdown/tree';

/**
 * The text of a legal page (content/legal/*.md) read as the page shows it: the one Markdown reader
 * (contracts/content/markdown/read.ts) with the legal pages' profile. Plain Markdown, with three
 * markers of our own in double brackets:
 *
 * - `## A heading` starts a section (its address, `#a-heading`, is made from its words);
 * - `[[Owner: company number]]` is a detail only the owner can give, shown highlighted until it
 *   is replaced, so none goes live unnoticed;
 * - a paragraph of its own `[[Table]]` places the file's `table`, and
 *   `[[Cookie settings button: Change cookie settings]]` the button that opens the consent
 *   settings.
 *
 * Paragraphs, `-` lists and links are the rest. Anything else (raw HTML above all: the owner's
 * words must not be able to run a script) is a problem, reported with its line in the text.
 * An owner's page's prose block and a legal table's cell are read the same way, by profiles of
 * their own below.
 */

export interface LegalSection {
  /** The anchor the table of contents links to. */
  id: string;
  heading: string;
  blocks: MarkdownBlock[];
}

/** A section's anchor, from its heading (contracts/words-slug.ts). */
export const sectionId = slugOfWords;

const ownerMarker = /\[\[Owner:\s*([^\]]+?)\s*\]\]/g;

/** A legal page's text: sections under `##` headings of words, paragraphs, `-` lists, links. */
export const legalText: MarkdownProfile = {
  expected: 'paragraphs, "- " lists, links and "## " headings',
  blocks: new Set(['heading', 'paragraph', 'list']),
  inline: new Set(),
  headings: {
    from: 2,
    to: 2,
    problem: (level) =>
      `expected headings to start with "## " (the page's own title is \`heading\`), got ${'#'.repeat(level)}`,
  },
  plainHeadings: true,
  simpleLists: true,
  ownerDetails: true,
  markers: 'place',
  sections: {
    start: 'expected the text to start with a "## " heading',
    none: 'expected at least one "## " heading and its text',
  },
};

/**
 * Prose without sections (a text block of an owner's page, contracts/content/pages.ts): its
 * paragraphs and lists, read as a legal text's are. A heading or a block marker is a problem:
 * the block has its own heading, and no table or button to place.
 */
export const pageProse: MarkdownProfile = {
  expected: 'paragraphs, "- " lists and links',
  blocks: new Set(['paragraph', 'list']),
  inline: new Set(),
  simpleLists: true,
  ownerDetails: true,
  markers: { refused: 'a marker of the legal pages' },
  names: { heading: 'a heading (the block has its own)' },
};

/** The words of one cell of a legal page's table: links and owner markers on one line. */
const tableCell: MarkdownProfile = {
  expected: 'words and links on one line',
  blocks: new Set(['paragraph']),
  inline: new Set(),
  ownerDetails: true,
};

/** The sections of a legal text, and what in it the site cannot show. */
export function parseLegalText(text: string): {
  sections: LegalSection[];
  problems: readonly TextProblem[];
} {
  const { blocks, problems } = readMarkdown(text, legalText);
  const sections: LegalSection[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      sections.push({ id: block.id, heading: plainText(block.text), blocks: [] });
    } else {
      // What stands before the first heading is a problem the reader reported: no section shows it.
      sections.at(-1)?.blocks.push(block);
    }
  }
  return { sections, problems };
}

/** An owner's page's prose: its paragraphs and lists, and what in it the site cannot show. */
export function parseText(text: string) {
  return readMarkdown(text, pageProse);
}

/** The words of one line that may hold links and owner markers (a table cell). */
export function parseInlineText(text: string): {
  text: readonly MarkdownInline[];
  problems: readonly TextProblem[];
} {
  const { blocks, problems } = readMarkdown(text, tableCell);
  const [only] = blocks;
  const words: readonly MarkdownInline[] =
    blocks.length === 1 && only?.kind === 'paragraph' ? only.text : [{ kind: 'text', text }];
  return { text: words, problems };
}

/** Every detail the owner still has to give, with its line: for the build's reminder. */
export function ownerDetailsIn(text: string): Array<{ line: number; what: string }> {
  return text
    .split('\n')
    .flatMap((words, index) =>
      [...words.matchAll(ownerMarker)].map((match) => ({ line: index + 1, what: match[1] ?? '' })),
    );
}
