import type { ReactNode } from 'react';
import {
  type ProvenOutcome,
  provenAttribute,
  provenOutcomes,
  unproven,
} from '../../contracts/proven-outcome';
import { cn } from '../lib/cn';

/**
 * The outcomes of a page after a payment or an offer link (docs/decisions/034-selling-that-
 * cannot-be-gamed.md), every one in its HTML and one shown, by CSS alone:
 * - what the page says to anyone (`unproven`), unless another is shown;
 * - a section its address targets (`/offer#expired`), which a redirect of the server's lands on;
 * - a payment the server proved (`paid`, `pending`): only where the server set the container's
 *   `data-proven` (server/http/proven-page.ts), never by anything in the address alone.
 * A hidden outcome is `display: none`, so the shown one's heading is the page's one h1 to a
 * reader and a screen reader alike. No script: the page ships no island.
 */
export function Outcomes({
  unproven: anyone,
  proven,
  targeted = [],
}: {
  unproven: ReactNode;
  proven: Readonly<Record<ProvenOutcome, ReactNode>>;
  targeted?: ReadonlyArray<{ id: string; children: ReactNode }>;
}) {
  return (
    <div
      {...{ [provenAttribute]: unproven }}
      className={cn(
        '[&:has(>:target)>[data-unproven]]:hidden [&:not([data-proven=none])>[data-unproven]]:hidden',
        // Tailwind reads whole class names: one per proven outcome (contracts/proven-outcome.ts).
        '[&[data-proven=paid]:not(:has(>:target))>[data-outcome=paid]]:block',
        '[&[data-proven=pending]:not(:has(>:target))>[data-outcome=pending]]:block',
      )}
    >
      <div data-unproven="">{anyone}</div>
      {provenOutcomes.map((outcome) => (
        <div key={outcome} data-outcome={outcome} className="hidden">
          {proven[outcome]}
        </div>
      ))}
      {targeted.map(({ id, children }) => (
        // A targeted outcome is the page's opening: its large scroll margin keeps the browser's
        // jump to it at the top of the page.
        <div key={id} id={id} className="hidden scroll-mt-[100vh] target:block">
          {children}
        </div>
      ))}
    </div>
  );
}
