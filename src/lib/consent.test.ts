import { describe, expect, it } from 'vitest';
import { noConsent, parseConsent } from './consent';

describe('parseConsent', () => {
  it('reads a stored choice', () => {
    expect(parseConsent('{"analytics":true,"advertising":false,"media":true}')).toEqual({
      analytics: true,
      advertising: false,
      media: true,
    });
  });

  it('treats missing, malformed or loose values as no consent', () => {
    expect(parseConsent(null)).toEqual(noConsent);
    expect(parseConsent('not json')).toEqual(noConsent);
    expect(parseConsent('"yes"')).toEqual(noConsent);
    expect(parseConsent('{"media":"true"}')).toEqual(noConsent);
  });
});
