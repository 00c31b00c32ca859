import { useEffect, useId, useRef, useState } from 'react';
import type { Link, SocialLink } from '../content/types';
import { cn } from '../lib/cn';
import { Close, Menu } from './icons';
import { type MainMenu, MenuLink } from './main-header';
import { SocialLinks } from './social-links';
import { Container } from './ui/container';
import { StaticHtml } from './ui/static-html';

export interface HeaderContent {
  brand: string;
  navLabel: string;
  socialLabel: string;
  menuText: string;
  /** The page's own sections. */
  links: readonly Link[];
  /** The owner's menu, after the sections (content/site.yaml `navigation`). */
  menu?: MainMenu;
}

const linkClass =
  'block border-b border-line py-4 font-display text-step-2 uppercase tracking-wide md:rounded-full md:border-0 md:px-2.5 md:py-2 md:font-sans md:text-step--1 md:font-bold md:tracking-wider lg:px-4 lg:tracking-widest md:hover:bg-ink md:hover:text-paper';

/**
 * The brand bar with in-page links and social icons. Below 768 px the links and icons fold
 * behind a disclosure button: choosing a link or pressing Escape closes it (Escape also returns
 * focus to the button). One list serves both layouts, so there is one navigation landmark.
 */
export function SiteHeader({
  content,
  socials,
}: {
  content: HeaderContent;
  socials: ReadonlyArray<SocialLink & { mobileOnly?: boolean }>;
}) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper">
      <Container className="flex min-h-16 items-center justify-between gap-4 lg:gap-6">
        <a href="/" className="font-display text-step-1 whitespace-nowrap uppercase tracking-wide">
          {content.brand}
        </a>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="-mr-2 inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-step--1 font-semibold uppercase tracking-widest md:hidden"
        >
          {open ? <Close className="size-5" /> : <Menu className="size-5" />}
          {content.menuText}
        </button>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation; the links are the controls. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click too. */}
        <div
          id={panelId}
          className={cn(
            'absolute inset-x-0 top-full border-b border-line bg-paper px-5 pt-2 pb-6 shadow-[var(--shadow-card)] sm:px-8',
            'md:static md:flex md:flex-1 md:items-center md:justify-between md:border-0 md:bg-transparent md:p-0 md:shadow-none',
            open ? 'block' : 'hidden',
          )}
          // Choosing a link closes the menu. The links themselves are static markup (no
          // hydration); their clicks, by pointer or by Enter, bubble here.
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
          }}
        >
          <StaticHtml className="contents">
            <nav aria-label={content.navLabel} className="md:mx-auto">
              {/* Wraps rather than overflows when the owner's menu is long. */}
              <ul className="flex flex-col md:flex-row md:flex-wrap md:justify-center md:gap-1">
                {content.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} className={linkClass}>
                      {link.label}
                    </a>
                  </li>
                ))}
                {content.menu?.items.map((item) => (
                  <li key={item.href}>
                    <MenuLink
                      item={item}
                      current="/"
                      externalHint={content.menu?.externalHint ?? ''}
                      className={linkClass}
                    />
                  </li>
                ))}
              </ul>
            </nav>
            <SocialLinks
              links={socials}
              label={content.socialLabel}
              // With the owner's menu beside the sections the row has no room for them below
              // 1280 px; the footer lists them on every page.
              className="mt-4 -ml-3 md:m-0 md:hidden xl:flex"
            />
          </StaticHtml>
        </div>
      </Container>
    </header>
  );
}
