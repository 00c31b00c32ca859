import type { Link } from '../content/types';
import { ArrowRight } from './icons';
import { TrackedLink } from './tracked';

/** The thin newsletter invitation above the header (product brief §2.2). */
export function TopBanner({ label, text, link }: { label: string; text: string; link: Link }) {
  return (
    <aside aria-label={label} className="band-dark px-5 py-2.5 text-center text-step--1">
      <span>{text}</span>{' '}
      <TrackedLink
        href={link.href}
        location="top-banner"
        className="inline-flex items-center gap-1 font-bold text-accent underline decoration-2 underline-offset-4 hover:no-underline"
      >
        {link.label}
        <ArrowRight className="size-4" />
      </TrackedLink>
    </aside>
  );
}
