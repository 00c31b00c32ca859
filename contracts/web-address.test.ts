import { describe, expect, it } from 'vitest';
import { holdsWebAddress } from './web-address';

describe('a web address in a text', () => {
  it('is found with a scheme, after www., or as a host of words joined by dots', () => {
    for (const text of [
      'pay now at https://evil.example/pay',
      'HTTP://EVIL.EXAMPLE',
      'ftp://files.example',
      'see www.evil',
      'evil.example/pay',
      'Tom at evil.com',
      'pay.evil.co.uk',
      'write to billing@evil.example',
      'évil.example',
      // Look-alike and hidden characters fold to the address a mail client would link.
      'ｅｖｉｌ．ｃｏｍ',
      'evil\u3002com',
      'evil.\u200bcom',
      'evil\u00ad.com',
    ]) {
      expect(holdsWebAddress(text), text).toBe(true);
    }
  });

  it('is not found in sentences, initials, figures or abbreviations', () => {
    for (const text of [
      'Tom Baker',
      'J.R.R. Tolkien',
      'Mary-Jane O’Neill',
      'We grew 1.5x. Next year, £2.4m.',
      'e.g. brand strategy, i.e. positioning',
      'Studio. Example pay',
      'version 3.2',
    ]) {
      expect(holdsWebAddress(text), text).toBe(false);
    }
  });

  it('reads a dot between two words without a space as a host: a space after it is all it takes', () => {
    expect(holdsWebAddress('Ends here.Then more')).toBe(true);
    expect(holdsWebAddress('Built on Node.js')).toBe(true);
    expect(holdsWebAddress('Ends here. Then more')).toBe(false);
  });
});
