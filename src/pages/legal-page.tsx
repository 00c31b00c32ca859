import { canonicalLocation } from '../../contracts/routes';
import type { PageProps } from '../content/page-props';
import { LegalPage } from '../sections/legal-document';

/**
 * The three legal pages (product decision D7), on every site: each is its file in
 * content/legal/ shown the same way, so one definition serves the page registry for all three.
 */
export function legalPage(name: 'terms' | 'privacy' | 'cookies') {
  return {
    // biome-ignore lint/correctness/noComponentHookFactories: called once per page when the registry module loads, never while rendering, so each page keeps one stable component.
    Component: ({ content }: PageProps) => (
      <LegalPage
        site={content.site}
        document={content[name]}
        path={canonicalLocation[name]?.path ?? null}
      />
    ),
    meta: ({ content }: PageProps) => {
      const document = content[name];
      return {
        ...document.meta,
        theme: 'main' as const,
        // Its title is also its share card's headline.
        card: { kicker: content.site.legal.kicker, headline: document.meta.title },
      };
    },
  };
}
