import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, `bits` wide by its family: a rate limit's client (an IPv6
 * client usually holds a whole /64) and the seats' clients and networks
 * (docs/decisions/034-selling-that-cannot-be-gamed.md) are each one prefix of it. An IPv4
 * address mapped into IPv6 (::ffff:1.2.3.4) is the IPv4 address it carries; an IPv6 zone id is
 * dropped; what is no address at all (an in-process request's "unknown") is itself.
 *
 * The full width of a family is the address alone ("203.0.113.7"); a shorter one names the
 * network: "203.0.113.0/24", "2001:db8:1::/48" (its groups without leading zeros).
 */
export function addressPrefix(address: string, bits: { v4: number; v6: number }): string {
  const plain = address.split('%')[0] ?? address;
  const mappedIPv4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  const v4 = mappedIPv4?.[1] ?? plain;
  if (isIPv4(v4)) {
    if (bits.v4 >= 32) return v4;
    const octets = masked(v4.split('.').map(Number), 8, bits.v4);
    return `${octets.slice(0, Math.ceil(bits.v4 / 8)).join('.')}${'.0'.repeat(4 - Math.ceil(bits.v4 / 8))}/${bits.v4}`;
  }
  if (!isIPv6(plain)) return address;
  const groups = masked(ipv6Groups(plain), 16, bits.v6);
  return `${groups
    .slice(0, Math.ceil(bits.v6 / 16))
    .map((group) => group.toString(16))
    .join(':')}::/${bits.v6}`;
}

/** The eight 16-bit groups of a valid IPv6 address, "::" filled and an embedded IPv4 read. */
function ipv6Groups(plain: string): number[] {
  const [head = '', tail] = plain.split('::');
  const parts = (text: string | undefined) =>
    (text ? text.split(':') : []).flatMap((part) => {
      if (!part.includes('.')) return [Number.parseInt(part, 16)];
      // An embedded IPv4 address (64:ff9b::1.2.3.4) fills the last two groups.
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const before = parts(head);
  const after = parts(tail);
  const missing = tail === undefined ? 0 : 8 - before.length - after.length;
  return [...before, ...Array<number>(missing).fill(0), ...after];
}

/** `units` of `width` bits each, with every bit past the first `bits` cleared. */
function masked(units: number[], width: number, bits: number): number[] {
  return units.map((unit, index) => {
    const kept = Math.min(width, Math.max(0, bits - index * width));
    return kept === 0 ? 0 : unit & (((1 << kept) - 1) << (width - kept));
  });
}
