import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { variantFor } from './assignment';

/**
 * Daily visitor keys as the page-view counter makes them (decision 013): 22 characters of a
 * salted SHA-256. Here the "addresses" are numbered, so every run sees the same keys.
 */
const keys = (count: number, day = '2026-11-26') =>
  Array.from({ length: count }, (_, index) =>
    createHash('sha256')
      .update(`${day}\nsalt\n203.0.113.${index}\nMozilla`)
      .digest('base64url')
      .slice(0, 22),
  );

const headline = [
  { name: 'control', share: 50 },
  { name: 'b', share: 50 },
];

describe('the variant a visitor sees', () => {
  it('is the same all day for one visitor, whatever else they ask for', () => {
    for (const key of keys(200)) {
      const first = variantFor(key, 'waitlist-headline', headline);
      for (let again = 0; again < 3; again++) {
        expect(variantFor(key, 'waitlist-headline', headline)).toBe(first);
      }
    }
  });

  it.each([
    [headline],
    [
      [
        { name: 'control', share: 20 },
        { name: 'b', share: 30 },
        { name: 'c', share: 50 },
      ],
    ],
    [
      [
        { name: 'control', share: 90 },
        { name: 'b', share: 10 },
      ],
    ],
  ])('gives each variant its share of 10,000 visitors, within 2 points: %o', (split) => {
    const seen = new Map<string, number>();
    for (const key of keys(10_000)) {
      const variant = variantFor(key, 'waitlist-headline', split);
      seen.set(variant, (seen.get(variant) ?? 0) + 1);
    }
    for (const { name, share } of split) {
      expect(Math.abs(((seen.get(name) ?? 0) / 10_000) * 100 - share)).toBeLessThanOrEqual(2);
    }
  });

  it('splits the same visitors independently in two experiments', () => {
    const both = new Map<string, number>();
    for (const key of keys(10_000)) {
      const pair = `${variantFor(key, 'waitlist-headline', headline)}/${variantFor(key, 'workshop-price', headline)}`;
      both.set(pair, (both.get(pair) ?? 0) + 1);
    }
    // Each of the four pairs gets a quarter, within 2 points.
    expect(both.size).toBe(4);
    for (const count of both.values()) expect(Math.abs(count / 100 - 25)).toBeLessThanOrEqual(2);
  });

  it('is drawn afresh with the next day’s key', () => {
    const today = keys(1_000).map((key) => variantFor(key, 'waitlist-headline', headline));
    const tomorrow = keys(1_000, '2026-11-27').map((key) =>
      variantFor(key, 'waitlist-headline', headline),
    );
    const same = today.filter((variant, index) => variant === tomorrow[index]).length;
    // Independent draws agree about half the time; a key that carried over would agree always.
    expect(same).toBeGreaterThan(440);
    expect(same).toBeLessThan(560);
  });

  it('gives every visitor the one variant of a split of one', () => {
    expect(variantFor(keys(1)[0] as string, 'x', [{ name: 'control', share: 100 }])).toBe(
      'control',
    );
  });
});
