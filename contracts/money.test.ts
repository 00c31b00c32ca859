import { describe, expect, it } from 'vitest';
import { formatMinorUnits, formatPrice, toMinorUnits } from './money';

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

describe('toMinorUnits', () => {
  it('turns the content’s price into Stripe’s smallest unit and lower-case code, by its decimals', () => {
    expect(toMinorUnits({ amount: 49, currency: 'GBP' })).toEqual({
      amount: 4900,
      currency: 'gbp',
    });
    expect(toMinorUnits({ amount: 2950.5, currency: 'EUR' })).toEqual({
      amount: 295050,
      currency: 'eur',
    });
    // Floating point does not lose a penny: 19.99 × 100 is 1998.9999… before rounding.
    expect(toMinorUnits({ amount: 19.99, currency: 'USD' })).toEqual({
      amount: 1999,
      currency: 'usd',
    });
    expect(toMinorUnits({ amount: 5000, currency: 'JPY' })).toEqual({
      amount: 5000,
      currency: 'jpy',
    });
  });
});
