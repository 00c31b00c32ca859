import { describe, expect, it } from 'vitest';
import { trafficSource } from './traffic-source';

describe('traffic source (product decision D4)', () => {
  it.each([
    ['/ig', '', 'Instagram'],
    ['/li', '', 'LinkedIn'],
    ['/', '', 'Direct'],
    ['/promo', '', 'Direct'],
    ['/IG/', '', 'Instagram'],
    ['/bookwaitlistig', '', 'Instagram'],
    ['/bookwaitlistli', '', 'LinkedIn'],
    ['/book', '', 'Direct'],
    ['/prebookwaitlist', '', 'Direct'],
    ['/bookwaitlistig', '?utm_source=newsletter', 'newsletter'],
  ])('%s%s -> %s', (path, search, source) => {
    expect(trafficSource(path, search)).toBe(source);
  });

  it('lets utm_source win and bounds its length', () => {
    expect(trafficSource('/li', '?utm_source=tiktok')).toBe('tiktok');
    expect(trafficSource('/li', '?utm_source=')).toBe('LinkedIn');
    expect(trafficSource('/', `?utm_source=${'x'.repeat(500)}`)).toHaveLength(64);
  });
});

describe('traffic source from the referring site (issue #13)', () => {
  const ownHosts = ['example.com', 'waitlist.example.com', 'localhost'];

  it('names another site that linked here, by its bare host', () => {
    expect(trafficSource('/', '', 'https://www.Google.com/search?q=x', ownHosts)).toBe(
      'google.com',
    );
    expect(trafficSource('/book', '', 'https://l.instagram.com/', ownHosts)).toBe(
      'l.instagram.com',
    );
    expect(trafficSource('/', '', 'android-app://com.google.android.gm/', ownHosts)).toBe(
      'com.google.android.gm',
    );
  });

  it('treats our own hosts, with or without www., as moving between our pages', () => {
    expect(trafficSource('/book', '', 'https://example.com/', ownHosts)).toBe('Direct');
    expect(trafficSource('/', '', 'https://www.waitlist.example.com/ig', ownHosts)).toBe('Direct');
    expect(trafficSource('/', '', 'http://localhost:3000/', ownHosts)).toBe('Direct');
  });

  it('lets utm_source and the path suffix win over the referrer', () => {
    expect(trafficSource('/', '?utm_source=ads', 'https://google.com/', ownHosts)).toBe('ads');
    expect(trafficSource('/bookwaitlistig', '', 'https://google.com/', ownHosts)).toBe('Instagram');
  });

  it('ignores a referrer that is not a URL and bounds a long host', () => {
    expect(trafficSource('/', '', 'not a url', ownHosts)).toBe('Direct');
    expect(trafficSource('/', '', `https://${'a'.repeat(70)}.com/`, ownHosts)).toHaveLength(64);
  });
});
