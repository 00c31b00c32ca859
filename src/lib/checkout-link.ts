import { checkoutParams, checkoutPath } from '../../contracts/checkout';
import { signedUpEmail } from './signed-up-email';
import { pageTrafficSource } from './traffic-source';

/**
 * Checkout links point to our redirect (contracts/checkout.ts, the workshop's or an owner's page's), which works without JavaScript
 * by reading our page from the Referer. With it, just before the browser follows a link, the
 * link also carries what only the page knows: its traffic source (the referring site included)
 * and the address this browser signed up with, for Stripe to prefill. Document-wide, like the
 * tracking of declared calls to action, so the links need no hydration.
 */
export function decorateCheckoutLinks(): void {
  const decorate = (event: Event) => {
    const link =
      event.target instanceof Element ? event.target.closest('a[data-checkout-link]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    // The link's own redirect (the workshop's, or an owner's page's: /go/page/<slug>) and the
    // session its page wrote into it; what an earlier click added is set afresh.
    const [path, search = ''] = (link.getAttribute('href') ?? checkoutPath).split('?');
    const written = new URLSearchParams(search).get(checkoutParams.session);
    const query = new URLSearchParams(written ? { [checkoutParams.session]: written } : {});
    query.set(checkoutParams.source, pageTrafficSource());
    const email = signedUpEmail();
    if (email) query.set(checkoutParams.email, email);
    link.setAttribute('href', `${path}?${query}`);
  };
  // Capture: before any other listener, and before the browser reads the href.
  document.addEventListener('click', decorate, true);
  document.addEventListener('auxclick', decorate, true);
}
