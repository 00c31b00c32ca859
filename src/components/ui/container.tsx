import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const widths = {
  page: 'max-w-6xl',
  wide: 'max-w-4xl',
  text: 'max-w-3xl',
  narrow: 'max-w-xl',
} as const;

export type ContainerWidth = keyof typeof widths;

/**
 * The page's content column: one gutter everywhere and a width from a short scale (the page's,
 * or narrower for text and single cards), chosen by name rather than overridden by a class.
 */
export function Container({
  width = 'page',
  className,
  ...props
}: ComponentProps<'div'> & { width?: ContainerWidth }) {
  return <div className={cn('mx-auto w-full px-5 sm:px-8', widths[width], className)} {...props} />;
}
