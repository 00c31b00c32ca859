import type { ReactNode } from 'react';
import type { SiteContent } from '../content/page-props';
import { ConsentBanner } from './consent-banner';
import { MainHeader } from './main-header';
import { SiteFooter } from './site-footer';

/**
 * Every page: a skip link, the consent banner (next, so it is met first; shown only until the
 * visitor chooses), the page's own header (if any), its main content and the footer.
 *
 * `menu` puts a page in the main site's frame (docs/decisions/026-owner-pages.md, "Headers"):
 * the menu header, unless the page brings a header of its own (the home page), and the footer's
 * menu. `current` is the page's path on the main site, which its menu items are marked against.
 * The seed's landing pages pass none.
 */
export function PageLayout({
  site,
  header,
  menu,
  children,
}: {
  site: SiteContent['site'];
  header?: ReactNode;
  menu?: { current: string | null };
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
      {header ?? (menu ? <MainHeader site={site} current={menu.current} /> : null)}
      <main id="main">{children}</main>
      <SiteFooter site={site} menu={menu} />
    </>
  );
}
