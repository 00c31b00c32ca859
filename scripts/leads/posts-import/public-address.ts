import { BlockList, isIP } from 'node:net';

/**
 * Which addresses an imported feed may make the owner's machine fetch from: the public
 * internet's, never the machine itself, its network or its cloud's metadata service
 * (docs/decisions/028-writing.md). A feed is someone else's file; a picture's address in it is
 * a request the owner's machine makes from inside that network.
 */

/** IPv4 ranges that are not the public internet's (RFC 6890's special-purpose registry). */
const notPublicV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches this machine
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT: the provider's network, not the internet
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where clouds keep their metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/**
 * IPv6 inside the global unicast block that still is not one host of the internet: Teredo and
 * 6to4 carry an IPv4 address of any kind inside them, and documentation.
 */
const notPublicV6: ReadonlyArray<readonly [string, number]> = [
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
];

const notPublic = new BlockList();
for (const [network, prefix] of notPublicV4) notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of notPublicV6) notPublic.addSubnet(network, prefix, 'ipv6');

/**
 * IPv6 is public only in 2000::/3, the global unicast block. Outside it are loopback (::1), the
 * unspecified ::, unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8, NAT64's
 * 64:ff9b::/96 and the IPv4-mapped ::ffff:0:0/96 (::ffff:127.0.0.1 is this machine): all refused.
 */
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');

/** Whether `address` (as a resolver gives it: no brackets) is a public internet address. */
export function isPublicAddress(address: string): boolean {
  try {
    switch (isIP(address)) {
      case 4:
        return !notPublic.check(address, 'ipv4');
      case 6:
        return globalV6.check(address, 'ipv6') && !notPublic.check(address, 'ipv6');
      default:
        return false;
    }
  } catch {
    // An address BlockList cannot read (a zone index, fe80::1%eth0) is not one to fetch from.
    return false;
  }
}
