import type { ComponentProps } from 'react';
import type { CtaLocation } from '../lib/tracking';

/**
 * A call to action that reports its clicks (D19) by declaring where it sits: the document-wide
 * listener (trackDeclaredCtas in lib/tracking.ts) sends `cta_click` with the visible label as
 * `button_name`. No onClick, so it works in sections that are never hydrated. For the button
 * look, pass `className={buttonVariants(...)}`.
 */
interface Tracked {
  /** Where the call to action sits. */
  location: CtaLocation;
  /** A link on to a paid checkout also reports begin_checkout / InitiateCheckout. */
  checkout?: { value: number; currency: string };
  /** The tracked name when the visible label is not plain text (an icon, a long sentence). */
  trackAs?: string;
}

function ctaAttributes({ location, trackAs, checkout }: Tracked) {
  return {
    'data-cta': location,
    ...(trackAs ? { 'data-cta-name': trackAs } : {}),
    ...(checkout
      ? { 'data-checkout-value': checkout.value, 'data-checkout-currency': checkout.currency }
      : {}),
  };
}

/** A tracked link; external ones open in a new tab, safely (D18). */
export function TrackedLink({
  location,
  trackAs,
  checkout,
  external,
  ...props
}: ComponentProps<'a'> & Tracked & { external?: boolean }) {
  const newTab = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return <a {...ctaAttributes({ location, trackAs, checkout })} {...newTab} {...props} />;
}

export function TrackedButton({
  location,
  trackAs,
  type = 'button',
  ...props
}: ComponentProps<'button'> & Tracked) {
  return <button type={type} {...ctaAttributes({ location, trackAs })} {...props} />;
}
