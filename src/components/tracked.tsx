import type { ComponentProps } from 'react';
import type { CtaLocation } from '../lib/tracking';

/**
 * A call to action that reports its clicks (D19) by declaring where it sits: the document-wide
 * listener (trackDeclaredCtas in lib/tracking.ts) sends `cta_click` with the visible label as
 * `button_name`. No onClick, so it works in sections that are never hydrated. A link that looks
 * like a button is a ButtonLink (ui/button.tsx) with `track`.
 */
export interface CtaTracking {
  /** Where the call to action sits. */
  location: CtaLocation;
  /** A link on to a paid checkout also reports begin_checkout / InitiateCheckout. */
  checkout?: { value: number; currency: string };
  /** The tracked name when the visible label is not plain text (an icon, a long sentence). */
  trackAs?: string;
}

/** A sales page's call to action: a destination, its label and, for the paid checkout, its price (D18). */
export interface ActionCta {
  label: string;
  href: string;
  checkout?: CtaTracking['checkout'];
  /**
   * A page of this site (the cohort's application page) opens in the same tab; every other
   * destination is another site's, or our checkout's on to one, and opens a new tab (D18).
   */
  sameSite?: true;
}

export function ctaAttributes({ location, trackAs, checkout }: CtaTracking) {
  return {
    'data-cta': location,
    ...(trackAs ? { 'data-cta-name': trackAs } : {}),
    ...(checkout
      ? { 'data-checkout-value': checkout.value, 'data-checkout-currency': checkout.currency }
      : {}),
  };
}

/** An external link opens in a new tab, safely (D18). */
export const newTab = (external: boolean | undefined) =>
  external ? { target: '_blank', rel: 'noopener noreferrer' } : {};

/** A tracked link with a look of its own (a text link, a card's whole face). */
export function TrackedLink({
  location,
  trackAs,
  external,
  ...props
}: ComponentProps<'a'> & Omit<CtaTracking, 'checkout'> & { external?: boolean }) {
  return <a {...ctaAttributes({ location, trackAs })} {...newTab(external)} {...props} />;
}

export function TrackedButton({
  location,
  trackAs,
  type = 'button',
  ...props
}: ComponentProps<'button'> & Omit<CtaTracking, 'checkout'>) {
  return <button type={type} {...ctaAttributes({ location, trackAs })} {...props} />;
}
