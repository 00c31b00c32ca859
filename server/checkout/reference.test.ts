import { describe, expect, it } from 'vitest';
import {
  checkoutNonce,
  checkoutReference,
  maxReferenceLength,
  parseCheckoutReference,
} from './reference';

const click = { day: '2026-11-25', host: 'localhost', path: '/assetworkshop', source: 'Instagram' };

describe('checkout reference', () => {
  it('reads back the click it was made from, in Stripe’s alphabet, with nothing else in it', () => {
    const reference = checkoutReference(click, checkoutNonce());
    expect(reference).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(reference.length).toBeLessThan(80);
    expect(parseCheckoutReference(reference)).toEqual(click);
  });

  it('carries the variant of the experiment the page showed, so a sale lands on it', () => {
    const shown = { ...click, experiment: { name: 'workshop-price', variant: 'early-bird' } };
    const reference = checkoutReference(shown, checkoutNonce());
    expect(reference.length).toBeLessThan(120);
    expect(parseCheckoutReference(reference)).toEqual(shown);
    // Names as long as a slug may be, on a long host: the variant gives way, the click still counts.
    const long = {
      ...click,
      host: `${'h'.repeat(60)}.example`,
      experiment: { name: 'n'.repeat(64), variant: 'v'.repeat(64) },
    };
    const fitted = parseCheckoutReference(checkoutReference(long, 'abcdEFGH'));
    expect(fitted).toMatchObject({ day: click.day, host: long.host });
    expect(fitted?.experiment).toBeUndefined();
    const forged = Buffer.from('2026-11-25\nlocalhost\n/x\nX\nBad Name\nb').toString('base64url');
    expect(parseCheckoutReference(`v1-abcdEFGH-${forged}`)).toBeNull();
    const five = Buffer.from('2026-11-25\nlocalhost\n/x\nX\nname').toString('base64url');
    expect(parseCheckoutReference(`v1-abcdEFGH-${five}`)).toBeNull();
  });

  it('differs between two clicks alike', () => {
    expect(checkoutReference(click, checkoutNonce())).not.toBe(
      checkoutReference(click, checkoutNonce()),
    );
  });

  it('keeps any source, and shortens one too long for Stripe’s 200 characters', () => {
    const odd = { ...click, source: 'spring.promo – £ “news” ✓' };
    expect(parseCheckoutReference(checkoutReference(odd, 'abcdEFGH'))).toEqual(odd);
    const long = { ...click, source: 'x'.repeat(64), path: `/${'p'.repeat(120)}` };
    const reference = checkoutReference(long, 'abcdEFGH');
    expect(reference.length).toBeLessThanOrEqual(maxReferenceLength);
    expect(parseCheckoutReference(reference)?.day).toBe(click.day);
  });

  it('reads nothing from references made elsewhere', () => {
    for (const other of [
      null,
      '',
      'order-42',
      'v1-abcdEFGH-!!',
      `v1-abcdEFGH-${'A'.repeat(300)}`,
    ]) {
      expect(parseCheckoutReference(other)).toBeNull();
    }
    const fields = Buffer.from('2026-11-25\nlocalhost\nno-slash\nX').toString('base64url');
    expect(parseCheckoutReference(`v1-abcdEFGH-${fields}`)).toBeNull();
  });
});
