import { normalizePath } from '../../contracts/route-table';
import type { SiteContent } from '../content/page-props';
import { cn } from '../lib/cn';
import { onMainSite } from '../lib/main-site';
import { ArrowRight, Close, Menu } from './icons';
import { newTab } from './tracked';
import { Container } from './ui/container';

type Site = SiteContent['site'];
type MenuItem = Site['navigation']['primary'][number];

/** A menu as a header receives it: its items and the words that mark another site's. */
export interface MainMenu {
  items: readonly MenuItem[];
  externalHint: string;
}

/**
 * How an item stands to the page it is shown on: the page itself ("page"), the section the page
 * belongs to ("true": the writing's index for one of its posts), or neither.
 */
export function currentness(item: MenuItem, current: string | null): 'page' | 'true' | undefined {
  if (item.external || current === null) return undefined;
  const path = normalizePath(item.href);
  const here = normalizePath(current);
  if (path === here) return 'page';
  return path !== '/' && here.startsWith(`${path}/`) ? 'true' : undefined;
}

/**
 * One menu item: a path on the main site as an address there (the legal pages are served on
 * every host), another site's marked so, in words for a screen reader and an arrow for the eye,
 * and opened as the site opens every other site's link (src/components/tracked.tsx).
 */
export function MenuLink({
  item,
  current,
  externalHint,
  className,
}: {
  item: MenuItem;
  current: string | null;
  externalHint: string;
  className?: string;
}) {
  return (
    <a
      href={item.external ? item.href : onMainSite(item.href)}
      aria-current={currentness(item, current)}
      className={className}
      {...(item.external ? { ...newTab(true), rel: 'external noopener noreferrer' } : {})}
    >
      {item.label}
      {item.external ? (
        <>
          <ArrowRight aria-hidden="true" className="ml-1 inline size-[0.9em] -rotate-45" />
          <span className="sr-only"> ({externalHint})</span>
        </>
      ) : null}
    </a>
  );
}

/** The menu's items as a list, in one layout's look (the header's row, its phone's list). */
function MenuList({
  menu,
  current,
  className,
  linkClassName,
}: {
  menu: MainMenu;
  current: string | null;
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {menu.items.map((item) => (
        <li key={item.href}>
          <MenuLink
            item={item}
            current={current}
            externalHint={menu.externalHint}
            className={linkClassName}
          />
        </li>
      ))}
    </ul>
  );
}

const focusRing =
  'outline-offset-2 focus-visible:outline-3 focus-visible:outline-ink motion-safe:transition-colors';

/**
 * The header of the main site's pages that are not the home page (the writing, the owner's
 * pages, the legal pages): the founder's name home, and the owner's menu
 * (docs/decisions/026-owner-pages.md, "Headers"). No script: on a phone the menu is a `details`
 * disclosure, from 768 px a row, so nothing loads before the first paint and it works with
 * JavaScript off. Both layouts sit in one navigation landmark; the hidden one is out of the
 * accessibility tree (display: none).
 */
export function MainHeader({ site, current }: { site: Site; current: string | null }) {
  const { navigation, founder } = site;
  const items = navigation.primary;
  const hint = navigation.externalHint;
  return (
    <header className="relative z-30 border-b border-line bg-paper">
      <Container className="flex min-h-16 items-center justify-between gap-6">
        <a
          href={onMainSite('/')}
          className={cn(
            'rounded-sm font-display text-step-1 whitespace-nowrap uppercase tracking-wide',
            focusRing,
          )}
        >
          {founder.name}
        </a>
        {items.length > 0 ? (
          <nav aria-label={navigation.label}>
            <MenuList
              menu={{ items, externalHint: hint }}
              current={current}
              className="hidden items-center gap-1 md:-mr-4 md:flex"
              linkClassName={cn(
                'inline-flex min-h-11 items-center rounded-full px-4 text-step--1 font-bold uppercase tracking-widest',
                'hover:bg-ink hover:text-paper aria-[current]:underline aria-[current]:decoration-accent-strong aria-[current]:decoration-3 aria-[current]:underline-offset-8 hover:aria-[current]:decoration-accent',
                focusRing,
              )}
            />
            <details className="group md:hidden">
              <summary
                className={cn(
                  '-mr-2 inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-3 text-step--1 font-semibold uppercase tracking-widest [&::-webkit-details-marker]:hidden',
                  focusRing,
                )}
              >
                <Menu aria-hidden="true" className="size-5 group-open:hidden" />
                <Close aria-hidden="true" className="hidden size-5 group-open:block" />
                {navigation.menu}
              </summary>
              <MenuList
                menu={{ items, externalHint: hint }}
                current={current}
                className="absolute inset-x-0 top-full border-b border-line bg-paper px-5 pt-2 pb-6 shadow-[var(--shadow-card)] sm:px-8"
                linkClassName={cn(
                  'block border-b border-line py-4 font-display text-step-2 uppercase tracking-wide',
                  'aria-[current]:underline aria-[current]:decoration-accent-strong aria-[current]:decoration-3 aria-[current]:underline-offset-8',
                  focusRing,
                )}
              />
            </details>
          </nav>
        ) : null}
      </Container>
    </header>
  );
}
