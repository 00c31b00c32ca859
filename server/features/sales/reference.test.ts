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

  describe('bound to what the click buys', () => {
    const december = { product: 'workshop', unit: 'december-2026', amount: 4900, currency: 'gbp' };
    const at = new Date('2026-11-25T18:30:07Z');

    it('reads back the click, the product, unit and price, and when it was made', () => {
      const shown = { ...click, experiment: { name: 'workshop-price', variant: 'early-bird' } };
      const reference = references.bind(shown, december, at);
      expect(reference).toMatch(/^v3-[A-Za-z0-9_-]+$/);
      expect(reference.length).toBeLessThanOrEqual(maxReferenceLength);
      expect(references.read(reference)).toEqual(shown);
      expect(references.bindingOf(reference)).toEqual({
        binding: december,
        issuedAt: '2026-11-25T18:30:07.000Z',
      });
      // The longest session name on a long host still fits, the source giving way first.
      const long = references.bind(
        { ...shown, host: `${'h'.repeat(24)}.example`, source: 'x'.repeat(64) },
        { ...december, unit: 'u'.repeat(40), amount: 99_999_999 },
        at,
      );
      expect(long.length).toBeLessThanOrEqual(maxReferenceLength);
      expect(references.bindingOf(long)?.binding.unit).toBe('u'.repeat(40));
    });

    it('cannot be rebound: another unit, price, currency or time under its signature reads as nothing', () => {
      const genuine = references.bind(click, december, at, 'abcdEFGH');
      const [, signature, nonce] = genuine.split('-');
      const forged = (fields: string[]) =>
        `v3-${signature}-${nonce}-${Buffer.from(fields.join('\n')).toString('base64url')}`;
      const issued = Math.floor(at.getTime() / 1000).toString(36);
      const rest = [click.host, click.path, click.source];
      // The fields exactly as signed read back; each change of them does not.
      expect(
        references.bindingOf(forged([issued, 'workshop', 'december-2026', '4900', 'gbp', ...rest])),
      ).not.toBeNull();
      for (const changed of [
        [issued, 'workshop', 'december-2026', '500', 'gbp'],
        [issued, 'workshop', 'december-2026', '100', 'usd'],
        [issued, 'workshop', 'june-2027', '4900', 'gbp'],
        [
          (Number.parseInt(issued, 36) + 86_400 * 3).toString(36),
          'workshop',
          'december-2026',
          '4900',
          'gbp',
        ],
      ]) {
        expect(references.bindingOf(forged([...changed, ...rest]))).toBeNull();
        expect(references.read(forged([...changed, ...rest]))).toBeNull();
      }
      // An unbound reference is bound to nothing, and a bound one does not read as unbound.
      expect(references.bindingOf(references.make(click))).toBeNull();
      expect(references.read(genuine.replace(/^v3/, 'v2'))).toBeNull();
      expect(
        references.bindingOf(checkoutReferences('another secret').bind(click, december, at)),
      ).toBeNull();
    });
  });
});
