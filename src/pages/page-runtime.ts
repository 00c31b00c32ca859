import type { HeldPresses } from '../islands/hold';
import { startIslands } from '../islands/start';
import { decorateCheckoutLinks } from '../lib/checkout-link';
import { startConsentBanner } from '../lib/consent-banner';
import { decorateSourceLinks } from '../lib/source-link';
import { startTags } from '../lib/tags';
import { track, trackDeclaredCtas } from '../lib/tracking';

/**
 * What every page does once it has painted (src/pages/start-page.ts): ask for consent (or load
 * what was consented to), hydrate its islands when they are due, report declared calls to action,
 * give checkout links their source and prefilled address (decision 020) and links on to our own
 * pages their source (lib/source-link.ts), and count the page view
 * (held until the visitor's consent choice, D20). No React here: see src/islands/start.ts.
 */
export function runPage(held: HeldPresses): void {
  startConsentBanner();
  startTags();
  startIslands(held);
  trackDeclaredCtas();
  decorateCheckoutLinks();
  decorateSourceLinks();
  track('pageView');
}
