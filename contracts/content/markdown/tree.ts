/**
 * The one tree every Markdown text of the content is read into (docs/decisions/028-writing.md):
 * a legal page's text, an owner's page's prose block, a legal table's cell and a post's text.
 * The reader (read.ts) makes it once, with the rules of the text's profile; each renderer (the
 * pages' React, src/components/markdown-text.tsx, and the newsletter's email HTML) walks it, and
 * none parses Markdown. A kind a profile refuses never reaches a renderer.
 */

/** A run of text inside a block. */
export type MarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'emphasis'; children: readonly MarkdownInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; external: boolean; children: readonly MarkdownInline[] }
  | { kind: 'break' }
  /** `[[Owner: company number]]`: a detail only the owner can give, shown until it is given. */
  | { kind: 'owner-detail'; what: string };

/** A heading's level as Markdown writes it: `##` is 2. Each profile says which it allows. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type MarkdownBlock =
  | { kind: 'heading'; level: HeadingLevel; id: string; text: readonly MarkdownInline[] }
  | { kind: 'paragraph'; text: readonly MarkdownInline[] }
  | { kind: 'list'; ordered: boolean; items: readonly (readonly MarkdownBlock[])[] }
  | { kind: 'quote'; blocks: readonly MarkdownBlock[] }
  | { kind: 'code'; text: string }
  /** A picture on a line of its own, by its file name in the content's images/. */
  | { kind: 'picture'; src: string; alt: string }
  | { kind: 'rule' }
  /** A legal page's `[[Table]]`: where the file's table goes. */
  | { kind: 'table' }
  /** A legal page's `[[Cookie settings button: …]]`: the button that opens the consent settings. */
  | { kind: 'consent-button'; label: string };

/** The words of some inline text, as a screen reader, a search engine or an address reads them. */
export function plainText(text: readonly MarkdownInline[]): string {
  return text
    .map((part) => {
      switch (part.kind) {
        case 'text':
        case 'code':
          return part.text;
        case 'break':
          return ' ';
        case 'owner-detail':
          return part.what;
        default:
          return plainText(part.children);
      }
    })
    .join('');
}

/** How many words the text has, for its reading time. */
export function wordCount(blocks: readonly MarkdownBlock[]): number {
  let count = 0;
  const words = (text: string) => {
    count += text.split(/\s+/).filter(Boolean).length;
  };
  const walk = (list: readonly MarkdownBlock[]) => {
    for (const block of list) {
      if (block.kind === 'heading' || block.kind === 'paragraph') words(plainText(block.text));
      else if (block.kind === 'list') for (const item of block.items) walk(item);
      else if (block.kind === 'quote') walk(block.blocks);
      else if (block.kind === 'code') words(block.text);
    }
  };
  walk(blocks);
  return count;
}

/** Every picture the text shows, by its file name in images/. */
export function picturesOf(blocks: readonly MarkdownBlock[]): string[] {
  return blocks.flatMap((block) => {
    if (block.kind === 'picture') return [block.src];
    if (block.kind === 'list') return block.items.flatMap(picturesOf);
    if (block.kind === 'quote') return picturesOf(block.blocks);
    return [];
  });
}
