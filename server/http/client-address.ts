import { createHmac } from 'node:crypto';

/**
 * What a lead keeps instead of the address: a keyed hash, enough to spot one sender behind many
 * submissions and useless for finding the person (a plain hash of an IPv4 address is reversible
 * by trying all four billion).
 */
export function hashAddress(key: string, address: string): string {
  return createHmac('sha256', key).update(address).digest('base64url').slice(0, 22);
}
