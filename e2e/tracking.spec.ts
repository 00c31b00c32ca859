import type { Page } from '@playwright/test';
import { listedRoutes, type PageId, resolveRoute } from '../contracts/routes';
import type { SiteId } from '../contracts/sites';
import { namedHosts, parseEnv } from '../server/env';
import { nextSession } from '../src/lib/facts';
import { content } from './content';
import { siteOrigin } from './hosts';
import { analyticsCalls, answerTags, pixelCalls, sampleTags, tagScripts } from './sample-tags';
import { answerPlayers, sampleVideos } from './sample-videos';
import { expect, test } from './test';

const { home, waitlist } = content;
const { consent, forms } = content.site;

/**
 * Tracking as the product brief names it (§7, D19, D20): nothing third-party before consent on any page
 * of any host, exactly the consented tags after it, and each event with its parameters, read
 * from local stand-ins for both tags.
 */
test.use({ refusedEverything: false });

const hosts = namedHosts(parseEnv());

/** Every page of every host: the route table's paths, each site's home and an unknown path. */
const visits = [
  ...new Map(
    [
      ...listedRoutes().map(({ site, path }) => ({ site, path })),
      ...(Object.keys(siteOrigin) as SiteId[]).flatMap((site) => [
        { site, path: '/' },
        { site, path: '/no-such-page' },
      ]),
    ].map((visit) => [`${visit.site}${visit.path}`, visit]),
  ).values(),
];

function accept(page: Page) {
  return page
    .getByRole('region', { name: consent.heading })
    .getByRole('button', { name: consent.acceptAll })
    .click();
}

/** Scrolls to the bottom and back, so every island that waits for the viewport has its turn. */
async function visitWholePage(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y <= document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

for (const { site, path } of visits) {
  const { page: pageId } = resolveRoute(new URL(siteOrigin[site]).host, path, hosts);
  test(`${site} ${path} (${pageId}): nothing third-party before consent, exactly the consented tags after`, async ({
    page,
  }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const { origin } = new URL(request.url());
      if (!Object.values(siteOrigin).includes(origin)) foreign.push(origin);
    });
    await answerTags(page);
    await answerPlayers(page);
    await page.goto(`${siteOrigin[site]}${path}`, { waitUntil: 'networkidle' });
    await visitWholePage(page);
    expect(foreign, 'requests before consent').toEqual([]);

    await accept(page);
    const expected = [tagScripts.analytics, tagScripts.advertising, ...ambientPlayers(pageId)];
    await expect
      .poll(() => [...new Set(foreign)].sort())
      .toEqual([...new Set(expected.map((url) => new URL(url).origin))].sort());
  });
}

/** The players that start by themselves once videos are allowed (the home page's showreel). */
function ambientPlayers(page: PageId): string[] {
  return page === 'home' ? [sampleVideos.HERO_VIDEO_URL] : [];
}

test('the page view before the choice is replayed to both tags after opting in, in consent order', async ({
  page,
}) => {
  await answerTags(page);
  await page.goto(`${siteOrigin.waitlist}/ig`);
  expect(await analyticsCalls(page)).toEqual([]);
  await accept(page);
  await expect
    .poll(() => analyticsCalls(page))
    .toContainEqual(['event', 'page_view', { page_path: '/ig', source: 'Instagram' }]);
  const analytics = await analyticsCalls(page);
  expect(analytics[0]).toEqual([
    'consent',
    'default',
    {
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    },
  ]);
  expect(analytics.findIndex((call) => call[0] === 'config')).toBeGreaterThan(0);
  expect(analytics).toContainEqual([
    'config',
    sampleTags.GA_MEASUREMENT_ID,
    { send_page_view: false },
  ]);

  const pixel = await pixelCalls(page);
  expect(pixel.slice(0, 3)).toEqual([
    ['consent', 'revoke'],
    ['init', sampleTags.META_PIXEL_ID],
    ['consent', 'grant'],
  ]);
  expect(pixel).toContainEqual([
    'track',
    'PageView',
    { page_path: '/ig', source: 'Instagram' },
    { eventID: expect.any(String) },
  ]);
});

