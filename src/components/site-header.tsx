import type { Link } from '../content/types';
import { Container } from './ui/container';

/** A slim brand bar with in-page links; the home page issue adds the mobile menu and socials. */
export function SiteHeader({
  brand,
  links,
  label,
}: {
  brand: string;
  links: readonly Link[];
  label: string;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/90 backdrop-blur">
      <Container className="flex min-h-16 items-center justify-between gap-6">
        <a href="/" className="font-display text-step-1 uppercase tracking-wide">
          {brand}
        </a>
        <nav aria-label={label}>
          <ul className="flex gap-5 text-step--1 font-semibold tracking-wider">
            {links.map((link) => (
              <li key={link.href}>
                <a className="hover:underline underline-offset-4" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </header>
  );
}
