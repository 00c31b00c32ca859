import type { Page } from '@playwright/test';
import { dayHasCome } from '../src/lib/facts';
import { settleIslands } from './clock';
import { content } from './content';
import { answerPlayers, grantConsent, sampleVideos } from './sample-videos';
import { expect, test } from './test';

/**
 * Home page behaviour: header, hero, carousels and footer, as a visitor uses them, with the words
 * of content/home.yaml and site.yaml. The book section after release day is tested on the server
 * (server/features/pages/calendar-pages.test.ts).
 */

const mobile = { width: 375, height: 812 };
const { home, site } = content;
const { header, timeline, press } = home;
const socialLabels = site.socialLabels;
const slideCount = timeline.slides.length;
const logoCount = press.logos.length;
/** A carousel label with its runtime numbers filled in. */
const label = (template: string, slide: number, total = 0) =>
  template.replace('{slide}', String(slide)).replace('{total}', String(total));
const released = dayHasCome(site.book.releaseDate, Date.now());

/** The slide currently chosen in a carousel, read from its dots. */
const currentDot = (page: Page, carousel: string) =>
  page
    .getByRole('region', { name: carousel })
    .locator('button[aria-current="true"]')
    .getAttribute('aria-label');

test.describe('header', () => {
  test('desktop: menu links to the anchors and four social links', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: header.navLabel });
    for (const [name, href] of [
      [header.links.book, '#book'],
      [header.links.newsletter, '#newsletter'],
      [header.links.speaking, '#speaking'],
      [header.links.contact, '#contact'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      await expect(page.locator(href)).toHaveCount(1);
    }
    await expect(page.getByRole('button', { name: header.menuText })).toBeHidden();
    const socials = page.getByRole('list', { name: header.socialLabel });
    for (const name of [
      socialLabels.instagram,
      socialLabels.x,
      socialLabels.linkedin,
      socialLabels.youtube,
    ]) {
      await expect(socials.getByRole('link', { name })).toBeVisible();
    }
    await expect(socials.getByRole('link', { name: socialLabels.tiktok })).toBeHidden();
  });

  test('mobile: the toggle opens the menu, a link closes it', async ({ page }) => {
    await page.setViewportSize(mobile);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: header.menuText });
    const newsletterLink = page.getByRole('link', { name: header.links.newsletter, exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panelId = await toggle.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await expect(newsletterLink).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
    const socials = page.getByRole('list', { name: header.socialLabel });
    for (const name of Object.values(socialLabels)) {
      await expect(socials.getByRole('link', { name })).toBeVisible();
    }

    await newsletterLink.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(newsletterLink).toBeHidden();
    await expect(page).toHaveURL(/#newsletter$/);
  });

  test('mobile: Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await page.setViewportSize(mobile);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: header.menuText });
    await toggle.click();
    await page.getByRole('link', { name: header.links.book, exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});

test.describe('hero', () => {
  test('shows the name, the tagline, a Scroll cue and the video poster', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.founder.name);
    await expect(
      page.getByRole('main').getByText(site.founder.tagline, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: home.hero.scrollCue })).toHaveAttribute(
      'href',
      '#book',
    );
    const poster = page.getByRole('img', { name: home.hero.video.poster.alt });
    await expect(poster).toBeVisible();
    await expect(poster).toHaveAttribute('width', '1280');
    await expect(poster).toHaveAttribute('height', '720');
    // The poster fills the video box exactly, so a player taking its place shifts nothing.
    const box = await poster.boundingBox();
    const frame = await poster.locator('..').boundingBox();
    expect(box).toEqual(frame);
    expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 100)).toBe(178);
  });

  test('loads nothing from third parties before consent (D20)', async ({ page }) => {
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.goto('/', { waitUntil: 'networkidle' });
    await page
      .getByRole('heading', { name: home.speaking.heading, exact: true })
      .scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('iframe')).toHaveCount(0);
    for (const name of [home.hero.video.play, home.speaking.video.play]) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
    expect([...origins]).toEqual([new URL(page.url()).origin]);
  });

  test('after consent to media the showreel plays muted in the poster box', async ({ page }) => {
    const requested = await answerPlayers(page);
    await grantConsent(page, { media: true });
    await page.goto('/');
    const player = page.locator(`iframe[title="${home.hero.video.title}"]`);
    await expect(player).toBeVisible();
    const src = new URL((await player.getAttribute('src')) ?? '');
    expect(src.origin + src.pathname).toBe(sampleVideos.HERO_VIDEO_URL);
    expect(src.searchParams.get('autoplay')).toBe('1');
    expect(src.searchParams.get('mute')).toBe('1');
    // The player covers the poster's box exactly: nothing moved.
    const poster = page.getByRole('img', { name: home.hero.video.poster.alt });
    expect(await player.boundingBox()).toEqual(await poster.boundingBox());
    await expect.poll(() => requested.length).toBeGreaterThan(0);
  });

  test('with reduced motion the showreel waits for a click, then plays', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const requested = await answerPlayers(page);
    await grantConsent(page, { media: true });
    await page.goto('/', { waitUntil: 'networkidle' });
    const player = page.locator(`iframe[title="${home.hero.video.title}"]`);
    await expect(player).toHaveCount(0);
    expect(requested).toEqual([]);
    await page.getByRole('button', { name: home.hero.video.play }).click();
    await expect(player).toBeVisible();
    const src = new URL((await player.getAttribute('src')) ?? '');
    expect(src.searchParams.get('autoplay')).toBe('1');
    expect(src.searchParams.get('mute')).toBeNull();
  });
});

