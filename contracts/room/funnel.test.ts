import { describe, expect, it } from 'vitest';
import { addDays, daysIn } from '../funnel-figures';
import { funnelPeriod, funnelQuerySchema } from './funnel';

describe('the funnel’s period', () => {
  it('fills what the owner left out: four weeks up to today', () => {
    expect(funnelPeriod({}, '2026-11-25')).toEqual({ from: '2026-10-29', to: '2026-11-25' });
    expect(funnelPeriod({ to: '2026-03-01' }, '2026-11-25')).toEqual({
      from: '2026-02-02',
      to: '2026-03-01',
    });
    expect(daysIn('2026-10-29', '2026-11-25')).toBe(28);
  });

  it('refuses an end before the start, or more than a year', () => {
    expect(funnelPeriod({ from: '2026-11-26' }, '2026-11-25')).toHaveProperty('problem');
    expect(funnelPeriod({ from: '2025-11-24', to: '2026-11-25' }, '')).toHaveProperty('problem');
    expect(funnelPeriod({ from: '2025-11-25', to: '2026-11-25' }, '')).not.toHaveProperty(
      'problem',
    );
  });

  it('takes calendar days only', () => {
    expect(funnelQuerySchema.safeParse({ from: '2028-02-29' }).success).toBe(true);
    for (const from of ['2026-02-29', '2026-13-01', '26-01-01', '2026-01-01T00:00Z']) {
      expect(funnelQuerySchema.safeParse({ from }).success, from).toBe(false);
    }
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
