import { expect, type Page, test } from '@playwright/test';
import { answerPlayers, grantConsent, sampleVideos } from './sample-videos';

/** Home page behaviour (issue #4): header, hero, carousels and footer, as a visitor uses them. */

const mobile = { width: 375, height: 812 };

/** The slide currently chosen in a carousel, read from its dots. */
const currentDot = (page: Page, carousel: string) =>
  page
    .getByRole('region', { name: carousel })
    .locator('button[aria-current="true"]')
    .getAttribute('aria-label');

test.describe('header', () => {
  test('desktop: menu links to the anchors and four social links', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['BOOK', '#book'],
      ['NEWSLETTER', '#newsletter'],
      ['SPEAKING', '#speaking'],
      ['CONTACT', '#contact'],
    ] as const) {
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', href);
      await expect(page.locator(href)).toHaveCount(1);
    }
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const socials = page.getByRole('list', { name: 'Social links' });
    for (const name of ['Instagram', 'X (Twitter)', 'LinkedIn', 'YouTube']) {
      await expect(socials.getByRole('link', { name })).toBeVisible();
    }
    await expect(socials.getByRole('link', { name: 'TikTok' })).toBeHidden();
  });

  test('mobile: the toggle opens the menu, a link closes it', async ({ page }) => {
    await page.setViewportSize(mobile);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panelId = await toggle.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await expect(page.getByRole('link', { name: 'NEWSLETTER' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
    const socials = page.getByRole('list', { name: 'Social links' });
    for (const name of ['Instagram', 'X (Twitter)', 'LinkedIn', 'YouTube', 'TikTok']) {
      await expect(socials.getByRole('link', { name })).toBeVisible();
    }

    await page.getByRole('link', { name: 'NEWSLETTER' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'NEWSLETTER' })).toBeHidden();
    await expect(page).toHaveURL(/#newsletter$/);
  });

  test('mobile: Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await page.setViewportSize(mobile);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await page.getByRole('link', { name: 'BOOK', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});

test.describe('hero', () => {
  test('shows the name, the tagline, a Scroll cue and the video poster', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Jamie Castell/i);
    await expect(
      page
        .getByRole('main')
        .getByText('Entrepreneur | Investor | Author | Excitable Adult', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Scroll' })).toHaveAttribute('href', '#book');
    const poster = page.getByRole('img', { name: /showreel/ });
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
    await page.getByRole('heading', { name: 'Speaking', exact: true }).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Play the/ })).toHaveCount(0);
    expect([...origins]).toEqual([new URL(page.url()).origin]);
  });

  test('after consent to media the showreel plays muted in the poster box', async ({ page }) => {
    const requested = await answerPlayers(page);
    await grantConsent(page, { media: true });
    await page.goto('/');
    const player = page.locator(`iframe[title="Jamie Castell — showreel"]`);
    await expect(player).toBeVisible();
    const src = new URL((await player.getAttribute('src')) ?? '');
    expect(src.origin + src.pathname).toBe(sampleVideos.HERO_VIDEO_URL);
    expect(src.searchParams.get('autoplay')).toBe('1');
    expect(src.searchParams.get('mute')).toBe('1');
    // The player covers the poster's box exactly: nothing moved.
    const poster = page.getByRole('img', { name: /showreel/ });
    expect(await player.boundingBox()).toEqual(await poster.boundingBox());
    await expect.poll(() => requested.length).toBeGreaterThan(0);
  });

  test('with reduced motion the showreel waits for a click, then plays', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const requested = await answerPlayers(page);
    await grantConsent(page, { media: true });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator(`iframe[title="Jamie Castell — showreel"]`)).toHaveCount(0);
    expect(requested).toEqual([]);
    await page.getByRole('button', { name: 'Play the showreel' }).click();
    const player = page.locator(`iframe[title="Jamie Castell — showreel"]`);
    await expect(player).toBeVisible();
    const src = new URL((await player.getAttribute('src')) ?? '');
    expect(src.searchParams.get('autoplay')).toBe('1');
    expect(src.searchParams.get('mute')).toBeNull();
  });
});