test('refusing drops the events that waited: no tag ever hears of them', async ({ page }) => {
  const requested = await answerTags(page);
  await page.goto('/');
  await page
    .getByRole('region', { name: consent.heading })
    .getByRole('button', { name: consent.rejectAll })
    .click();
  await page.getByRole('link', { name: home.topBanner.link }).click();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
  expect(await page.evaluate(() => [typeof window.dataLayer, typeof window.fbq])).toEqual([
    'undefined',
    'undefined',
  ]);
});

test('the workshop checkout buttons: cta_click with the label, and a begin_checkout at the price', async ({
  page,
  context,
}) => {
  await answerTags(page);
  await context.route('https://buy.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>checkout</title>' }),
  );
  await page.goto(`${siteOrigin['sellable-business']}/cohort`);
  await accept(page);
  const checkout = context.waitForEvent('page');
  const { cta } = content.workshop.price;
  await page.getByRole('link', { name: cta, exact: true }).click();
  await (await checkout).close();
  const session = nextSession(content.workshop.sessions, Date.now());
  const price = { value: session?.price.amount, currency: session?.price.currency };
  const params = {
    button_name: cta,
    button_location: 'workshop-price',
    page_path: '/cohort',
    source: 'Direct',
  };
  await expect.poll(() => analyticsCalls(page)).toContainEqual(['event', 'cta_click', params]);
  expect(await analyticsCalls(page)).toContainEqual([
    'event',
    'begin_checkout',
    { ...params, ...price },
  ]);
  const pixel = await pixelCalls(page);
  expect(pixel).toContainEqual([
    'trackCustom',
    'CTAClick',
    params,
    { eventID: expect.any(String) },
  ]);
  expect(pixel).toContainEqual([
    'track',
    'InitiateCheckout',
    { ...params, ...price },
    { eventID: expect.any(String) },
  ]);
});

test('a confirmed sign-up: generate_lead and Lead, with the list and the source', async ({
  page,
}) => {
  await answerTags(page);
  await page.goto(`${siteOrigin.main}/bookwaitlistli`);
  await accept(page);
  await page.getByLabel(forms.emailLabel).fill(`lead+${Date.now()}@example.com`);
  await page.getByRole('button', { name: waitlist.hero.copy.submit }).click();
  await expect(
    page.getByRole('status').filter({ hasText: waitlist.hero.copy.success }),
  ).toBeVisible();
  const params = {
    button_location: 'waitlist-page-form',
    list: 'waitlist',
    page_path: '/bookwaitlistli',
    source: 'LinkedIn',
  };
  await expect.poll(() => analyticsCalls(page)).toContainEqual(['event', 'generate_lead', params]);
  expect(await pixelCalls(page)).toContainEqual([
    'track',
    'Lead',
    params,
    { eventID: expect.any(String) },
  ]);
});

test('a confirmed contact message: contact_form_success and Contact, never the message', async ({
  page,
}) => {
  await answerTags(page);
  await page.goto('/#contact');
  await accept(page);
  const contact = page.locator('#contact');
  const contactForm = home.contact;
  await contact.getByLabel(contactForm.nameLabel).fill('Ada Lovelace');
  await contact.getByLabel(contactForm.emailLabel).fill(`ada+${Date.now()}@example.com`);
  await contact.getByLabel(contactForm.messageLabel).fill('A talk for our team, please.');
  await contact.getByRole('button', { name: contactForm.copy.submit }).click();
  await expect(
    contact.getByRole('status').filter({ hasText: contactForm.copy.success }),
  ).toBeVisible();
  const params = { button_location: 'contact-form', page_path: '/', source: 'Direct' };
  await expect
    .poll(() => analyticsCalls(page))
    .toContainEqual(['event', 'contact_form_success', params]);
  expect(await pixelCalls(page)).toContainEqual([
    'track',
    'Contact',
    params,
    { eventID: expect.any(String) },
  ]);
  const everything = JSON.stringify([await analyticsCalls(page), await pixelCalls(page)]);
  expect(everything).not.toContain('Ada');
  expect(everything).not.toContain('talk for our team');
});
