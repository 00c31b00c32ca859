import { describe, expect, it } from 'vitest';
import { browserOf } from './browser';

const chrome = (version: string) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;

describe('browserOf', () => {
  it('names the family, major version and platform of the browsers visitors use', () => {
    expect(browserOf(chrome('131.0.6778.86'))).toBe('chrome/131 windows');
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('safari/18 ios');
    expect(
      browserOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
      ),
    ).toBe('safari/17 mac');
    expect(
      browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('firefox/133 linux');
    expect(browserOf(`${chrome('131.0.0.0')} Edg/131.0.2903.70`)).toBe('edge/131 windows');
    expect(
      browserOf(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('samsung/26 android');
  });

  it('keeps a browser the same across its minor updates, and tells majors apart', () => {
    expect(browserOf(chrome('131.0.6778.86'))).toBe(browserOf(chrome('131.0.6778.140')));
    expect(browserOf(chrome('131.0.6778.86'))).not.toBe(browserOf(chrome('132.0.6834.57')));
  });

  it('keeps an unknown client the same across its updates, bounded in length', () => {
    expect(browserOf('SomeApp/4.2.1 (Linux)')).toBe(browserOf('SomeApp/4.3.0 (Linux)'));
    expect(browserOf(`${'x'.repeat(5000)}/1`).length).toBeLessThan(80);
  });
});