test.describe('book section', () => {
  test('shows the waitlist offer', async ({ page }) => {
    await page.goto('/');
    const book = page.locator('#book');
    await expect(book.getByText('Book Coming Soon')).toBeVisible();
    await expect(book.getByRole('heading', { name: 'JOIN THE WAITLIST' })).toBeVisible();
    await expect(
      book.getByText(/3 randomized “CheatCodes” from the book, delivered instantly/),
    ).toBeVisible();
    await expect(book.getByText('Instant email. No spam. 1-click unsubscribe.')).toBeVisible();
    await expect(
      book.getByRole('img', { name: "What's Stopping You? - Book cover" }),
    ).toBeVisible();
    await expect(book.getByRole('button', { name: 'Join the waitlist' })).toBeEnabled();
  });
});

test.describe('timeline carousel', () => {
  test('follows the carousel pattern: seven labelled slides, dots and arrow keys', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // Hold still while we look.
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Timeline' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(7);
    for (let n = 1; n <= 7; n++) {
      await expect(slides.nth(n - 1)).toHaveAttribute('aria-label', `${n} of 7`);
      await expect(slides.nth(n - 1).getByRole('img')).toHaveAttribute('alt', /.+/);
      await expect(slides.nth(n - 1).getByRole('heading', { level: 3 })).toHaveText(/.+/);
    }

    await carousel.getByRole('button', { name: 'Go to slide 3' }).click();
    await expect(carousel.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(carousel.getByRole('group', { name: '3 of 7' })).toBeInViewport();

    await page.keyboard.press('ArrowRight');
    expect(await currentDot(page, 'Timeline')).toBe('Go to slide 4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await currentDot(page, 'Timeline')).toBe('Go to slide 2');

    // Looping: back from the first slide is the last.
    await carousel.getByRole('button', { name: 'Go to slide 1' }).click();
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(carousel.getByRole('button', { name: 'Go to slide 7' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('advances by itself every 4 to 6 seconds', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Timeline' });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole('button', { name: 'Pause the slideshow' })).toBeVisible();
    const started = Date.now();
    await expect
      .poll(() => currentDot(page, 'Timeline'), { timeout: 7_000, intervals: [100] })
      .toBe('Go to slide 2');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(6_500);
  });

  test('holds still while hovered, and after the pause control', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Timeline' });
    await carousel.getByRole('group', { name: '1 of 7' }).hover();
    await page.waitForTimeout(6_500);
    expect(await currentDot(page, 'Timeline')).toBe('Go to slide 1');

    await carousel.getByRole('button', { name: 'Pause the slideshow' }).click();
    await expect(carousel.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.locator('body').focus();
    await page.waitForTimeout(6_500);
    expect(await currentDot(page, 'Timeline')).toBe('Go to slide 1');
  });

  test('does not autoplay when reduced motion is preferred', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Timeline' });
    await expect(carousel.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
    await page.waitForTimeout(6_500);
    expect(await currentDot(page, 'Timeline')).toBe('Go to slide 1');
  });
});

test.describe('speaking and press', () => {
  test('"Book a Talk" leads to the contact form (D17)', async ({ page }) => {
    await page.goto('/');
    const speaking = page.locator('#speaking');
    await expect(speaking.getByRole('img', { name: /on stage/ })).toBeAttached();
    await speaking.getByRole('link', { name: 'Book a Talk' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(
      page.getByRole('heading', { name: 'Press & speaking enquiries' }),
    ).toBeInViewport();
  });

  test('five press logos, each an image link, in a keyboard-operable carousel', async ({
    page,
  }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Press coverage' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const links = carousel.getByRole('link');
    await expect(links).toHaveCount(5);
    for (const name of [
      'The Ledger',
      'Foundry',
      'Signal & Noise',
      'Venture Weekly',
      'The Northern Post',
    ]) {
      const link = carousel.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await carousel.getByRole('button', { name: 'Next logos' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => currentDot(page, 'Press coverage')).toBe('Go to logo 2');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentDot(page, 'Press coverage')).toBe('Go to logo 1');
  });
});

test('footer: legal pages and five social links in new tabs', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const href of ['/terms', '/privacy', '/cookies']) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  const social = footer.getByRole('navigation', { name: 'Follow' }).getByRole('link');
  await expect(social).toHaveText(['Instagram', 'X (Twitter)', 'YouTube', 'TikTok', 'LinkedIn']);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});
