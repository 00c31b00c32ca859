import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { kitSignature, verifyKitSignature } from './kit-signature';

const secret = 'whsec_test_secret';
const body = Buffer.from('{"delivery_id":1,"events":[]}');
const now = new Date('2026-11-25T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);

const verify = (header: string | null, bytes: Uint8Array = body, key = secret) =>
  verifyKitSignature({ header, body: bytes, secret: key, now });

describe('Kit webhook signature', () => {
  it('is the hex HMAC-SHA256 of "{t}.{raw body}", as Kit documents it', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body.toString()}`).digest('hex');
    expect(kitSignature(secret, body, t)).toBe(`t=${t},v1=${expected}`);
    expect(verify(`t=${t},v1=${expected}`)).toEqual({ ok: true });
  });

  it('accepts any one of several v1 entries (a secret being rotated)', () => {
    const other = kitSignature('the-old-secret', body, t).split(',')[1];
    const ours = kitSignature(secret, body, t).split(',')[1];
    expect(verify(`t=${t},${other},${ours}`)).toEqual({ ok: true });
    expect(verify(`t=${t}, ${ours}, v2=abc`)).toEqual({ ok: true });
  });

  it('refuses a wrong secret, a changed body, or a timestamp changed after signing', () => {
    expect(verify(kitSignature('wrong', body, t))).toEqual({ ok: false, reason: 'mismatch' });
    const changed = Buffer.from(body.toString().replace('1', '2'));
    expect(verify(kitSignature(secret, body, t), changed)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const signature = kitSignature(secret, body, t).split(',')[1];
    expect(verify(`t=${t - 1},${signature}`)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a timestamp more than five minutes away, either way', () => {
    expect(verify(kitSignature(secret, body, t - 300))).toEqual({ ok: true });
    expect(verify(kitSignature(secret, body, t - 301))).toEqual({ ok: false, reason: 'stale' });
    expect(verify(kitSignature(secret, body, t + 301))).toEqual({ ok: false, reason: 'stale' });
  });

  it.each([
    ['', 'missing'],
    ['v1=abc', 'malformed'],
    [`t=${t}`, 'malformed'],
    [`t=${t},v1=zz`, 'malformed'],
    [`t=${t},t=${t},v1=${'a'.repeat(64)}`, 'malformed'],
    [`t=now,v1=${'a'.repeat(64)}`, 'malformed'],
    [`t=${t},v1=${'a'.repeat(64)}=`, 'malformed'],
    [`t=${t},${`v1=${'a'.repeat(64)},`.repeat(20)}`, 'malformed'],
  ])('refuses a malformed header %j', (header, reason) => {
    expect(verify(header)).toEqual({ ok: false, reason });
  });
});
