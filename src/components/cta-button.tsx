import { sourceLinkAttribute } from '../lib/source-link';
import type { CtaLocation } from '../lib/tracking';
import type { ActionCta } from './tracked';
import { ButtonLink } from './ui/button';

/**
 * A sales section's call to action (ActionCta: on to a checkout, a booking page or a retailer,
 * or the cohort's application page) as the large button every such section shows, opening
 * another site's page in a new tab and tracked where it sits.
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
      external={!cta.sameSite}
      // On to our own page, it takes the visitor's source along (lib/source-link.ts).
      {...(cta.sameSite ? { [sourceLinkAttribute]: '' } : {})}
      size="lg"
      track={{ location, checkout: cta.checkout }}
      className={className}
    >
      {cta.label}
    </ButtonLink>
  );
}
