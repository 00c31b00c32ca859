import { describe, expect, it } from 'vitest';
import { playerUrl } from './video';

describe('playerUrl', () => {
  it('adds muted autoplay flags and keeps existing parameters', () => {
    const url = new URL(playerUrl('https://player.example/embed/1?h=abc', { ambient: true }));
    expect(url.searchParams.get('h')).toBe('abc');
    expect(url.searchParams.get('autoplay')).toBe('1');
    expect(url.searchParams.get('mute')).toBe('1');
    expect(url.searchParams.get('muted')).toBe('1');
  });

  it('plays unmuted after a click', () => {
    const url = new URL(playerUrl('https://player.example/embed/1', { ambient: false }));
    expect(url.searchParams.get('autoplay')).toBe('1');
    expect(url.searchParams.has('mute')).toBe(false);
  });
});
