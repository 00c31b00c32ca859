import { addressPrefix } from '../../http/address-prefix';
import { hashAddress } from '../../http/client-address';
import type { HoldClient } from './seats';

/**
 * Who a click holds a seat for (docs/decisions/034-selling-that-cannot-be-gamed.md): its client,
 * an IPv4 address or an IPv6 /48 (the least a site is given, so that rotating through the
 * 65,536 /64s of one /48 is still one client), and its network, an IPv4 /24 or an IPv6 /40,
 * each as a keyed hash (the IP hash key), never the address. Null while the server cannot tell
 * its buyers apart (they all arrive from a proxy it does not trust): no cap can then be fair.
 */
export function holdClient(
  ipHashKey: string,
  address: string,
  buyersApart: boolean,
): HoldClient | null {
  if (!buyersApart) return null;
  return {
    client: hashAddress(ipHashKey, addressPrefix(address, { v4: 32, v6: 48 })),
    network: hashAddress(ipHashKey, addressPrefix(address, { v4: 24, v6: 40 })),
  };
}
