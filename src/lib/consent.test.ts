import { describe, expect, it, vi } from 'vitest';
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

describe('a choice made where storage is blocked', () => {
  it('is honoured for the rest of the page, and listeners hear of it', async () => {
    const { Window } = await import('happy-dom');
    const window = new Window();
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    Object.defineProperty(window, 'localStorage', { get: blocked });
    vi.stubGlobal('window', window);
    vi.resetModules();
    const consent = await import('./consent');
    const heard = vi.fn();
    consent.subscribeConsent(heard);
    expect(consent.consentDecided()).toBe(false);
    consent.saveConsent({ analytics: true, advertising: false, media: false });
    expect(heard).toHaveBeenCalledOnce();
    expect(consent.consentDecided()).toBe(true);
    expect(consent.readConsent()).toEqual({ analytics: true, advertising: false, media: false });
    vi.unstubAllGlobals();
  });
});
