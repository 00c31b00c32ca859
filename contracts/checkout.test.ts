import { describe, expect, it } from 'vitest';
import { checkoutLink, checkoutPage, checkoutParams, checkoutPath } from './checkout';
import { type CheckoutOutcome, checkoutOutcomePages, resolveRoute, workshopPaths } from './routes';
import { type NamedHosts, siteIds } from './sites';

const hosts: NamedHosts = {
  sellableBusiness: 'sellablebusiness.example',
  waitlist: 'waitlist.example',
  book: 'whatsstoppingyou.example',
};
const hostOf = {
  main: 'example.com',
  'sellable-business': hosts.sellableBusiness,
  waitlist: hosts.waitlist,
  book: hosts.book,
} as const;
const outcomes = Object.keys(checkoutOutcomePages) as CheckoutOutcome[];

describe('the pages after a checkout (checkoutPage)', () => {
  it.each(siteIds)('after a click on the %s site, answer there or on the main site', (site) => {
    for (const outcome of outcomes) {
      const at = checkoutPage(site, outcome);
      expect(at.site, outcome).toBe(site === 'sellable-business' ? site : 'main');
      expect(resolveRoute(hostOf[at.site], at.path, hosts), outcome).toEqual({
        site: at.site,
        page: checkoutOutcomePages[outcome],
        status: 200,
      });
    }
  });

  it('lie under the workshop, so "back" is the same relative link on both sites', () => {
    for (const site of ['main', 'sellable-business'] as const) {
      expect(resolveRoute(hostOf[site], workshopPaths[site], hosts).page).toBe('workshop');
      const { path } = checkoutPage(site, 'booked');
      expect(new URL('./', `https://${hostOf[site]}${path}`).pathname).toBe(
        `${workshopPaths[site]}/`,
      );
    }
    expect(checkoutPage('main', 'booked').path).toBe('/assetworkshop/booked');
    expect(checkoutPage('sellable-business', 'try-again').path).toBe('/cohort/try-again');
  });
});

describe('a checkout link (checkoutLink)', () => {
  it('names the session it sells, encoded, or none', () => {
    expect(checkoutLink(checkoutPath, 'december-2026')).toBe('/go/workshop?session=december-2026');
    expect(checkoutLink('/go/page/masterclass', 'a&b=c')).toBe(
      '/go/page/masterclass?session=a%26b%3Dc',
    );
    expect(checkoutLink(checkoutPath, null)).toBe(checkoutPath);
    expect(checkoutParams.session).toBe('session');
  });
});
