import type { ReactNode } from 'react';
import type { SiteContent } from '../content/page-props';
import { ConsentBanner } from './consent-banner';
import { SiteFooter } from './site-footer';

/**
 * Every page: a skip link, the consent banner (next, so it is met first; shown only until the
 * visitor chooses), the page's own header (if any), its main content and the footer.
 */
export function PageLayout({
  site,
  header,
  children,
}: {
  site: SiteContent['site'];
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded focus:bg-accent focus:px-4 focus:py-2 focus:text-on-accent"
      >
        {site.skipLink}
      </a>
      <ConsentBanner copy={site.consent} />
      {header}
      <main id="main">{children}</main>
      <SiteFooter site={site} />
    </>
  );
}