test.describe('book section', () => {
  test('before release day: the waitlist offer, which the hero leads to', async ({ page }) => {
    test.skip(
      released,
      'the book is out: the section sells it (server/features/pages/calendar-pages.test.ts)',
    );
    const words = home.book.beforeRelease;
    await page.goto('/');
    await expect(page.getByRole('link', { name: words.heroCta })).toHaveAttribute('href', '#book');
    const book = page.locator('#book');
    await expect(book.getByText(words.kicker)).toBeVisible();
    await expect(book.getByRole('heading', { name: words.heading })).toBeVisible();
    await expect(book.getByText(words.sub)).toBeVisible();
    await expect(book.getByText(words.trustLine)).toBeVisible();
    await expect(book.getByRole('img', { name: site.book.cover.alt })).toBeVisible();
    await expect(book.getByRole('button', { name: words.submit })).toBeEnabled();
  });
});

test.describe('timeline carousel', () => {
  test('follows the carousel pattern: seven labelled slides, dots and arrow keys', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // Hold still while we look.
    await page.goto('/');
    const { labels } = timeline;
    const carousel = page.getByRole('region', { name: labels.region });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(slideCount);
    for (const [index, slide] of timeline.slides.entries()) {
      const shown = slides.nth(index);
      await expect(shown).toHaveAttribute('aria-label', label(labels.slide, index + 1, slideCount));
      await expect(shown.getByRole('img')).toHaveAttribute('alt', slide.image.alt);
      await expect(shown.getByRole('heading', { level: 3 })).toHaveText(slide.section);
    }
    // One slide fills the carousel's width, its words beside the picture within the window.
    await carousel.scrollIntoViewIfNeeded();
    const region = await carousel.boundingBox();
    const first = await slides.first().boundingBox();
    expect(first?.width).toBeLessThanOrEqual(region?.width ?? 0);
    await expect(slides.first().getByRole('heading', { level: 3 })).toBeInViewport();
    test.skip(slideCount < 4, 'the keyboard walk below needs four slides');

    const dot = (n: number) => carousel.getByRole('button', { name: label(labels.goTo, n) });
    await dot(3).click();
    await expect(dot(3)).toHaveAttribute('aria-current', 'true');
    await expect(
      carousel.getByRole('group', { name: label(labels.slide, 3, slideCount) }),
    ).toBeInViewport();

    await page.keyboard.press('ArrowRight');
    expect(await currentDot(page, labels.region)).toBe(label(labels.goTo, 4));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await currentDot(page, labels.region)).toBe(label(labels.goTo, 2));

    // Looping: back from the first slide is the last.
    await dot(1).click();
    await carousel.getByRole('button', { name: labels.previous }).click();
    await expect(dot(slideCount)).toHaveAttribute('aria-current', 'true');
  });

  const { labels, autoplaySeconds } = timeline;
  /** Longer than any slide shows for, so a slide still current then did not move on. */
  const longerThanASlide = autoplaySeconds.max * 1000 + 500;

  /**
   * The home page with the page's time stopped at the timeline, its island live: time moves only
   * when the test runs the clock, so the slides' seconds cost the test none of its own.
   */
  async function openPausedAtTimeline(page: Page) {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto('/');
    const carousel = page.getByRole('region', { name: labels.region });
    await carousel.scrollIntoViewIfNeeded();
    await settleIslands(
      page,
      page.locator('[data-island-root]:not([data-hydrated])', { has: carousel }),
    );
    return carousel;
  }

  test('advances by itself within the content’s autoplay time', async ({ page }) => {
    const carousel = await openPausedAtTimeline(page);
    await expect(carousel.getByRole('button', { name: labels.pause })).toBeVisible();
    // The pointer leaving the carousel starts its slide's time again, from this moment; each
    // slide after draws its own time, so three slides try the range three times.
    await carousel.hover();
    await page.mouse.move(0, 0);
    const step = 100;
    for (let slides = 0; slides < 3; slides++) {
      const shown = await currentDot(page, labels.region);
      let ran = 0;
      while ((await currentDot(page, labels.region)) === shown) {
        expect(ran, 'the page’s time a slide showed for').toBeLessThan(
          autoplaySeconds.max * 1000 + step,
        );
        await page.clock.runFor(step);
        ran += step;
      }
      // Within a step of the range: the move came somewhere in the last step the clock ran.
      expect(ran).toBeGreaterThan(autoplaySeconds.min * 1000 - step);
    }
  });

  test('holds still while hovered, and after the pause control', async ({ page }) => {
    const carousel = await openPausedAtTimeline(page);
    await carousel.getByRole('group', { name: label(labels.slide, 1, slideCount) }).hover();
    await page.clock.runFor(longerThanASlide);
    expect(await currentDot(page, labels.region)).toBe(label(labels.goTo, 1));

    await carousel.getByRole('button', { name: labels.pause }).click();
    await expect(carousel.getByRole('button', { name: labels.play })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.locator('body').focus();
    await page.clock.runFor(longerThanASlide);
    expect(await currentDot(page, labels.region)).toBe(label(labels.goTo, 1));
  });

  test('does not autoplay when reduced motion is preferred', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const carousel = await openPausedAtTimeline(page);
    await expect(carousel.getByRole('button', { name: labels.play })).toBeVisible();
    await page.clock.runFor(longerThanASlide);
    expect(await currentDot(page, labels.region)).toBe(label(labels.goTo, 1));
  });
});

