import * as AccordionPrimitive from '@radix-ui/react-accordion';
import type { CSSProperties } from 'react';
import { cn } from '../../lib/cn';
import { ChevronDown } from '../icons';

export interface AccordionItem {
  question: string;
  answer: string;
}

/**
 * Radix writes its size variables as a `style` attribute; in the prerendered HTML that is an
 * inline style, which the CSP (style-src 'self') refuses. Unset, they are left out, and the
 * panels show and hide by their data-state instead of animating their height.
 */
const noInlineSizes = {
  '--radix-accordion-content-height': undefined,
  '--radix-accordion-content-width': undefined,
} as CSSProperties;

/**
 * The FAQ accordion (product brief §2.4, §2.7, §2.8; D13): one item open at a time, and clicking the open
 * item closes it (single and collapsible). Triggers are buttons in real headings with
 * `aria-expanded`; every answer is in the prerendered HTML (force-mounted, hidden while closed),
 * and an answer taller than 400 px scrolls inside its panel (product brief §9), which is then focusable.
 */
export function Accordion({
  id,
  items,
  headingLevel = 3,
  className,
}: {
  /** Prefix of the item values (and so of nothing visible): unique per page. */
  id: string;
  items: readonly AccordionItem[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <AccordionPrimitive.Root
      type="single"
      collapsible
      className={cn('divide-y-2 divide-line border-y-2 border-line', className)}
    >
      {items.map((item, index) => (
        <AccordionPrimitive.Item key={item.question} value={`${id}-${index}`}>
          <AccordionPrimitive.Header asChild>
            <Heading className="font-sans text-step-1 font-bold normal-case leading-snug tracking-normal text-pretty">
              <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-6 py-5 text-left transition-colors hover:text-muted">
                {item.question}
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full border-2 border-current transition-transform duration-200 group-data-[state=open]:rotate-180 group-data-[state=open]:bg-accent group-data-[state=open]:text-on-accent group-data-[state=open]:border-accent">
                  <ChevronDown className="size-5" />
                </span>
              </AccordionPrimitive.Trigger>
            </Heading>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content
            forceMount
            style={noInlineSizes}
            className="data-[state=closed]:hidden data-[state=open]:animate-[accordion-reveal_200ms_ease-out]"
          >
            {/* The product brief's 400 px panel limit: a longer answer scrolls, and keyboard users can scroll it. */}
            <div
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
              tabIndex={0}
              className="max-h-[400px] overflow-y-auto pb-6 pr-2 text-step-0 text-muted"
            >
              <p className="max-w-prose">{item.answer}</p>
            </div>
          </AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}
