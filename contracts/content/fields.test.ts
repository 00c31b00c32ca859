import { describe, expect, it } from 'vitest';
import { image } from './fields';

/**
 * A picture's `src` names a file inside content/images/ and nothing else: the build joins it to
 * that directory and reads what it names, so a path that climbs out (`a/../../x.png`) would read
 * a file outside the content.
 */
describe('a picture’s src', () => {
  const messages = (src: string) => {
    const result = image.safeParse({ src, alt: 'A drawing' });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('names a file inside content/images/, in a folder or not', () => {
    for (const src of [
      'portrait.svg',
      'people/amara.jpg',
      'press/2026/the-ledger.PNG',
      'a.b.jpeg',
    ]) {
      expect(messages(src), src).toEqual([]);
    }
  });

  it('is refused when it climbs out, starts at the root, or hides what it names', () => {
    for (const src of [
      'a/../../x.png',
      'people/../../../etc/x.png',
      '../x.png',
      './x.png',
      'a/./x.png',
      '/etc/passwd',
      '/etc/x.png',
      'a\\..\\..\\x.png',
      '%2e%2e/x.png',
      'a/%2e%2e/%2e%2e/x.png',
      'a//x.png',
      'people/.hidden.png',
    ]) {
      expect(messages(src), src).toEqual([
        'expected the name of a file inside content/images/ (folders separated by "/"; no "..", no leading "/", no "\\")',
      ]);
    }
  });
});
