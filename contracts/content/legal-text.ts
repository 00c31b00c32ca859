import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { slugOfWords } from '../words-slug';
import { textLinkProblem } from './link-address';

/**
 * The text of a legal page (content/legal/*.md) read as the page shows it. Plain Markdown, with
 * three markers of our own in double brackets:
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
 */

export interface TextLink {
  label: string;
  href: string;
  /** Another site's address: opens in a new tab. */
  external: boolean;
}

/** A detail the owner still has to give ("registered company number"). */
export interface OwnerDetail {
  owner: string;
}

/** A run of text: words, a link, or a detail the owner still has to fill in. */
export type Inline = string | TextLink | OwnerDetail;
export type RichText = Inline[];

export type LegalBlock =
  | { kind: 'paragraph'; text: RichText }
  | { kind: 'list'; items: RichText[] }
  | { kind: 'table' }
  | { kind: 'consent-button'; label: string };

export interface LegalSection {
  /** The anchor the table of contents links to. */
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface TextProblem {
  /** 1-based line within the text. */
  line: number;
  message: string;
}

const ownerMarker = /\[\[Owner:\s*([^\]]+?)\s*\]\]/g;
const tableMarker = /^\[\[Table\]\]$/;
const consentMarker = /^\[\[Cookie settings button:\s*([^\]]+?)\s*\]\]$/;

/** A section's anchor, from its heading (contracts/words-slug.ts). */
export const sectionId = slugOfWords;

const lineOf = (node: Nodes) => node.position?.start.line ?? 1;

const names: Partial<Record<Nodes['type'], string>> = {
  html: 'HTML (write plain Markdown: HTML is not allowed on the site)',
  image: 'an image',
  emphasis: 'italic text',
  strong: 'bold text',
  inlineCode: 'code',
  code: 'a code block',
  blockquote: 'a quotation',
  thematicBreak: 'a dividing line',
  break: 'a hard line break',
  definition: 'a link definition',
  linkReference: 'a reference link',
  imageReference: 'an image reference',
};

/** What the text may not hold, in words the owner knows. */
function unsupported(node: Nodes): TextProblem {
  return {
    line: lineOf(node),
    message: `expected paragraphs, "- " lists, links and "## " headings; found ${names[node.type] ?? node.type}`,
  };
}

/** Words with the owner's markers split out. */
function withOwnerDetails(words: string): RichText {
  const parts: RichText = [];
  let last = 0;
  for (const match of words.matchAll(ownerMarker)) {
    if (match.index > last) parts.push(words.slice(last, match.index));
    parts.push({ owner: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < words.length) parts.push(words.slice(last));
  return parts;
}

function richText(nodes: PhrasingContent[], problems: TextProblem[]): RichText {
  const text: RichText = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      text.push(...withOwnerDetails(node.value));
    } else if (node.type === 'link') {
      const label = node.children.map((child) => ('value' in child ? child.value : '')).join('');
      const problem = textLinkProblem(node.url);
      if (problem) problems.push({ line: lineOf(node), message: problem });
      text.push({ label, href: node.url, external: /^https?:/.test(node.url) });
    } else {
      problems.push(unsupported(node));
    }
  }
  return text;
}

/** The whole words of a paragraph, when it is one of the block markers. */
function markerOf(nodes: PhrasingContent[]): string | null {
  const [only] = nodes;
  return nodes.length === 1 && only?.type === 'text' ? only.value.trim() : null;
}

function block(node: RootContent, problems: TextProblem[]): LegalBlock | null {
  if (node.type === 'paragraph') {
    const marker = markerOf(node.children);
    if (marker !== null && tableMarker.test(marker)) return { kind: 'table' };
    const consent = marker?.match(consentMarker);
    if (consent) return { kind: 'consent-button', label: consent[1] ?? '' };
    return { kind: 'paragraph', text: richText(node.children, problems) };
  }
  if (node.type === 'list' && !node.ordered) {
    return {
      kind: 'list',
      items: node.children.map((item) => {
        const [only, ...rest] = item.children;
        for (const extra of rest) problems.push(unsupported(extra));
        if (only?.type !== 'paragraph') {
          if (only) problems.push(unsupported(only));
          return [];
        }
        return richText(only.children, problems);
      }),
    };
  }
  if (node.type === 'list') {
    problems.push({ line: lineOf(node), message: 'expected "- " before each list item' });
    return null;
  }
  problems.push(unsupported(node));
  return null;
}

/** The sections of a legal text, and what in it the site cannot show. */
export function parseLegalText(text: string): {
  sections: LegalSection[];
  problems: TextProblem[];
} {
  const problems: TextProblem[] = [];
  const sections: LegalSection[] = [];
  for (const node of fromMarkdown(text).children) {
    if (node.type === 'heading') {
      const heading = node.children.map((child) => ('value' in child ? child.value : '')).join('');
      if (node.depth !== 2) {
        problems.push({
          line: lineOf(node),
          message: `expected headings to start with "## " (the page's own title is \`heading\`), got ${'#'.repeat(node.depth)}`,
        });
      }
      sections.push({ id: sectionId(heading), heading, blocks: [] });
      continue;
    }
    const current = sections.at(-1);
    if (!current) {
      problems.push({
        line: lineOf(node),
        message: 'expected the text to start with a "## " heading',
      });
      continue;
    }
    const parsed = block(node, problems);
    if (parsed) current.blocks.push(parsed);
  }
  if (sections.length === 0) {
    problems.push({ line: 1, message: 'expected at least one "## " heading and its text' });
  }
  const ids = sections.map(({ id }) => id);
  for (const [index, id] of ids.entries()) {
    if (ids.indexOf(id) !== index) {
      problems.push({ line: 1, message: `expected each heading to be different, "${id}" twice` });
    }
  }
  return { sections, problems };
}

/**
 * Prose without sections (a text block of an owner's page, contracts/content/pages.ts): its
 * paragraphs and lists, read as a legal text's are. A heading or a block marker is a problem:
 * the block has its own heading, and no table or button to place.
 */
export function parseText(text: string): { blocks: LegalBlock[]; problems: TextProblem[] } {
  const problems: TextProblem[] = [];
  const blocks: LegalBlock[] = [];
  for (const node of fromMarkdown(text).children) {
    if (node.type === 'heading') {
      problems.push({
        line: lineOf(node),
        message:
          'expected paragraphs, "- " lists and links; found a heading (the block has its own)',
      });
      continue;
    }
    const parsed = block(node, problems);
    if (parsed?.kind === 'paragraph' || parsed?.kind === 'list') blocks.push(parsed);
    else if (parsed) {
      problems.push({
        line: lineOf(node),
        message: 'expected paragraphs, "- " lists and links; found a marker of the legal pages',
      });
    }
  }
  return { blocks, problems };
}

/** The words of one line that may hold links and owner markers (a table cell). */
export function parseInlineText(text: string): { text: RichText; problems: TextProblem[] } {
  const problems: TextProblem[] = [];
  const [paragraph, ...rest] = fromMarkdown(text).children;
  for (const extra of rest) problems.push(unsupported(extra));
  if (paragraph?.type !== 'paragraph') {
    if (paragraph) problems.push(unsupported(paragraph));
    return { text: [text], problems };
  }
  return { text: richText(paragraph.children, problems), problems };
}

/** Every detail the owner still has to give, with its line: for the build's reminder. */
export function ownerDetailsIn(text: string): Array<{ line: number; what: string }> {
  return text
    .split('\n')
    .flatMap((words, index) =>
      [...words.matchAll(ownerMarker)].map((match) => ({ line: index + 1, what: match[1] ?? '' })),
    );
}
