import type { Nodes } from 'mdast';
import type { HeadingLevel } from './tree';

/**
 * What one kind of Markdown text may hold: the profile the one reader (read.ts) checks it
 * against, and the bounds every text keeps.
 */

export interface TextProblem {
  /** 1-based line within the text. */
  line: number;
  message: string;
}

/** The kinds of block a profile may allow, as the tree names them. */
export type BlockKind = 'heading' | 'paragraph' | 'list' | 'quote' | 'code' | 'picture' | 'rule';
/** The inline kinds a profile may allow besides words and links, which every text may hold. */
export type InlineKind = 'strong' | 'emphasis' | 'code' | 'break';

/** What one kind of text may hold, and what the owner is told of anything else. */
export interface MarkdownProfile {
  /** What the text may hold, in the owner's words: "expected <this>; found a table". */
  readonly expected: string;
  readonly blocks: ReadonlySet<BlockKind>;
  readonly inline: ReadonlySet<InlineKind>;
  /** The heading levels allowed, and the problem with another (the heading stays in the tree). */
  readonly headings?: {
    readonly from: HeadingLevel;
    readonly to: HeadingLevel;
    problem(level: HeadingLevel): string;
  };
  /** Headings of words alone: a table of contents lists them as they are. */
  readonly plainHeadings?: boolean;
  /** Lists as the legal pages have them: "- " items of one paragraph each. */
  readonly simpleLists?: boolean;
  /** Whether `[[Owner: …]]` in the words is a detail the owner still has to give. */
  readonly ownerDetails?: boolean;
  /** The legal pages' block markers: placed in the tree, or refused with these words. */
  readonly markers?: 'place' | { readonly refused: string };
  /** A text of sections, each under a heading from its first line: what to say otherwise. */
  readonly sections?: { readonly start: string; readonly none: string };
  /** What to say of a text that holds nothing. */
  readonly required?: string;
  /** The profile's own names for what it refuses, before the shared ones. */
  readonly names?: Partial<Record<Nodes['type'], string>>;
}

/**
 * The longest text read: about 15,000 words, past the longest post or legal page the site has.
 * Markdown's parser takes more than linear time on some inputs, so a text must stay small.
 */
export const longestText = 100_000;

/**
 * How deep lists, quotations and inline emphasis and links may sit inside one another: far past
 * what prose needs, and shallow enough that no walk of the tree, the renderers' included, can run
 * out of stack.
 */
export const deepestNesting = 12;
