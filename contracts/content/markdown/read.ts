import { fromMarkdown } from 'mdast-util-from-markdown';
import { deepestNesting, longestText, type MarkdownProfile, type TextProblem } from './profile';
import type { MarkdownBlock } from './tree';
import { treeOf } from './walk';

/**
 * The one Markdown reader of the content (docs/decisions/028-writing.md): a text is parsed once
 * (mdast-util-from-markdown, CommonMark without HTML's meaning) into the one tree (tree.ts) and
 * checked once against its profile, which says what that text may hold. What a profile does not
 * allow (raw HTML above all: the owner's words must not be able to run a script) is a problem
 * at its line in the text, in words the owner knows, and is left out of the tree. A link goes
 * through the one link rule (textLinkProblem). Control characters are refused by the text's
 * field before it is read, as every field of words refuses them (refuseControlCharacters,
 * contracts/content/fields.ts), so each is reported once. What a text may hold is its profile
 * (profile.ts); the walk that checks it, walk.ts.
 */

export interface ReadMarkdown {
  readonly blocks: readonly MarkdownBlock[];
  readonly problems: readonly TextProblem[];
}

/** A line that starts more lists and quotations inside one another than a text may hold. */
const containerStart = /^[ \t]{0,3}(?:>|[-*+][ \t]|\d{1,9}[.)][ \t])[ \t]*/;
const dividingLine = /^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * The first line that opens more containers than any text may nest, read before the parser is:
 * the parser takes time growing with the square of such a line's depth ("- - - - …").
 */
function tooDeepALine(text: string): number | null {
  for (const [index, line] of text.split('\n').entries()) {
    if (dividingLine.test(line)) continue;
    let rest = line;
    for (let depth = 0; depth <= deepestNesting; depth++) {
      const start = containerStart.exec(rest);
      if (!start) break;
      rest = rest.slice(start[0].length);
      if (depth === deepestNesting) return index + 1;
    }
  }
  return null;
}

function read(text: string, profile: MarkdownProfile): ReadMarkdown {
  const refusedWhole = (line: number, message: string) => ({
    blocks: [],
    problems: [{ line, message }],
  });
  if (text.length > longestText) {
    return refusedWhole(
      1,
      `expected a text of at most ${longestText.toLocaleString('en-GB')} characters, got ${text.length.toLocaleString('en-GB')}`,
    );
  }
  const deepLine = tooDeepALine(text);
  if (deepLine !== null) {
    return refusedWhole(
      deepLine,
      `expected lists and quotations inside one another at most ${deepestNesting} deep`,
    );
  }
  return treeOf(fromMarkdown(text).children, profile);
}

/**
 * Texts read before, by profile and words: a build or a publish reads each post several times
 * (its check, its pictures, its page, its reading time), 0.5 s a time with an archive of 500.
 * Kept for as many texts as the content may hold (2,000 files, docs/decisions/019-publish.md),
 * the oldest read dropped first.
 */
const readBefore = new WeakMap<MarkdownProfile, Map<string, ReadMarkdown>>();
const textsRemembered = 2_000;

/** A text as the tree its renderers show, and what in it its profile does not allow. */
export function readMarkdown(text: string, profile: MarkdownProfile): ReadMarkdown {
  const known = readBefore.get(profile) ?? new Map<string, ReadMarkdown>();
  readBefore.set(profile, known);
  const before = known.get(text);
  if (before) return before;
  const reading = read(text, profile);
  if (known.size >= textsRemembered) known.delete(known.keys().next().value ?? '');
  known.set(text, reading);
  return reading;
}
