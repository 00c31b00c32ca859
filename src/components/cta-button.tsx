import type { CtaLocation } from '../lib/tracking';
import type { ActionCta } from './tracked';
import { ButtonLink } from './ui/button';

/**
 * A sales section's call to action (ActionCta: on to a checkout, a booking page or a retailer)
 * as the large button every such section shows, opening in a new tab and tracked where it sits.
 */
export function CtaButton({
  cta,
  location,
  className,
}: {
  cta: ActionCta;
  location: CtaLocation;
  className?: string;
}) {
  return (
    <ButtonLink
      href={cta.href}
      external
      size="lg"
      track={{ location, checkout: cta.checkout }}
      className={className}
    >
      {cta.label}
    </ButtonLink>
  );
}
