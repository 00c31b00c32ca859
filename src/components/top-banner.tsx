import type { Link } from '../content/types';
import { track } from '../lib/tracking';
import { ArrowRight } from './icons';

/** The thin newsletter invitation above the header (spec §2.2). */
export function TopBanner({ label, text, link }: { label: string; text: string; link: Link }) {
  return (
    <aside
      aria-label={label}
      className="surface-ink bg-[#111111] px-5 py-2.5 text-center text-step--1 text-[#f7f4ee]"
    >
      <span>{text}</span>{' '}
      <a
        href={link.href}
        onClick={() =>
          track('ctaClick', { button_name: link.label, button_location: 'top-banner' })
        }
        className="inline-flex items-center gap-1 font-bold text-accent underline decoration-2 underline-offset-4 hover:no-underline"
      >
        {link.label}
        <ArrowRight className="size-4" />
      </a>
    </aside>
  );
}
