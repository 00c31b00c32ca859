import type { MarkdownBlock } from '../../../contracts/content/markdown/tree';
import { MarkdownBlocks, type MarkdownParts } from '../../components/markdown-text';
import { Image } from '../../components/ui/image';
import type { PostPictures } from '../../content/page-props';

/**
 * A post's text (contracts/content/post-text.ts) as its page shows it: the tree its email is made
 * from too (server/features/writing/broadcast.ts), so nothing here may need a script.
 */

const headingClass: Record<number, string> = {
  2: 'mt-12 text-step-2 font-semibold',
  3: 'mt-10 text-step-1 font-semibold',
  4: 'mt-8 text-step-0 font-semibold',
};

/** How a post draws its text: its pictures from the ones the render resolved for it. */
function postParts(pictures: PostPictures): MarkdownParts {
  return {
    block: {
      heading: (block, inner) => {
        const Tag = `h${block.level}` as const;
        return (
          <Tag id={block.id} className={headingClass[block.level]}>
            {inner}
          </Tag>
        );
      },
      paragraph: (_, inner) => <p className="mt-5">{inner}</p>,
      list: (block, inner) => {
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List
            className={`mt-5 space-y-2 pl-6 marker:text-muted ${block.ordered ? 'list-decimal' : 'list-disc'}`}
          >
            {inner}
          </List>
        );
      },
      quote: (_, inner) => (
        <blockquote className="mt-8 border-l-4 border-accent-strong pl-6 text-step-1 leading-snug [&>p:first-child]:mt-0">
          {inner}
        </blockquote>
      ),
      code: (block) => (
        <pre className="mt-6 overflow-x-auto rounded-card bg-surface p-4 font-mono text-step--1">
          <code>{block.text}</code>
        </pre>
      ),
      picture: (block) => {
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
      },
      rule: () => <hr className="mt-10 border-line" />,
    },
    item: (inner) => <li className="[&>p:first-child]:mt-0">{inner}</li>,
    inline: {
      code: (part) => (
        <code className="rounded-sm bg-surface px-1 font-mono text-[0.9em]">{part.text}</code>
      ),
    },
  };
}

export function Blocks({
  blocks,
  pictures,
}: {
  blocks: readonly MarkdownBlock[];
  pictures: PostPictures;
}) {
  return <MarkdownBlocks blocks={blocks} parts={postParts(pictures)} />;
}
