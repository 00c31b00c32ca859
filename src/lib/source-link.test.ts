// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { decorateSourceLinks } from './source-link';

describe('links that keep the visitor’s source on to another of our pages', () => {
  beforeAll(() => {
    decorateSourceLinks();
    document.body.innerHTML =
      '<a id="apply" data-source-link href="/apply"><span>Apply now</span></a><a id="other" href="/terms">Terms</a>';
    // A click must not navigate the test's document.
    document.addEventListener('click', (event) => event.preventDefault());
  });

  const link = (id: string) => document.getElementById(id) as HTMLAnchorElement;
  const arrive = (address: string) => window.history.replaceState(null, '', address);

  it('carries the source the visitor came from, once, however often it is clicked', () => {
    arrive('/?utm_source=ig&utm_campaign=spring');
    link('apply').querySelector('span')?.click();
    link('apply').click();
    expect(link('apply').getAttribute('href')).toBe('/apply?utm_source=Instagram');
  });

  it('carries nothing for a visitor who came direct, and drops what an earlier click added', () => {
    arrive('/');
    link('apply').click();
    expect(link('apply').getAttribute('href')).toBe('/apply');
  });

  it('leaves every other link alone', () => {
    arrive('/?utm_source=ig');
    link('other').click();
    expect(link('other').getAttribute('href')).toBe('/terms');
  });
});
