import type { CtaLocation } from '../lib/tracking';
import { TrackedLink } from './tracked';
import { buttonVariants } from './ui/button';

/** A sales page's call to action: an external destination and its label (D18). */
export interface ActionCta {
  label: string;
  href: string;
  /**
   * For the paid checkout: reported as begin_checkout / InitiateCheckout with the price (D19).
   * Its href is our redirect (contracts/checkout.ts), which reads the page from the Referer: the
   * link is `noopener` only, so that one is sent.
   */
  checkout?: { value: number; currency: string };
}

/**
 * The workshop's checkout and the cohort's booking buttons (product brief §7): the destination in a new
 * tab, tracked with its label and location.
 */
export function ActionLink({
  cta,
  location,
  className,
}: {
  cta: ActionCta;
  location: CtaLocation;
  className?: string;
}) {
  return (
    <TrackedLink
      href={cta.href}
      external
      location={location}
      checkout={cta.checkout}
      {...(cta.checkout ? { rel: 'noopener', 'data-checkout-link': '' } : {})}
      className={buttonVariants({ size: 'lg', className })}
    >
      {cta.label}
    </TrackedLink>
  );
}
