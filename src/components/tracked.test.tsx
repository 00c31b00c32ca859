// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { consentStorageKey } from '../lib/consent';
import { addTrackingSink, type TrackingCall, trackDeclaredCtas } from '../lib/tracking';
import { TrackedButton, TrackedLink } from './tracked';
import { ButtonLink } from './ui/button';

describe('declared calls to action', () => {
  const calls: TrackingCall[] = [];
  beforeAll(() => {
    localStorage.setItem(consentStorageKey, JSON.stringify({ analytics: true }));
    addTrackingSink('analytics', (call) => calls.push(call));
    trackDeclaredCtas();
  });

  // Static HTML, as a never-hydrated section ships it: no React event handler is involved.
  function mount(markup: string) {
    document.body.innerHTML = markup;
    return document.body.firstElementChild as HTMLElement;
  }

  it('a static tracked link reports cta_click with its label and location', () => {
    const link = mount(
      renderToStaticMarkup(
        <TrackedLink href="#newsletter" location="top-banner">
          Subscribe free
        </TrackedLink>,
      ),
    );
    link.click();
    expect(calls.at(-1)).toMatchObject({
      analytics: 'cta_click',
      pixel: 'CTAClick',
      params: { button_name: 'Subscribe free', button_location: 'top-banner' },
    });
  });

  it('a click inside the label counts, and trackAs names icon-only buttons', () => {
    const button = mount(
      renderToStaticMarkup(
        <TrackedButton location="hero" trackAs="Play the showreel">
          <svg aria-hidden="true" />
        </TrackedButton>,
      ),
    );
    (button.firstElementChild as Element).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(calls.at(-1)?.params).toMatchObject({
      button_name: 'Play the showreel',
      button_location: 'hero',
    });
  });

  it('external links open in a new tab without an opener', () => {
    const link = mount(
      renderToStaticMarkup(
        <TrackedLink href="https://example.com" location="hero" external>
          Order
        </TrackedLink>,
      ),
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('a link that looks like a button reports its clicks when it is tracked', () => {
    const link = mount(
      renderToStaticMarkup(
        <ButtonLink href="#waitlist" size="lg" track={{ location: 'hero' }}>
          Join the waitlist
        </ButtonLink>,
      ),
    );
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(calls.at(-1)).toMatchObject({
      analytics: 'cta_click',
      params: { button_name: 'Join the waitlist', button_location: 'hero' },
    });
  });

  it('a checkout link also reports begin_checkout / InitiateCheckout with its price', () => {
    const link = mount(
      renderToStaticMarkup(
        <ButtonLink
          href="https://checkout.example"
          track={{ location: 'workshop-price', checkout: { value: 49, currency: 'GBP' } }}
        >
          Enrol Now
        </ButtonLink>,
      ),
    );
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(calls.slice(-2)).toMatchObject([
      { analytics: 'cta_click', params: { button_name: 'Enrol Now' } },
      {
        analytics: 'begin_checkout',
        pixel: 'InitiateCheckout',
        params: {
          button_name: 'Enrol Now',
          button_location: 'workshop-price',
          value: 49,
          currency: 'GBP',
        },
      },
    ]);
  });

  it('a checkout link in a new tab sends our redirect its page, is not followed by crawlers, and is marked to carry the source', () => {
    const checkout = mount(
      renderToStaticMarkup(
        <ButtonLink
          href="/go/workshop"
          external
          track={{ location: 'workshop-hero', checkout: { value: 49, currency: 'GBP' } }}
        >
          Reserve your spot
        </ButtonLink>,
      ),
    );
    // No `noreferrer`: the redirect reads the page from the Referer (contracts/checkout.ts).
    expect(checkout.getAttribute('target')).toBe('_blank');
    expect(checkout.getAttribute('rel')).toBe('nofollow noopener');
    expect(checkout.hasAttribute('data-checkout-link')).toBe(true);

    const retailer = mount(
      renderToStaticMarkup(
        <ButtonLink href="https://retailer.example" external track={{ location: 'book-hero' }}>
          Order
        </ButtonLink>,
      ),
    );
    expect(retailer.getAttribute('rel')).toBe('noopener noreferrer');
    expect(retailer.hasAttribute('data-checkout-link')).toBe(false);
  });
});