test.describe('speaking and press', () => {
  test('the talk button leads to the contact form (product decision D17)', async ({ page }) => {
    await page.goto('/');
    const speaking = page.locator('#speaking');
    await expect(
      speaking.getByRole('img', { name: home.speaking.video.poster.alt }),
    ).toBeAttached();
    await speaking.getByRole('link', { name: home.speaking.cta }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole('heading', { name: home.contact.heading })).toBeInViewport();
  });

  test('each press logo an image link, in a keyboard-operable carousel', async ({ page }) => {
    const { labels } = press;
    await page.goto('/');
    const carousel = page.getByRole('region', { name: labels.region });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(carousel.getByRole('link')).toHaveCount(logoCount);
    for (const logo of press.logos) {
      const link = carousel.getByRole('link', { name: logo.image.alt, exact: true });
      await expect(link).toHaveAttribute('href', logo.href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    test.skip(logoCount < 5, 'with fewer logos every one may show at once');
    await carousel.getByRole('button', { name: labels.next }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => currentDot(page, labels.region)).toBe(label(labels.goTo, 2));
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentDot(page, labels.region)).toBe(label(labels.goTo, 1));
  });
});

test('footer: legal pages and five social links in new tabs', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const { label: name, href } of site.footer.legalLinks) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const social = footer
    .getByRole('navigation', { name: site.footer.socialLabel })
    .getByRole('link');
  // The footer's order (product brief §2.2).
  await expect(social).toHaveText([
    socialLabels.instagram,
    socialLabels.x,
    socialLabels.youtube,
    socialLabels.tiktok,
    socialLabels.linkedin,
  ]);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});
