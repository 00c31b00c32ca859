import type { SiteContent } from '../content/page-props';
import { onMainSite } from '../lib/main-site';
import { socialLinksOf } from '../lib/social-links';
import { MenuLink } from './main-header';
import { Container } from './ui/container';

const linkClass =
  'underline-offset-4 transition-colors hover:text-accent hover:underline focus-visible:outline-current';

/**
 * Every page's footer: the name as a sign-off and the way home from any site, the social
 * profiles and the legal pages (D7). The pages with the menu header show the owner's footer menu
 * too (`menu`: the path of the page, or null); the seed's landing pages stay as focused as the
 * specification draws them (docs/decisions/026-owner-pages.md, "Headers").
 */
export function SiteFooter({
  site,
  menu,
}: {
  site: SiteContent['site'];
  menu?: { current: string | null };
}) {
  const { footer, founder, consent, navigation } = site;
  const socialLinks = (
    <nav aria-label={footer.socialLabel}>
      <ul className="flex flex-wrap gap-x-6 gap-y-3 text-step-0 font-semibold">
        {socialLinksOf(site).map((link) => (
          <li key={link.network}>
            <a className={linkClass} href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <footer className="bg-ink text-paper [color-scheme:dark]">
      <Container className="py-14 md:py-20">
        <div className="flex flex-col gap-10 border-b border-paper/15 pb-10 md:flex-row md:items-end md:justify-between">
          <div>
            {/* A link that looks as the name always did: the landing pages' footers stay as drawn. */}
            <p className="font-display text-step-5 uppercase leading-none">
              <a
                href={onMainSite('/')}
                className="rounded-sm transition-colors hover:text-accent focus-visible:outline-current"
              >
                {founder.name}
              </a>
            </p>
            <p className="mt-3 text-step--1 font-semibold uppercase tracking-[0.18em] opacity-75">
              {founder.tagline}
            </p>
          </div>
          {menu && navigation.footer.length > 0 ? (
            <div className="flex flex-col gap-8 md:items-end">
              <nav aria-label={navigation.footerLabel}>
                <ul className="flex flex-wrap gap-x-8 gap-y-3 font-display text-step-2 uppercase tracking-wide md:justify-end">
                  {navigation.footer.map((item) => (
                    <li key={item.href}>
                      <MenuLink
                        item={item}
                        current={menu.current}
                        externalHint={navigation.externalHint}
                        className={`${linkClass} aria-[current]:underline aria-[current]:decoration-accent`}
                      />
                    </li>
                  ))}
                </ul>
              </nav>
              {socialLinks}
            </div>
          ) : (
            socialLinks
          )}
        </div>
        <div className="mt-8 flex flex-col gap-6 text-step--1 md:flex-row-reverse md:items-start md:justify-between">
          <nav aria-label={footer.legalLabel}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {footer.legalLinks.map((link) => (
                <li key={link.href}>
                  <a className={linkClass} href={link.href}>
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                {/* Shown by the consent banner's script, which it needs (lib/consent-banner.ts). */}
                <button type="button" className={linkClass} data-consent-open="" hidden>
                  {consent.reopen}
                </button>
              </li>
            </ul>
          </nav>
          <div className="flex flex-col gap-1 opacity-75">
            <p>{footer.copyright}</p>
            {footer.sampleNotice ? <p>{footer.sampleNotice}</p> : null}
          </div>
        </div>
      </Container>
    </footer>
  );
}
