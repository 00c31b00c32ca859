import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { offerLinkPath, offerLinks } from './offer-links';

describe('an offer link', () => {
  const links = offerLinks('server secret');
  const id = randomUUID();
  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

  it('names its offer on the cohort site, and is read back to it', () => {
    const link = links.link('https://sellablebusiness.example', id);
    expect(link.startsWith(`https://sellablebusiness.example${offerLinkPath}/${id}.`)).toBe(true);
    expect(links.read(tokenOf(link))).toBe(id);
  });

  it('cannot be made from an offer id alone, nor with another server’s secret', () => {
    const token = tokenOf(links.link('https://x.example', id));
    const other = randomUUID();
    expect(links.read(`${other}${token.slice(id.length)}`)).toBeNull();
    expect(offerLinks('another secret').read(token)).toBeNull();
    expect(links.read(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
  });

  it('reads nothing from anything else', () => {
    for (const junk of [
      undefined,
      '',
      id,
      `${id}.`,
      `${id}.${'a'.repeat(5000)}`,
      '../x',
      `${id}.\u0000`,
    ]) {
      expect(links.read(junk)).toBeNull();
    }
  });
});
