import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** The page's content column: one max width and gutter everywhere. */
export function Container({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-6xl px-5 sm:px-8', className)} {...props} />;
}
