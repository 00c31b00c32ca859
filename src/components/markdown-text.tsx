import { Fragment, type ReactNode } from 'react';
import type { MarkdownBlock, MarkdownInline } from '../../contracts/content/markdown/tree';

/**
 * The one React renderer of the owner's Markdown (contracts/content/markdown/tree.ts): it walks
 * the tree the reader made, and each place that shows a text (a legal page, an owner's page's
 * prose, a post) gives the elements it draws each kind with, its parts. It never parses
 * Markdown, and nothing it draws needs a script.
 */

type Of<Union, Kind> = Extract<Union, { kind: Kind }>;

/** Where a block stands: a legal page's list item shows its one paragraph's words alone. */
export type BlockPlace = 'text' | 'item' | 'quote';

export interface MarkdownParts {
  block?: {
    [Kind in MarkdownBlock['kind']]?: (
      block: Of<MarkdownBlock, Kind>,
      inner: ReactNode,
      place: BlockPlace,
    ) => ReactNode;
  };
  /** One item of a list, its blocks already drawn. */
  item?: (inner: ReactNode) => ReactNode;
  inline?: {
    [Kind in MarkdownInline['kind']]?: (
      part: Of<MarkdownInline, Kind>,
      inner: ReactNode,
    ) => ReactNode;
  };
}

const linkClass =
  'font-semibold underline decoration-accent-strong decoration-2 underline-offset-4 transition-colors hover:decoration-ink';

/**
 * How a kind shows where a place's parts do not say: a link as every text of the site shows
 * one (another site's in a new tab), the rest as their plain elements. A picture, a table and
 * the consent button need what only their place knows, so show nothing by default.
 */
/** Every part, as `plain` gives them all. */
interface AllParts {
  block: Required<NonNullable<MarkdownParts['block']>>;
  item: NonNullable<MarkdownParts['item']>;
  inline: Required<NonNullable<MarkdownParts['inline']>>;
}

const plain: AllParts = {
  block: {
    heading: (block, inner) => {
      const Tag = `h${block.level}` as const;
      return <Tag id={block.id}>{inner}</Tag>;
    },
    paragraph: (_, inner) => <p>{inner}</p>,
    list: (block, inner) => (block.ordered ? <ol>{inner}</ol> : <ul>{inner}</ul>),
    quote: (_, inner) => <blockquote>{inner}</blockquote>,
    code: (block) => (
      <pre>
        <code>{block.text}</code>
      </pre>
    ),
    picture: () => null,
    rule: () => <hr />,
    table: () => null,
    'consent-button': () => null,
  },
  item: (inner) => <li>{inner}</li>,
  inline: {
    text: (part) => part.text,
    strong: (_, inner) => <strong>{inner}</strong>,
    emphasis: (_, inner) => <em>{inner}</em>,
    code: (part) => <code>{part.text}</code>,
    break: () => <br />,
    link: (part, inner) => {
      const newTab = part.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
      return (
        <a className={linkClass} href={part.href} {...newTab}>
          {inner}
        </a>
      );
    },
    'owner-detail': (part) => `[${part.what}]`,
  },
};

function inlinePart(part: MarkdownInline, parts: MarkdownParts): ReactNode {
  const show = (parts.inline?.[part.kind] ?? plain.inline[part.kind]) as (
    part: MarkdownInline,
    inner: ReactNode,
  ) => ReactNode;
  const inner =
    'children' in part ? <MarkdownInlineText text={part.children} parts={parts} /> : null;
  return show(part, inner);
}

/** Inline text: words, emphasis, links and the rest, as the parts draw them. */
export function MarkdownInlineText({
  text,
  parts,
}: {
  text: readonly MarkdownInline[];
  parts: MarkdownParts;
}) {
  return text.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static content: a run's place is its identity.
    <Fragment key={index}>{inlinePart(part, parts)}</Fragment>
  ));
}

/** What a block holds, drawn: its words, its items or its blocks. */
function blockInner(block: MarkdownBlock, parts: MarkdownParts): ReactNode {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return <MarkdownInlineText text={block.text} parts={parts} />;
    case 'list': {
      const item = parts.item ?? plain.item;
      return block.items.map((blocks, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static content: an item's place is its identity.
        <Fragment key={index}>
          {item(<MarkdownBlocks blocks={blocks} parts={parts} place="item" />)}
        </Fragment>
      ));
    }
    case 'quote':
      return <MarkdownBlocks blocks={block.blocks} parts={parts} place="quote" />;
    default:
      return null;
  }
}

/** A text's blocks, as the parts draw them. */
export function MarkdownBlocks({
  blocks,
  parts,
  place = 'text',
}: {
  blocks: readonly MarkdownBlock[];
  parts: MarkdownParts;
  place?: BlockPlace;
}) {
  return blocks.map((block, index) => {
    const show = (parts.block?.[block.kind] ?? plain.block[block.kind]) as (
      block: MarkdownBlock,
      inner: ReactNode,
      place: BlockPlace,
    ) => ReactNode;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: static content: a block's place is its identity.
      <Fragment key={index}>{show(block, blockInner(block, parts), place)}</Fragment>
    );
  });
}
