import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { type CtaTracking, ctaAttributes, newTab } from '../tracked';

const boxed: Array<'primary' | 'secondary' | 'ink'> = ['primary', 'secondary', 'ink'];

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-card font-semibold transition-[background-color,color,box-shadow,transform] duration-150 focus-visible:outline-3 focus-visible:outline-offset-3 disabled:cursor-not-allowed disabled:opacity-60 active:translate-y-px',
  {
    variants: {
      variant: {
        primary: 'bg-accent text-on-accent shadow-[var(--shadow-card)] hover:bg-accent-strong',
        secondary: 'border-2 border-current bg-transparent text-ink hover:bg-ink hover:text-paper',
        /** For accent surfaces, where the accent button would vanish. */
        ink: 'bg-night text-cream shadow-[var(--shadow-card)] hover:bg-night-soft',
        link: 'underline underline-offset-4 hover:no-underline',
      },
      size: {
        md: 'text-step--1',
        lg: 'text-step-0',
      },
    },
    // A button's box (height, padding, capitals); a link keeps the text's own. Kept apart so
    // that no two classes set the same property and the order of the CSS never decides.
    compoundVariants: [
      { variant: boxed, className: 'uppercase tracking-wide' },
      { variant: boxed, size: 'md', className: 'min-h-12 px-6' },
      { variant: boxed, size: 'lg', className: 'min-h-14 px-8' },
    ],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

export function Button({
  className,
  variant,
  size,
  ...props
}: ComponentProps<'button'> & ButtonVariants) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

/**
 * A link that looks like a button, the one for every such link. External links open in a new
 * tab, safely (D18); `track` declares it a call to action whose clicks are reported (D19).
 */
export function ButtonLink({
  className,
  variant,
  size,
  external,
  track,
  ...props
}: ComponentProps<'a'> & ButtonVariants & { external?: boolean; track?: CtaTracking }) {
  const checkout = track?.checkout;
  return (
    <a
      {...(track ? ctaAttributes(track) : {})}
      // A checkout link is our redirect (contracts/checkout.ts), which reads the page from the
      // Referer: `noopener` only, so that one is sent; `nofollow`, as no crawler should open a
      // checkout (robots.txt keeps them out of /go/ too).
      {...(checkout
        ? { ...newTab(external), rel: external ? 'nofollow noopener' : 'nofollow' }
        : newTab(external))}
      {...props}
      // Marks it for decorateCheckoutLinks (lib/checkout-link.ts), which adds the source.
      {...(checkout ? { 'data-checkout-link': '' } : {})}
      className={cn(buttonVariants({ variant, size }), className)}
    />
  );
}
