import { describe, expect, it } from 'vitest';
import { addressPrefix } from './address-prefix';

describe('addressPrefix', () => {
  it('keeps an address whole at its family’s full width', () => {
    expect(addressPrefix('203.0.113.7', { v4: 32, v6: 128 })).toBe('203.0.113.7');
    expect(addressPrefix('::ffff:203.0.113.7', { v4: 32, v6: 64 })).toBe('203.0.113.7');
  });

  it('names an IPv4 network by its first address and width', () => {
    expect(addressPrefix('203.0.113.7', { v4: 24, v6: 48 })).toBe('203.0.113.0/24');
    expect(addressPrefix('198.51.100.200', { v4: 20, v6: 48 })).toBe('198.51.96.0/20');
    expect(addressPrefix('::FFFF:203.0.113.7', { v4: 24, v6: 48 })).toBe('203.0.113.0/24');
  });

  it('puts every address of one IPv6 /48 in one network, whatever the subnet and host', () => {
    const of = (address: string) => addressPrefix(address, { v4: 32, v6: 48 });
    expect(of('2001:db8:1:ffff::1')).toBe('2001:db8:1::/48');
    expect(of('2001:0db8:0001:0002:0003:0004:0005:0006')).toBe('2001:db8:1::/48');
    expect(of('2001:db8:1::')).toBe('2001:db8:1::/48');
    expect(of('2001:db8:2::1')).toBe('2001:db8:2::/48');
    expect(of('fe80::1%eth0')).toBe('fe80:0:0::/48');
  });

  it('masks inside a group for a width that is not a multiple of 16', () => {
    expect(addressPrefix('2001:db8:12ff::1', { v4: 32, v6: 40 })).toBe('2001:db8:1200::/40');
    expect(addressPrefix('64:ff9b::192.0.2.1', { v4: 32, v6: 128 })).toBe(
      '64:ff9b:0:0:0:0:c000:201::/128',
    );
  });

  it('leaves what is no address as it is', () => {
    expect(addressPrefix('unknown', { v4: 24, v6: 48 })).toBe('unknown');
  });
});
