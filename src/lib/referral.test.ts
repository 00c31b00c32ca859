// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  referralFromSearch,
  rememberReferralCode,
  shareLink,
  storedReferralCode,
} from './referral';

describe('share links in the browser', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the code the server answered with, and only a well-formed one', () => {
    expect(rememberReferralCode('abcDEF123_-z')).toBe('abcDEF123_-z');
    expect(storedReferralCode()).toBe('abcDEF123_-z');
    expect(rememberReferralCode('<img onerror>')).toBeNull();
    expect(rememberReferralCode(undefined)).toBeNull();
    expect(storedReferralCode()).toBe('abcDEF123_-z');
  });

  it('carries a visitor’s ?ref= into their sign-up, ignoring anything else', () => {
    expect(referralFromSearch('?ref=abcDEF123_-z&utm_source=x')).toEqual({ ref: 'abcDEF123_-z' });
    expect(referralFromSearch('?ref=javascript:alert(1)')).toEqual({});
    expect(referralFromSearch('')).toEqual({});
  });

  it('links to the waitlist site with the code', () => {
    expect(shareLink('https://wait.example', 'abcDEF123_-z')).toBe(
      'https://wait.example/?ref=abcDEF123_-z',
    );
    expect(shareLink('https://wait.example', null)).toBe('https://wait.example/');
  });
});
