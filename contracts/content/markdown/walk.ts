import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { slugOfWords } from '../../words-slug';
import { textLinkProblem } from '../link-address';
import {
  type BlockKind,
  deepestNesting,
  type InlineKind,
  type MarkdownProfile,
  type TextProblem,
} from './profile';
import { type HeadingLevel, type MarkdownBlock, type MarkdownInline, plainText } from './tree';

/**
 * The walk from the parser's tree (mdast) to the one tree (tree.ts), checking each node against
 * the text's profile on the way: what it does not allow is a problem at its line, and is left
 * out. Only what a profile allows is walked into, and no deeper than `deepestNesting`.
 */

/** What a refused node is called, in the owner's words. */
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
  heading: 'a heading',
  list: 'a list',
  definition: 'a link definition',
  linkReference: 'a reference link',
  imageReference: 'an image reference',
  footnoteReference: 'a footnote',
  footnoteDefinition: 'a footnote',
  table: 'a table',
};

const ownerMarker = /\[\[Owner:\s*([^\]]+?)\s*\]\]/g;
const tableMarker = /^\[\[Table\]\]$/;
const consentMarker = /^\[\[Cookie settings button:\s*([^\]]+?)\s*\]\]$/;

/** A picture's file in images/: a name, no folder, no address of another site. */
const pictureName = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(?:avif|gif|jpe?g|png|svg|webp)$/i;

const lineOf = (node: Nodes) => node.position?.start.line ?? 1;

/** One reading of one text: its profile and the problems found so far. */
class Reading {
  readonly problems: TextProblem[] = [];
  constructor(readonly profile: MarkdownProfile) {}

  problem(node: Nodes, message: string): void {
    this.problems.push({ line: lineOf(node), message });
  }

  /** A node the profile does not allow: a problem, and left out of the tree (always false). */
  refuse(node: Nodes): false {
    const name = this.profile.names?.[node.type] ?? names[node.type] ?? node.type;
    this.problem(node, `expected ${this.profile.expected}; found ${name}`);
    return false;
  }

  /** Whether a node sits deeper than any text needs: then it is a problem and left out. */
  tooDeep(node: Nodes, depth: number): boolean {
    if (depth <= deepestNesting) return false;
    this.problem(
      node,
      `expected lists, quotations, links and emphasis inside one another at most ${deepestNesting} deep`,
    );
    return true;
  }
}

