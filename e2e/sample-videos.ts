/**
 * Sample third-party players, so that the video boxes' consent path (D20) is exercised. Video
 * URLs are public configuration baked in at build, so the browser tests' server command builds
 * with them (playwright.config.ts). No test reaches these hosts: a test that grants consent
 * answers the player's requests itself (`answerPlayers`).
 */
import type { Page } from '@playwright/test';
import { type ConsentChoice, consentStorageKey, noConsent } from '../src/lib/consent';

export const sampleVideos = {
  HERO_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/e2e-showreel',
  SPEAKING_VIDEO_URL: 'https://player.vimeo.com/video/100000001',
};

/** Answers every request to the sample players with a blank page; returns the URLs asked for. */
export async function answerPlayers(page: Page): Promise<string[]> {
  const requested: string[] = [];
  for (const url of Object.values(sampleVideos)) {
    await page.route(`${new URL(url).origin}/**`, (route) => {
      requested.push(route.request().url());
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>player</title>',
      });
    });
  }
  return requested;
}

/** Stores the visitor's consent before any page script runs, as the consent banner will. */
export async function grantConsent(page: Page, granted: Partial<ConsentChoice>) {
  const value = JSON.stringify({ ...noConsent, ...granted });
  await page.addInitScript(([key, stored]) => localStorage.setItem(key, stored), [
    consentStorageKey,
    value,
  ] as const);
}
