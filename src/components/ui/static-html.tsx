import type { ReactNode } from 'react';

/**
 * Markup inside an island that never changes after the prerender (a carousel's slides, the
 * header's links): the server renders the children, and in the browser React adopts the element
 * but not its contents, so they cost no hydration. React hydrates an element whose props carry
 * `dangerouslySetInnerHTML` without walking its children, and never rewrites them while the
 * (empty) HTML prop stays the same. Events inside still reach the island's handlers by bubbling.
 */
export function StaticHtml({ className, children }: { className?: string; children: ReactNode }) {
  if (import.meta.env.SSR) return <div className={className}>{children}</div>;
  return (
    <div
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty on purpose; the server's markup stays.
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  );
}
