import { describe, expect, it } from 'vitest';
import { consentStorageKey, parseConsent } from '../lib/consent';
import { consentWantsCode, storedConsentKey } from './start-page';

describe('consentWantsCode', () => {
  it('reads the choice where the consent module stores it', () => {
    expect(storedConsentKey).toBe(consentStorageKey);
  });

  it('wants the code before any choice, for the banner', () => {
    expect(consentWantsCode(null)).toBe(true);
  });

  it('wants it when a tag may load, and agrees with the consent module on every value', () => {
    const stored = [
      '{"analytics":true,"advertising":false,"media":false}',
      '{"analytics":false,"advertising":true,"media":false}',
      '{"analytics":false,"advertising":false,"media":true}',
      '{"analytics":false,"advertising":false,"media":false}',
      '{"analytics":"true","advertising":1}',
      'not json',
      '"yes"',
      'null',
      '[]',
    ];
    for (const raw of stored) {
      const { analytics, advertising } = parseConsent(raw);
      expect(consentWantsCode(raw), raw).toBe(analytics || advertising);
    }
  });
});