/** Words, with the owner's still-missing details split out where the profile reads them. */
function words(value: string, reading: Reading): MarkdownInline[] {
  if (!reading.profile.ownerDetails) return [{ kind: 'text', text: value }];
  const parts: MarkdownInline[] = [];
  let last = 0;
  for (const match of value.matchAll(ownerMarker)) {
    if (match.index > last) parts.push({ kind: 'text', text: value.slice(last, match.index) });
    parts.push({ kind: 'owner-detail', what: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < value.length) parts.push({ kind: 'text', text: value.slice(last) });
  return parts;
}

function inlineNode(node: PhrasingContent, depth: number, reading: Reading): MarkdownInline[] {
  const allows = (kind: InlineKind) => reading.profile.inline.has(kind) || reading.refuse(node);
  switch (node.type) {
    case 'text':
      return words(node.value, reading);
    case 'strong':
    case 'emphasis':
      if (!allows(node.type) || reading.tooDeep(node, depth + 1)) return [];
      return [{ kind: node.type, children: readInline(node.children, depth + 1, reading) }];
    case 'inlineCode':
      return allows('code') ? [{ kind: 'code', text: node.value }] : [];
    case 'break':
      return allows('break') ? [{ kind: 'break' }] : [];
    case 'link': {
      const problem = textLinkProblem(node.url);
      if (problem) reading.problem(node, problem);
      if (reading.tooDeep(node, depth + 1)) return [];
      const children = readInline(node.children, depth + 1, reading);
      return [{ kind: 'link', href: node.url, external: /^https?:/.test(node.url), children }];
    }
    case 'image':
      if (!reading.profile.blocks.has('picture')) reading.refuse(node);
      else reading.problem(node, 'expected a picture on a line of its own, not inside a sentence');
      return [];
    default:
      reading.refuse(node);
      return [];
  }
}

function readInline(nodes: PhrasingContent[], depth: number, reading: Reading): MarkdownInline[] {
  return nodes.flatMap((node) => inlineNode(node, depth, reading));
}

/** A heading's words: as inline text, or words alone where the profile lists its headings. */
function headingText(nodes: PhrasingContent[], depth: number, reading: Reading): MarkdownInline[] {
  if (!reading.profile.plainHeadings) return readInline(nodes, depth, reading);
  const text = nodes.map((node) =>
    node.type === 'text' ? node.value : reading.refuse(node) || '',
  );
  return [{ kind: 'text', text: text.join('') }];
}

function heading(node: Extract<Nodes, { type: 'heading' }>, depth: number, reading: Reading) {
  const { headings } = reading.profile;
  if (!reading.profile.blocks.has('heading') || !headings) return reading.refuse(node) || null;
  const level = node.depth as HeadingLevel;
  if (level < headings.from || level > headings.to) reading.problem(node, headings.problem(level));
  const text = headingText(node.children, depth, reading);
  return { kind: 'heading', level, id: slugOfWords(plainText(text)), text } as const;
}

/** A paragraph that is one of the legal pages' markers, as the profile takes markers. */
function marker(node: Extract<Nodes, { type: 'paragraph' }>, reading: Reading) {
  const { markers } = reading.profile;
  const [only] = node.children;
  if (!markers || node.children.length !== 1 || only?.type !== 'text') return undefined;
  const words = only.value.trim();
  const consent = words.match(consentMarker);
  const found: MarkdownBlock | undefined = tableMarker.test(words)
    ? { kind: 'table' }
    : consent
      ? { kind: 'consent-button', label: consent[1] ?? '' }
      : undefined;
  if (!found || markers === 'place') return found;
  reading.problem(node, `expected ${reading.profile.expected}; found ${markers.refused}`);
  return null;
}

/** A paragraph of one picture alone, where the profile shows pictures. */
function picture(node: Extract<Nodes, { type: 'paragraph' }>, reading: Reading) {
  const [only] = node.children;
  if (!reading.profile.blocks.has('picture') || node.children.length !== 1) return undefined;
  if (only?.type !== 'image') return undefined;
  if (!pictureName.test(only.url)) {
    reading.problem(
      only,
      `expected a picture of the content's images/ by its file name ("stage.jpg"), got "${only.url}"`,
    );
  }
  const alt = only.alt?.trim() ?? '';
  if (!alt) {
    reading.problem(
      only,
      'expected words saying what the picture shows, between the brackets: ![The founder on stage](stage.jpg)',
    );
  }
  return { kind: 'picture', src: only.url, alt } as const;
}

/** A legal page's list: "- " items, each one paragraph. */
function simpleList(node: Extract<Nodes, { type: 'list' }>, depth: number, reading: Reading) {
  if (node.ordered) {
    reading.problem(node, 'expected "- " before each list item');
    return null;
  }
  const items = node.children.map((item): MarkdownBlock[] => {
    const [only, ...rest] = item.children;
    for (const extra of rest) reading.refuse(extra);
    if (only?.type === 'paragraph') {
      return [{ kind: 'paragraph', text: readInline(only.children, depth + 1, reading) }];
    }
    if (only) reading.refuse(only);
    return [];
  });
  return { kind: 'list', ordered: false, items } as const;
}

function block(node: RootContent, depth: number, reading: Reading): MarkdownBlock | null {
  const allows = (kind: BlockKind) => reading.profile.blocks.has(kind) || reading.refuse(node);
  switch (node.type) {
    case 'heading':
      return heading(node, depth, reading);
    case 'paragraph': {
      const placed = marker(node, reading) ?? picture(node, reading);
      if (placed !== undefined) return placed;
      if (!allows('paragraph')) return null;
      return { kind: 'paragraph', text: readInline(node.children, depth, reading) };
    }
    case 'list':
      if (!allows('list') || reading.tooDeep(node, depth + 1)) return null;
      if (reading.profile.simpleLists) return simpleList(node, depth, reading);
      return {
        kind: 'list',
        ordered: node.ordered === true,
        items: node.children.map((item) => readBlocks(item.children, depth + 1, reading)),
      };
    case 'blockquote':
      if (!allows('quote') || reading.tooDeep(node, depth + 1)) return null;
      return { kind: 'quote', blocks: readBlocks(node.children, depth + 1, reading) };
    case 'code':
      return allows('code') ? { kind: 'code', text: node.value } : null;
    case 'thematicBreak':
      return allows('rule') ? { kind: 'rule' } : null;
    default:
      return reading.refuse(node) || null;
  }
}

function readBlocks(nodes: RootContent[], depth: number, reading: Reading): MarkdownBlock[] {
  return nodes.flatMap((node) => block(node, depth, reading) ?? []);
}

/** The one tree of a parsed text, and what in it its profile does not allow. */
export function treeOf(nodes: RootContent[], profile: MarkdownProfile) {
  const reading = new Reading(profile);
  if (profile.sections) {
    const first = nodes.findIndex((node) => node.type === 'heading');
    for (const node of first === -1 ? nodes : nodes.slice(0, first)) {
      reading.problem(node, profile.sections.start);
    }
  }
  const blocks = readBlocks(nodes, 0, reading);
  const ids = blocks.flatMap((one) => (one.kind === 'heading' ? [one.id] : []));
  const atStart = (message: string) => reading.problems.push({ line: 1, message });
  if (profile.sections && ids.length === 0) atStart(profile.sections.none);
  if (profile.required && blocks.length === 0) atStart(profile.required);
  for (const [index, id] of ids.entries()) {
    if (ids.indexOf(id) !== index) atStart(`expected each heading to be different, "${id}" twice`);
  }
  return { blocks, problems: reading.problems };
}
