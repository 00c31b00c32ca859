import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { siteOrigin } from './hosts';

/** The legal pages (D7): real content for this site, readable on a phone, on every host. */

const mobile = { width: 375, height: 812 };

const documents = [
  {
    path: '/terms',
    heading: 'Terms of use',
    sections: ['Who we are', 'General information, not advice', 'Buying something', 'Questions'],
  },
  {
    path: '/privacy',
    heading: 'Privacy notice',
    sections: [
      'Who we are',
      'What we collect',
      'Counting visits',
      'Why we may use it',
      'Who receives it',
      'How long we keep it',
      'Your rights, and how to use them',
      'Cookies and browser storage',
    ],
  },
  {
    path: '/cookies',
    heading: 'Cookie notice',
    sections: [
      'In short',
      'Everything we store',
      'Counting visits without cookies',
      'The choices you can make',
      'Changing your choice',
    ],
  },
] as const;

const storageKeys = [
  'consent',
  'ws_remaining',
  'ws_joined',
  'book_exit_intent_shown',
  'referral_code',
  '_ga',
  '_ga_<id>',
  '_fbp',
  'Video player cookies',
];

/** No part of the page is wider than the screen (nothing to scroll sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

for (const document of documents) {
  test.describe(document.path, () => {
    test('shows its heading, date, contents and sections', async ({ page }) => {
      const response = await page.goto(document.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: document.heading })).toBeVisible();
      await expect(page.getByText(/^Last updated \d{1,2} \w+ \d{4}$/)).toBeVisible();
      const contents = page.getByRole('navigation', { name: 'On this page' });
      for (const name of document.sections) {
        await expect(page.getByRole('region', { name })).toBeVisible();
        const link = contents.getByRole('link', { name, exact: true });
        const target = await link.getAttribute('href');
        expect(target).toMatch(/^#/);
        await expect(page.locator(`${target}`)).toHaveAccessibleName(name);
      }
    });

    test('marks the details the owner still has to fill in', async ({ page }) => {
      await page.goto(document.path);
      const markers = page.getByText(/^\[Owner: .+\]$/);
      if (document.path === '/cookies') {
        await expect(markers).toHaveCount(0); // Nothing about the owner on this page.
      } else {
        expect(await markers.count()).toBeGreaterThan(0);
        await expect(markers.first()).toBeVisible();
      }
    });

    // Through the browser: only Chromium resolves the `*.localhost` names to loopback.
    test('answers on the other sites too', async ({ page }) => {
      for (const site of ['sellable-business', 'waitlist', 'book'] as const) {
        const response = await page.goto(`${siteOrigin[site]}${document.path}`);
        expect(response?.status(), site).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: document.heading })).toBeVisible();
      }
    });

    for (const viewport of [{ width: 1280, height: 900 }, mobile]) {
      test(`axe finds no violations at ${viewport.width} px, nothing scrolls sideways`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.goto(document.path, { waitUntil: 'networkidle' });
        expect(await axeViolations(page)).toEqual([]);
        expect(await scrollsSideways(page)).toBe(false);
      });
    }
  });
}

test.describe('/privacy', () => {
  test('says what each form collects, who receives it and how long it is kept', async ({
    page,
  }) => {
    await page.goto('/privacy');
    const forms = page.getByRole('table', { name: 'What each form collects, and why' });
    for (const form of [
      'Newsletter (home page)',
      'Book waitlist (home page)',
      'Book waitlist page',
      'The 11 CheatCodes handbook',
      'Press and speaking enquiries (contact form)',
    ]) {
      await expect(forms.getByRole('rowheader', { name: form })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Who receives it' })).toContainText('Kit');
    await expect(page.getByRole('region', { name: 'How long we keep it' })).toContainText(
      '12 months',
    );
    const rights = page.getByRole('region', { name: 'Your rights, and how to use them' });
    await expect(rights.getByRole('link', { name: 'privacy@example.com' })).toHaveAttribute(
      'href',
      'mailto:privacy@example.com',
    );
    await expect(rights.getByRole('link', { name: /ico\.org\.uk/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });
});

test.describe('counting visits (decision 013)', () => {
  test('both notices say what is counted and why it needs no consent', async ({ page }) => {
    await page.goto('/privacy');
    const counting = page.getByRole('region', { name: 'Counting visits' });
    for (const words of [
      'the page',
      'the day',
      'anonymous visitor code',
      'never your IP address',
    ]) {
      await expect(counting).toContainText(words);
    }
    await page.goto('/cookies');
    const withoutCookies = page.getByRole('region', { name: 'Counting visits without cookies' });
    await expect(withoutCookies).toContainText('regulation 6');
    await expect(withoutCookies).toContainText('needs no consent');
    await withoutCookies.getByRole('link', { name: 'privacy notice' }).click();
    await expect(page).toHaveURL(/\/privacy#counting-visits$/);
  });

  test('visits, counted by the server, leave no cookie or storage behind', async ({
    page,
    context,
  }) => {
    const before = await page.goto('/');
    expect(before?.status()).toBe(200);
    await page.goto('/terms?utm_source=e2e');
    expect(await context.cookies()).toEqual([]);
    // Only the consent choice this suite starts with (playwright.config.ts).
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['consent']);
  });
});

test.describe('/cookies', () => {
  test('lists every cookie and storage key, readable as cards on a phone', async ({ page }) => {
    for (const viewport of [{ width: 1280, height: 900 }, mobile]) {
      await page.setViewportSize(viewport);
      await page.goto('/cookies');
      const table = page.getByRole('table', { name: 'Cookies and browser storage on these sites' });
      await expect(table.getByRole('columnheader')).toHaveCount(5);
      for (const key of storageKeys) {
        await expect(table.getByRole('rowheader', { name: key, exact: true })).toBeVisible();
      }
    }
  });

  test('offers the button that opens the cookie settings', async ({ page }) => {
    await page.goto('/cookies');
    const button = page
      .getByRole('region', { name: 'Changing your choice' })
      .getByRole('button', { name: 'Change cookie settings' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('data-consent-open');
  });
});
