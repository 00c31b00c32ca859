import type { Block } from '../../../contracts/content/pages';
import { type OwnerPageId, ownerPageId } from '../../../contracts/routes';
import { PageLayout } from '../../components/page-layout';
import type { PageProps, SiteContent } from '../../content/page-props';
import type { PageMeta } from '../../content/types';
import { BlockSection } from './block-sections';

/** One of the owner's pages as pages receive it: images resolved, facts filled in. */
export type ComposedPageContent = SiteContent['pages'][string];

/** Each block's anchor: its kind and place ("faq-3"), so two of a kind never share one. */
export function blockId(block: Pick<Block, 'discriminant'>, index: number): string {
  const kind = block.discriminant.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `${kind}-${index + 1}`;
}

/**
 * One of the owner's pages: its blocks in order, in the site's frame, under the main site's menu
 * (which marks it when it lives on the main site).
 */
export function ComposedPage({
  content,
  now,
  taken = {},
  page,
  slug,
}: PageProps & { page: ComposedPageContent; slug: string }) {
  return (
    <PageLayout site={content.site} menu={{ current: page.site === 'main' ? page.path : null }}>
      {page.blocks.map((block, index) => (
        <BlockSection
          key={blockId(block, index)}
          kind={block.discriminant}
          value={block.value}
          id={blockId(block, index)}
          site={content.site}
          now={now}
          slug={slug}
          seats={{ taken, copy: content.workshop.delivery.seats }}
        />
      ))}
    </PageLayout>
  );
}

/** Its head: title and description, and the share card's words (the title where none given). */
export function composedMeta(page: ComposedPageContent, site: SiteContent['site']): PageMeta {
  return {
    ...page.meta,
    theme: 'main',
    card: page.card ?? { kicker: site.founder.name, headline: page.meta.title },
  };
}

/** The slug of an owner's page id ("pages/speaking" → "speaking"). */
export function slugOf(page: OwnerPageId): string {
  return page.slice(ownerPageId('').length);
}
