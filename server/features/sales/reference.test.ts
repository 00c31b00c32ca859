import { describe, expect, it } from 'vitest';
import { checkoutNonce, checkoutReferences, maxReferenceLength } from './reference';

const click = { day: '2026-11-25', host: 'localhost', path: '/assetworkshop', source: 'Instagram' };
const references = checkoutReferences('the server secret');

describe('checkout reference', () => {
  it('reads back the click it was made from, in Stripe’s alphabet, with nothing else in it', () => {
    const reference = references.make(click);
    expect(reference).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(reference.length).toBeLessThan(110);
    expect(references.read(reference)).toEqual(click);
  });

  it('carries the variant of the experiment the page showed, so a sale lands on it', () => {
    const shown = { ...click, experiment: { name: 'workshop-price', variant: 'early-bird' } };
    const reference = references.make(shown);
    expect(reference.length).toBeLessThan(150);
    expect(references.read(reference)).toEqual(shown);
    // Names as long as a slug may be, on a long host: the variant gives way, the click still counts.
    const long = {
      ...click,
      host: `${'h'.repeat(60)}.example`,
      experiment: { name: 'n'.repeat(64), variant: 'v'.repeat(64) },
    };
    const fitted = references.read(references.make(long, 'abcdEFGH'));
    expect(fitted).toMatchObject({ day: click.day, host: long.host });
    expect(fitted?.experiment).toBeUndefined();
  });

  it('reads nothing that was not signed with its key: a forged, altered or foreign reference', () => {
    const shown = { ...click, experiment: { name: 'workshop-price', variant: 'early-bird' } };
    const genuine = references.make(shown, 'abcdEFGH');
    const [, signature, nonce] = genuine.split('-');
    // The fields a buyer would like to choose, with a signature copied from a genuine reference.
    const wanted = Buffer.from(
      '2026-11-25\nlocalhost\n/assetworkshop\nInstagram\nworkshop-price\ncontrol',
    ).toString('base64url');
    expect(references.read(`v2-${signature}-${nonce}-${wanted}`)).toBeNull();
    // Another nonce under the same signature.
    expect(references.read(genuine.replace('abcdEFGH', 'abcdEFGX'))).toBeNull();
    // The same click signed by another server's key.
    expect(references.read(checkoutReferences('another secret').make(shown))).toBeNull();
    // The unsigned form of earlier versions.
    expect(references.read(`v1-abcdEFGH-${wanted}`)).toBeNull();
  });

  it('differs between two clicks alike', () => {
    expect(references.make(click, checkoutNonce())).not.toBe(
      references.make(click, checkoutNonce()),
    );
  });

  it('keeps any source, and shortens one too long for Stripe’s 200 characters', () => {
    const odd = { ...click, source: 'spring.promo – £ “news” ✓' };
    expect(references.read(references.make(odd, 'abcdEFGH'))).toEqual(odd);
    const long = { ...click, source: 'x'.repeat(64), path: `/${'p'.repeat(120)}` };
    const reference = references.make(long, 'abcdEFGH');
    expect(reference.length).toBeLessThanOrEqual(maxReferenceLength);
    expect(references.read(reference)?.day).toBe(click.day);
  });

  it('reads nothing from references made elsewhere', () => {
    for (const other of [
      null,
      '',
      'order-42',
      'v2-!!',
      `v2-${'A'.repeat(22)}-abcdEFGH-!!`,
      `v2-${'A'.repeat(22)}-abcdEFGH-${'A'.repeat(300)}`,
    ]) {
      expect(references.read(other)).toBeNull();
    }
  });
});
