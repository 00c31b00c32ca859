import type { SocialLink } from '../content/types';
import { cn } from '../lib/cn';
import { SocialIcon } from './icons';

/** Icon links to the founder's profiles, each opening in a new tab. */
export function SocialLinks({
  links,
  label,
  className,
}: {
  links: ReadonlyArray<SocialLink & { mobileOnly?: boolean }>;
  label: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn('flex items-center gap-1 md:gap-0 lg:gap-1', className)}>
      {links.map((link) => (
        <li key={link.network} className={link.mobileOnly ? 'md:hidden' : undefined}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.label}
            className="flex size-11 items-center md:size-9 lg:size-11 justify-center rounded-full transition-colors hover:bg-ink hover:text-paper"
          >
            <SocialIcon network={link.network} className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
