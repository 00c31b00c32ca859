import { describe, expect, it } from 'vitest';
import { describeEachStore } from '../testing/stores';
import { createLeadRateLimiter, rateLimitKey } from './rate-limit';

describe('rateLimitKey', () => {
  it('keeps an IPv4 address, also when mapped into IPv6', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by /64 network', () => {
    expect(rateLimitKey('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitKey('2001:0db8:abcd:0012::ffff')).toBe('2001:db8:abcd:12::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else alone', () => {
    expect(rateLimitKey('unknown')).toBe('unknown');
  });
});

describeEachStore('lead rate limiter', ({ store, database }) => {
  const settings = { LEAD_RATE_LIMIT: 1, LEAD_RATE_LIMIT_WINDOW_SECONDS: 60 };

  it('shares one budget across a /64 and turns off at 0', async () => {
    const limiter = createLeadRateLimiter(settings, store());
    expect(await limiter.take('2001:db8:1:2::a')).toEqual({ allowed: true });
    expect(await limiter.take('2001:db8:1:2::b')).toMatchObject({ allowed: false });
    expect(await limiter.take('2001:db8:1:3::a')).toEqual({ allowed: true });
    const off = createLeadRateLimiter({ ...settings, LEAD_RATE_LIMIT: 0 }, store());
    for (let i = 0; i < 50; i++) expect(await off.take('203.0.113.7')).toEqual({ allowed: true });
  });

  it('on PostgreSQL, spends one budget across instances; on SQLite each process counts', async () => {
    const other = await database().open();
    try {
      const first = createLeadRateLimiter(settings, store());
      const second = createLeadRateLimiter(settings, other);
      expect(await first.take('198.51.100.1')).toEqual({ allowed: true });
      const shared = store().dialect === 'postgres';
      expect((await second.take('198.51.100.1')).allowed).toBe(!shared);
    } finally {
      await other.close();
    }
  });
});
