import { Fragment } from 'react';
import type { PostBlock, PostInline } from '../../../../contracts/content/post-text';
import { Image } from '../../../components/ui/image';
import type { PostPictures } from '../../../content/page-props';

/**
 * A post's text (contracts/content/post-text.ts) as its page shows it: the same reader makes its
 * email, so nothing here may need a script.
 */

const linkClass =
  'font-semibold underline decoration-accent-strong decoration-2 underline-offset-4 transition-colors hover:decoration-ink';

function Inline({ text }: { text: readonly PostInline[] }) {
  return text.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static content: a run's place is its identity.
    <Fragment key={index}>
      <Part part={part} />
    </Fragment>
  ));
}

function Part({ part }: { part: PostInline }) {
  switch (part.kind) {
    case 'text':
      return part.text;
    case 'strong':
      return (
        <strong>
          <Inline text={part.children} />
        </strong>
      );
    case 'emphasis':
      return (
        <em>
          <Inline text={part.children} />
        </em>
      );
    case 'code':
      return <code className="rounded-sm bg-surface px-1 font-mono text-[0.9em]">{part.text}</code>;
    case 'break':
      return <br />;
    case 'link': {
      const newTab = part.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
      return (
        <a className={linkClass} href={part.href} {...newTab}>
          <Inline text={part.children} />
        </a>
      );
    }
  }
}

const headingClass = {
  2: 'mt-12 text-step-2 font-semibold',
  3: 'mt-10 text-step-1 font-semibold',
  4: 'mt-8 text-step-0 font-semibold',
} as const;

function Block({ block, pictures }: { block: PostBlock; pictures: PostPictures }) {
  switch (block.kind) {
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return (
        <Tag id={block.id} className={headingClass[block.level]}>
          <Inline text={block.text} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p className="mt-5">
          <Inline text={block.text} />
        </p>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List
          className={`mt-5 space-y-2 pl-6 marker:text-muted ${block.ordered ? 'list-decimal' : 'list-disc'}`}
        >
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static content: an item's place is its identity.
            <li key={index} className="[&>p:first-child]:mt-0">
              <Blocks blocks={item} pictures={pictures} />
            </li>
          ))}
        </List>
      );
    }
    case 'quote':
      return (
        <blockquote className="mt-8 border-l-4 border-accent-strong pl-6 text-step-1 leading-snug [&>p:first-child]:mt-0">
          <Blocks blocks={block.blocks} pictures={pictures} />
        </blockquote>
      );
    case 'code':
      return (
        <pre className="mt-6 overflow-x-auto rounded-card bg-surface p-4 font-mono text-step--1">
          <code>{block.text}</code>
        </pre>
      );
    case 'picture': {
      const image = pictures[block.src];
      return image ? (
        <figure className="mt-8">
          <Image
            image={{ ...image, alt: block.alt }}
            sizes="(min-width: 48rem) 42rem, 100vw"
            className="h-auto w-full rounded-card"
          />
        </figure>
      ) : null;
    }
    case 'rule':
      return <hr className="mt-10 border-line" />;
  }
}

export function Blocks({
  blocks,
  pictures,
}: {
  blocks: readonly PostBlock[];
  pictures: PostPictures;
}) {
  return blocks.map((block, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static content: a block's place is its identity.
    <Block key={index} block={block} pictures={pictures} />
  ));
}
