import { describe, expect, it } from 'vitest';
import { knownSources, maxSourceLength, sourceName, trafficSource } from './traffic-source';

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
    ['/bookwaitlistig', '?utm_source=newsletter', 'Newsletter'],
  ])('%s%s -> %s', (path, search, source) => {
    expect(trafficSource(path, search)).toBe(source);
  });

  it('lets utm_source win and bounds its length', () => {
    expect(trafficSource('/li', '?utm_source=tiktok')).toBe('TikTok');
    expect(trafficSource('/li', '?utm_source=')).toBe('LinkedIn');
    expect(trafficSource('/li', '?utm_source=%20%07')).toBe('LinkedIn');
    expect(trafficSource('/', `?utm_source=${'x'.repeat(500)}`)).toHaveLength(64);
  });

  it('gives a source one name whichever way it came (issue "The owner’s room")', () => {
    expect(trafficSource('/', '?utm_source=instagram')).toBe(trafficSource('/ig'));
    expect(trafficSource('/', '?utm_source=IG')).toBe('Instagram');
    expect(trafficSource('/', '?utm_source=twitter')).toBe('X');
  });
});

describe('one name per source', () => {
  it.each([
    ['instagram', 'Instagram'],
    [' INSTA ', 'Instagram'],
    ['ig', 'Instagram'],
    ['l.instagram.com', 'Instagram'],
    ['li', 'LinkedIn'],
    ['linkedin', 'LinkedIn'],
    ['lnkd.in', 'LinkedIn'],
    ['fb', 'Facebook'],
    ['m.facebook.com', 'Facebook'],
    ['twitter', 'X'],
    ['x', 'X'],
    ['t.co', 'X'],
    ['yt', 'YouTube'],
    ['youtu.be', 'YouTube'],
    ['tiktok', 'TikTok'],
    ['google', 'Google'],
    ['www.google.co.uk', 'Google'],
    ['mail.google.com', 'Email'],
    ['com.google.android.gm', 'Email'],
    ['newsletter', 'Newsletter'],
    ['Kit', 'Newsletter'],
    ['direct', 'Direct'],
  ])('%s -> %s', (raw, name) => {
    expect(sourceName(raw)).toBe(name);
  });

  it('gives every known name itself, and no two names share an alias or a site', () => {
    const words = new Set<string>();
    for (const [name, { aliases, sites }] of Object.entries(knownSources)) {
      expect(sourceName(name)).toBe(name);
      expect(sourceName(name.toUpperCase())).toBe(name);
      for (const word of [name.toLowerCase(), ...aliases, ...sites]) {
        expect(words.has(word), word).toBe(false);
        words.add(word);
        expect(sourceName(word)).toBe(name);
      }
    }
  });

  it('keeps an unknown source as sent, trimmed, without control characters, bounded', () => {
    expect(sourceName('  Spring Fair  ')).toBe('Spring Fair');
    expect(sourceName('pod\u0000cast\u001b[31m')).toBe('podcast[31m');
    expect(sourceName('notinstagram.org')).toBe('notinstagram.org');
    expect(sourceName('y'.repeat(100))).toHaveLength(maxSourceLength);
    expect(sourceName('\u0007')).toBe('');
  });
});

describe('traffic source from the referring site (decision 013)', () => {
  const ownHosts = ['example.com', 'waitlist.example.com', 'localhost'];

  it('names another site that linked here: a known one by its name, any other by its bare host', () => {
    expect(trafficSource('/', '', 'https://www.Google.com/search?q=x', ownHosts)).toBe('Google');
    expect(trafficSource('/book', '', 'https://l.instagram.com/', ownHosts)).toBe('Instagram');
    expect(trafficSource('/', '', 'android-app://com.google.android.gm/', ownHosts)).toBe('Email');
    expect(trafficSource('/', '', 'https://www.Example.org/post', ownHosts)).toBe('example.org');
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
