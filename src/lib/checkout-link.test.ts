// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutLink, checkoutPath, pageCheckoutPath } from '../../contracts/checkout';
import { decorateCheckoutLinks } from './checkout-link';
import { rememberSignedUpEmail, signedUpEmailKey } from './signed-up-email';

describe('checkout links (decision 020)', () => {
  beforeAll(() => {
    decorateCheckoutLinks();
    document.body.innerHTML = `<a id="buy" data-checkout-link href="${checkoutPath}" rel="noopener"><span>Enrol Now</span></a><a id="masterclass" data-checkout-link href="${checkoutLink(pageCheckoutPath('masterclass'), 'june-2027')}">Book</a><a id="other" href="/terms">Terms</a>`;
    // A click must not navigate the test's document.
    document.addEventListener('click', (event) => event.preventDefault());
  });

  const link = (id: string) => document.getElementById(id) as HTMLAnchorElement;
  const query = () => new URL(link('buy').href).searchParams;

  it('adds the page’s source when clicked, and no address before a sign-up', () => {
    localStorage.removeItem(signedUpEmailKey);
    link('buy').querySelector('span')?.click();
    expect(new URL(link('buy').href).pathname).toBe(checkoutPath);
    expect(query().get('source')).toBe('Direct');
    expect(query().has('prefilled_email')).toBe(false);
  });

  it('adds the address this browser signed up with, once, however often it is clicked', () => {
    rememberSignedUpEmail('bea@example.com');
    link('buy').click();
    link('buy').click();
    expect(query().getAll('prefilled_email')).toEqual(['bea@example.com']);
    expect(query().getAll('source')).toEqual(['Direct']);
  });

  it("keeps an owner page's own redirect, and its session, when it adds the same", () => {
    link('masterclass').click();
    link('masterclass').click();
    const target = new URL(link('masterclass').href);
    expect(target.pathname).toBe(pageCheckoutPath('masterclass'));
    expect(target.searchParams.getAll('session')).toEqual(['june-2027']);
    expect(target.searchParams.get('prefilled_email')).toBe('bea@example.com');
    expect(target.searchParams.getAll('source')).toEqual(['Direct']);
  });

  it('leaves every other link alone', () => {
    link('other').click();
    expect(link('other').getAttribute('href')).toBe('/terms');
  });
});
