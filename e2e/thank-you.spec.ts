import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { content } from './content';
import { siteOrigin } from './hosts';

/**
 * The thank-you page (product brief §2.5, D10): the bonus download, the teaser in a dialog, and the
 * PS's promise kept: a personal share link, friends counted by the server, the second bonus
 * at two.
 */

const { site, thankYou, waitlist } = content;
const { hero, teaser, share } = thankYou;

/** Signs up on the waitlist site the way a visitor does, optionally through a share link. */
async function joinWaitlist(page: Page, email: string, ref?: string) {
  await page.goto(`${siteOrigin.waitlist}/${ref ? `?ref=${ref}` : ''}`);
  await page.getByLabel(site.forms.emailLabel).fill(email);
  await page.getByRole('button', { name: waitlist.hero.copy.submit }).click();
  await expect(
    page.getByRole('status').filter({ hasText: waitlist.hero.copy.success }),
  ).toBeVisible();
}

test('the heading, a real download link and the teaser dialog', async ({ page, request }) => {
  await page.goto('/thank-you');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.heading);
  const download = page.getByRole('link', { name: hero.download, exact: true });
  await expect(download).toHaveAttribute('download', '');
  const pdf = await request.get((await download.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  const play = page.getByRole('button', { name: teaser.label });
  await play.click();
  const dialog = page.getByRole('dialog', { name: teaser.dialogTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: teaser.video.poster.alt })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(play).toBeFocused();
});

test('is kept out of search results', async ({ page }) => {
  await page.goto('/thank-you');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('the share link counts friends, not repeats or the owner, and unlocks at the goal', async ({
  browser,
}) => {
  const stamp = Date.now();
  const owner = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const ownerPage = await owner.newPage();
  await joinWaitlist(ownerPage, `owner+${stamp}@example.com`);
  const code = await ownerPage.evaluate(() => localStorage.getItem('referral_code'));
  expect(code).toMatch(/^[A-Za-z0-9_-]{12}$/);

  // From the waitlist site on to the thank-you page of the main site, with the code.
  await ownerPage.getByRole('link', { name: site.forms.bonusLink }).click();
  await expect(ownerPage).toHaveURL(`${siteOrigin.main}/thank-you?code=${code}`);
  const link = ownerPage.getByLabel(share.linkLabel);
  await expect(link).toHaveValue(`${siteOrigin.waitlist}/?ref=${code}`);
  await expect(
    ownerPage.getByText(
      share.progress.replace('{joined}', '0').replace('{goal}', String(share.friendsGoal)),
    ),
  ).toBeVisible();
  await ownerPage.getByRole('button', { name: share.copy }).click();
  await expect(ownerPage.getByText(share.copied)).toBeVisible();
  expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(
    `${siteOrigin.waitlist}/?ref=${code}`,
  );
  const whatsapp = ownerPage.getByRole('link', { name: share.direct.whatsapp });
  await expect(whatsapp).toHaveAttribute(
    'href',
    new RegExp(encodeURIComponent(`?ref=${code}`).replace(/[?]/g, '\\?')),
  );

  // The first friend joins twice (counted once), then the rest up to the goal.
  const friends = ['friend0', ...Array.from({ length: share.friendsGoal }, (_, i) => `friend${i}`)];
  for (const friend of friends) {
    const context = await browser.newContext();
    await joinWaitlist(await context.newPage(), `${friend}+${stamp}@example.com`, code ?? '');
    await context.close();
  }
  await ownerPage.goto(`${siteOrigin.main}/thank-you`); // The code is remembered here now.
  await expect(ownerPage.getByText(share.unlocked)).toBeVisible();
  const bonus = ownerPage.getByRole('link', { name: share.secondBonusLabel });
  const response = await ownerPage.request.get((await bonus.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(await axeViolations(ownerPage)).toEqual([]);
  await owner.close();
});
