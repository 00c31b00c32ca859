import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { slugOfWords } from '../words-slug';
import type { TextProblem } from './legal-text';
import { textLinkProblem } from './link-address';

/**
 * The text of a post (content/posts/*.md, docs/decisions/028-writing.md), read as its page and
 * its email show it. Plain Markdown: `##` to `####` headings (the title is the page's one `#`),
 * paragraphs with **bold**, _italic_, `code` and links, lists, quotations, code blocks, a
 * dividing line (`---`), and a picture on a line of its own, `![what it shows](stage.jpg)`, from
 * the content's images/. Anything else (raw HTML above all: the owner's words must not be able to
 * run a script) is a problem, reported with its line in the text.
 */

export type PostInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'emphasis'; children: PostInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; external: boolean; children: PostInline[] }
  | { kind: 'break' };

export type PostBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; id: string; text: PostInline[] }
  | { kind: 'paragraph'; text: PostInline[] }
  | { kind: 'list'; ordered: boolean; items: PostBlock[][] }
  | { kind: 'quote'; blocks: PostBlock[] }
  | { kind: 'code'; text: string }
  | { kind: 'picture'; src: string; alt: string }
  | { kind: 'rule' };

/** A picture's file in images/: a name, no folder, no address of another site. */
const pictureName = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(?:avif|gif|jpe?g|png|svg|webp)$/i;

const lineOf = (node: Nodes) => node.position?.start.line ?? 1;

const names: Partial<Record<Nodes['type'], string>> = {
  html: 'HTML (write plain Markdown: HTML is not allowed on the site)',
  definition: 'a link definition',
  linkReference: 'a reference link',
  imageReference: 'an image reference',
  footnoteReference: 'a footnote',
  footnoteDefinition: 'a footnote',
  table: 'a table',
};

function unsupported(node: Nodes): TextProblem {
  return {
    line: lineOf(node),
    message: `expected paragraphs, lists, quotations, links, pictures and "## " headings; found ${names[node.type] ?? node.type}`,
  };
}

function inline(nodes: PhrasingContent[], problems: TextProblem[]): PostInline[] {
  const text: PostInline[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        text.push({ kind: 'text', text: node.value });
        break;
      case 'strong':
      case 'emphasis':
        text.push({ kind: node.type, children: inline(node.children, problems) });
        break;
      case 'inlineCode':
        text.push({ kind: 'code', text: node.value });
        break;
      case 'break':
        text.push({ kind: 'break' });
        break;
      case 'link': {
        const problem = textLinkProblem(node.url);
        if (problem) problems.push({ line: lineOf(node), message: problem });
        text.push({
          kind: 'link',
          href: node.url,
          external: /^https?:/.test(node.url),
          children: inline(node.children, problems),
        });
        break;
      }
      case 'image':
        problems.push({
          line: lineOf(node),
          message: 'expected a picture on a line of its own, not inside a sentence',
        });
        break;
      default:
        problems.push(unsupported(node));
    }
  }
  return text;
}

/** The words of some inline text, as a screen reader or a search engine reads them. */
export function plainText(text: readonly PostInline[]): string {
  return text
    .map((part) => {
      if (part.kind === 'text' || part.kind === 'code') return part.text;
      if (part.kind === 'break') return ' ';
      return plainText(part.children);
    })
    .join('');
}

function blocks(nodes: RootContent[], problems: TextProblem[]): PostBlock[] {
  const read: PostBlock[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'heading': {
        if (node.depth === 1 || node.depth > 4) {
          problems.push({
            line: lineOf(node),
            message:
              node.depth === 1
                ? 'expected headings from "## " on: the title is the page\'s one "# "'
                : `expected headings of "## " to "#### ", got ${'#'.repeat(node.depth)}`,
          });
          break;
        }
        const text = inline(node.children, problems);
        read.push({
          kind: 'heading',
          level: node.depth as 2 | 3 | 4,
          id: slugOfWords(plainText(text)),
          text,
        });
        break;
      }
      case 'paragraph': {
        const [only] = node.children;
        if (node.children.length === 1 && only?.type === 'image') {
          if (!pictureName.test(only.url)) {
            problems.push({
              line: lineOf(only),
              message: `expected a picture of the content's images/ by its file name ("stage.jpg"), got "${only.url}"`,
            });
          }
          if (!only.alt?.trim()) {
            problems.push({
              line: lineOf(only),
              message:
                'expected words saying what the picture shows, between the brackets: ![The founder on stage](stage.jpg)',
            });
          }
          read.push({ kind: 'picture', src: only.url, alt: only.alt?.trim() ?? '' });
          break;
        }
        read.push({ kind: 'paragraph', text: inline(node.children, problems) });
        break;
      }
      case 'list':
        read.push({
          kind: 'list',
          ordered: node.ordered === true,
          items: node.children.map((item) => blocks(item.children, problems)),
        });
        break;
      case 'blockquote':
        read.push({ kind: 'quote', blocks: blocks(node.children, problems) });
        break;
      case 'code':
        read.push({ kind: 'code', text: node.value });
        break;
      case 'thematicBreak':
        read.push({ kind: 'rule' });
        break;
      default:
        problems.push(unsupported(node));
    }
  }
  return read;
}

export interface ReadPostText {
  readonly blocks: readonly PostBlock[];
  readonly problems: readonly TextProblem[];
}

/**
 * Texts read before, by their words: a build or a publish reads each post several times (its
 * check, its pictures, its page, its reading time), 0.5 s a time with an archive of 500. Kept for
 * as many posts as the content may hold (2,000 files, docs/decisions/019-publish.md), the
 * oldest read dropped first.
 */
const readBefore = new Map<string, ReadPostText>();
const postsRemembered = 2_000;

/** A post's text as its page shows it, and what in it the site cannot show. */
export function parsePostText(text: string): ReadPostText {
  const known = readBefore.get(text);
  if (known) return known;
  const read = readText(text);
  if (readBefore.size >= postsRemembered) readBefore.delete(readBefore.keys().next().value ?? '');
  readBefore.set(text, read);
  return read;
}

function readText(text: string): ReadPostText {
  const problems: TextProblem[] = [];
  const read = blocks(fromMarkdown(text).children, problems);
  if (read.length === 0) problems.push({ line: 1, message: 'expected the text of the post' });
  const ids = read.flatMap((block) => (block.kind === 'heading' ? [block.id] : []));
  for (const [index, id] of ids.entries()) {
    if (ids.indexOf(id) !== index) {
      problems.push({ line: 1, message: `expected each heading to be different, "${id}" twice` });
    }
  }
  return { blocks: read, problems };
}

/** How many words the text has, for its reading time. */
export function wordCount(read: readonly PostBlock[]): number {
  let count = 0;
  const words = (text: string) => {
    count += text.split(/\s+/).filter(Boolean).length;
  };
  const walk = (list: readonly PostBlock[]) => {
    for (const block of list) {
      if (block.kind === 'heading' || block.kind === 'paragraph') words(plainText(block.text));
      else if (block.kind === 'list') for (const item of block.items) walk(item);
      else if (block.kind === 'quote') walk(block.blocks);
      else if (block.kind === 'code') words(block.text);
    }
  };
  walk(read);
  return count;
}

/** Every picture the text shows, by its file name in images/. */
export function picturesOf(read: readonly PostBlock[]): string[] {
  return read.flatMap((block) => {
    if (block.kind === 'picture') return [block.src];
    if (block.kind === 'list') return block.items.flatMap(picturesOf);
    if (block.kind === 'quote') return picturesOf(block.blocks);
    return [];
  });
}
