import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { kitSignature } from '../server/providers/kit-signature';
import { axeViolations } from './axe';
import { content } from './content';
import { e2eKitWebhookSecret, siteOrigin } from './hosts';
import { expect, refuseEverything, test } from './test';

/**
 * The thank-you page (product brief §2.5, D10): the bonus download, the teaser in a dialog, and the
 * PS's promise kept: a personal share link, friends counted by the server once they confirm
 * (Kit's signed report), the second bonus at two.
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

/** Kit reports that these addresses clicked their confirmation email, signed as Kit signs. */
async function kitConfirms(request: APIRequestContext, emails: readonly string[]) {
  const created = new Date().toISOString();
  const body = JSON.stringify({
    delivery_id: 1,
    events: emails.map((email) => ({
      id: randomUUID(),
      type: 'subscriber.activated',
      created,
      data: { subscriber: { id: 1, email_address: email, state: 'active' } },
    })),
  });
  const response = await request.post(`${siteOrigin.main}/api/kit/webhook`, {
    data: body,
    headers: {
      'Content-Type': 'application/json',
      'X-Kit-Signature': kitSignature(e2eKitWebhookSecret, body, Math.floor(Date.now() / 1000)),
    },
  });
  expect(response.status()).toBe(200);
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

test('the share link counts confirmed friends, not repeats or the owner, and unlocks at the goal', async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const owner = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  await refuseEverything(owner);
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

  // The first friend joins twice (counted once), then the rest up to the goal; one more friend
  // joins under another spelling of the first one's inbox (counted once too).
  const friends = ['friend0', ...Array.from({ length: share.friendsGoal }, (_, i) => `friend${i}`)];
  const emails = [...friends.map((friend) => `${friend}.${stamp}@example.com`)];
  emails.push(`Friend0.${stamp}+again@example.com`);
  for (const email of emails) {
    const context = await browser.newContext();
    await refuseEverything(context);
    await joinWaitlist(await context.newPage(), email, code ?? '');
    await context.close();
  }
  // Joined but not yet confirmed: no friend counts.
  await ownerPage.goto(`${siteOrigin.main}/thank-you`); // The code is remembered here now.
  await expect(
    ownerPage.getByText(
      share.progress.replace('{joined}', '0').replace('{goal}', String(share.friendsGoal)),
    ),
  ).toBeVisible();
  await kitConfirms(request, [...new Set(emails.map((email) => email.toLowerCase()))]);
  await ownerPage.reload();
  await expect(ownerPage.getByText(share.unlocked)).toBeVisible();
  const bonus = ownerPage.getByRole('link', { name: share.secondBonusLabel });
  const response = await ownerPage.request.get((await bonus.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(await axeViolations(ownerPage)).toEqual([]);
  await owner.close();
});
