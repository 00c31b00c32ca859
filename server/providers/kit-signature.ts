import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Kit's webhook signature, as its guide "Verifying signatures" describes it
 * (https://developers.kit.com/webhooks/verifying-signatures, read 2026-11-25):
 *
 *   X-Kit-Signature: t=1753797130,v1=8f4b1c…e2
 *
 * `t` is when the POST was signed (Unix seconds); each `v1` is the hex HMAC-SHA256 of
 * "{t}.{raw body}" keyed with the endpoint's secret (one `v1` per valid secret while a secret is
 * rotated). Compare in constant time against every `v1`, and refuse stale timestamps: Kit
 * suggests 5 minutes, and re-signs each retry at send time, so a late retry is still fresh.
 * The whole scheme is this file: if Kit changes it, nothing else needs to.
 */

export const kitSignatureHeader = 'x-kit-signature';
/** How far `t` may be from our clock, either way (Kit's suggested tolerance). */
export const kitSignatureToleranceSeconds = 5 * 60;

export type SignatureVerdict =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** Verifies a delivery's header against the exact bytes received. */
export function verifyKitSignature({
  header,
  body,
  secret,
  now = new Date(),
  toleranceSeconds = kitSignatureToleranceSeconds,
}: {
  header: string | null | undefined;
  body: Uint8Array;
  secret: string;
  now?: Date;
  toleranceSeconds?: number;
}): SignatureVerdict {
  if (!header) return { ok: false, reason: 'missing' };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  if (Math.abs(now.getTime() / 1000 - parsed.timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(sign(secret, parsed.timestamp, body), 'hex');
  // Every candidate is compared, so the time taken does not say which (if any) matched.
  let matched = false;
  for (const candidate of parsed.signatures) {
    const given = Buffer.from(candidate, 'hex');
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched ? { ok: true } : { ok: false, reason: 'mismatch' };
}

/** The header Kit would send for `body` at `timestamp` (tests and local fakes sign with it). */
export function kitSignature(secret: string, body: Uint8Array | string, timestamp: number): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return `t=${timestamp},v1=${sign(secret, timestamp, bytes)}`;
}

function sign(secret: string, timestamp: number, body: Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest('hex');
}

/** Long enough for a few rotations' worth of entries, short enough to bound the work. */
const maxHeaderLength = 1024;
const maxSignatures = 8;

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  if (header.length > maxHeaderLength) return null;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (rest.length > 0 || value === undefined) return null;
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      signatures.push(value);
    }
    // Other schemes (a future v2) are skipped, as Kit's guide expects of a verifier.
  }
  if (timestamp === undefined || signatures.length === 0 || signatures.length > maxSignatures) {
    return null;
  }
  return { timestamp, signatures };
}
