import { pageTrafficSource } from './traffic-source';

/** What marks a link on to another of our pages that keeps the visitor's source. */
export const sourceLinkAttribute = 'data-source-link';

/**
 * A link on to another of our pages that keeps where the visitor came from (the cohort's
 * application page keeps it with the application, docs/decisions/033-cohort-applications.md):
 * that page's referrer is ours, which counts as no source, so just before the browser follows the
 * link it carries this page's traffic source as `utm_source`, the first thing the next page reads
 * (contracts/traffic-source.ts). Direct goes as nothing: the next page reads Direct anyway.
 * Document-wide, like the checkout links (checkout-link.ts), so the links need no hydration.
 * Without JavaScript the link goes as written.
 */
export function decorateSourceLinks(): void {
  const decorate = (event: Event) => {
    const link =
      event.target instanceof Element ? event.target.closest(`a[${sourceLinkAttribute}]`) : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const target = new URL(link.getAttribute('href') ?? '', window.location.href);
    const source = pageTrafficSource();
    if (source === 'Direct') target.searchParams.delete('utm_source');
    else target.searchParams.set('utm_source', source);
    link.setAttribute('href', `${target.pathname}${target.search}${target.hash}`);
  };
  // Capture: before any other listener, and before the browser reads the href.
  document.addEventListener('click', decorate, true);
  document.addEventListener('auxclick', decorate, true);
}
