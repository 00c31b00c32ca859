import { describe, expect, it } from 'vitest';
import { formatMinorUnits, formatPrice } from './money';

describe('money', () => {
  it('says a price without needless pence, and the owner’s sums with them', () => {
    expect(formatPrice(295_000, 'gbp')).toBe('£2,950');
    expect(formatPrice(4950, 'GBP')).toBe('£49.50');
    expect(formatPrice(1000, 'jpy')).toBe('JP¥1,000');
    expect(formatMinorUnits(295_000, 'gbp')).toBe('£2,950.00');
  });

  it('says an amount in a currency it does not know as it came', () => {
    expect(formatPrice(100, 'zzzz')).toBe('100 ZZZZ (smallest unit)');
  });
});
