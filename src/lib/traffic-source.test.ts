import { describe, expect, it } from 'vitest';
import { trafficSource } from './traffic-source';

describe('waitlist traffic source (D4)', () => {
  it.each([
    ['/ig', '', 'Instagram'],
    ['/li', '', 'LinkedIn'],
    ['/', '', 'Direct'],
    ['/promo', '', 'Direct'],
    ['/IG/', '', 'Instagram'],
    ['/bookwaitlistig', '', 'Instagram'],
    ['/bookwaitlistli', '', 'LinkedIn'],
    ['/book', '', 'Direct'],
    ['/prebookwaitlist', '', 'Direct'],
    ['/bookwaitlistig', '?utm_source=newsletter', 'newsletter'],
  ])('%s%s -> %s', (path, search, source) => {
    expect(trafficSource(path, search)).toBe(source);
  });

  it('lets utm_source win and bounds its length', () => {
    expect(trafficSource('/li', '?utm_source=tiktok')).toBe('tiktok');
    expect(trafficSource('/li', '?utm_source=')).toBe('LinkedIn');
    expect(trafficSource('/', `?utm_source=${'x'.repeat(500)}`)).toHaveLength(64);
  });
});
