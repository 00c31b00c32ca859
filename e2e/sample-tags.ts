/**
 * Sample tag IDs, so the consent path of the analytics tag and the ad pixel (D19, D20) runs in
 * the browser tests: the server command builds and serves with them (playwright.config.ts).
 * No test reaches Google or Meta: `answerTags` stands in for both scripts, which leaves every
 * call in `window.dataLayer` and the pixel's queue for the test to read.
 */
import type { Page } from '@playwright/test';

export const sampleTags = {
  GA_MEASUREMENT_ID: 'G-E2ETEST1',
  META_PIXEL_ID: '1234567890',
};

export const tagScripts = {
  analytics: 'https://www.googletagmanager.com/gtag/js',
  advertising: 'https://connect.facebook.net/en_US/fbevents.js',
} as const;

/** Answers both tag scripts with an empty stand-in; returns the URLs asked for. */
export async function answerTags(page: Page): Promise<string[]> {
  const requested: string[] = [];
  for (const url of Object.values(tagScripts)) {
    await page.route(`${url}*`, (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: '/* stand-in */' });
    });
  }
  return requested;
}

/** What the page handed the analytics tag: each gtag() call as an array. */
export function analyticsCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
}

/** What the page handed the ad pixel: each fbq() call as an array. */
export function pixelCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    (window.fbq?.queue ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
}
