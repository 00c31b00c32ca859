import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { ownerPaths } from '../contracts/owner';
import { startFakeKit } from '../server/providers/fake-kit';
import { words } from '../src/owner/words';
import { content } from './content';
import { e2eDataDir, e2eKit, siteOrigin } from './hosts';
import { enrol } from './owner';
import { expect, test } from './test';

/**
 * The writing (docs/decisions/028-writing.md) from the owner's side: a post written in the
 * editor and published ahead of its time stays off the site until then, appears on its own at
 * its time, without JavaScript, in the index and the feeds, and its newsletter reaches Kit once.
 */

const writing = content.writing;
const pictureWords = 'A to-do list, three lines long';

/**
 * The Edit button of Keystatic's toolbar under a picture in the text: its buttons carry no name,
 * so it is found as the first button just below the picture.
 */
async function pictureEditButton(page: Page, below: number) {
  const index = await page.evaluate(
    (y) =>
      [...document.querySelectorAll('button')].findIndex((button) => {
        const { top } = button.getBoundingClientRect();
        return top > y && top < y + 80;
      }),
    below,
  );
  return page.locator('button').nth(index);
}

/** What a reader without JavaScript gets at `path` of the main site: its status and its text. */
async function read(browser: Browser, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const response = await context.request.get(`${siteOrigin.main}${path}`);
    return { status: response.status(), text: await response.text() };
  } finally {
    await context.close();
  }
}

test('a post written in the editor and scheduled ahead appears on time without JavaScript, in the index and both feeds, and Kit gets exactly one broadcast of it', async ({
  page,
  browser,
}) => {
  // A publish, then the wait for the post's time and the minute it may take to appear.
  test.setTimeout(300_000);
  const kit = await startFakeKit(e2eKit.apiKey, undefined, e2eKit.port);
  try {
    await enrol(page, `Writer ${Date.now()}`);
    const stamp = Date.now();
    const title = `Hand over the inbox ${stamp}`;
    const slug = `hand-over-the-inbox-${stamp}`;
    const postPath = `${writing.path}/${slug}`;
    const postFile = join(e2eDataDir, 'content', 'posts', `${slug}.md`);

    await page.goto(`${ownerPaths.editor}/collection/posts/create`);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('The inbox is the last job a founder hands over, and the first that should go.');
    await page.getByRole('checkbox', { name: 'Newsletter' }).check();
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    await text.click();
    await page.keyboard.type('Your inbox is a queue of decisions that other people could make.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Write the three answers you give most, then hand them over.');
    await page.keyboard.press('Enter');
    // A picture, uploaded from the text's insert menu, with the words that say what it shows.
    await page.keyboard.type('/');
    const upload = page.waitForEvent('filechooser');
    await page.getByRole('option', { name: /^Image/ }).click();
    await (await upload).setFiles({
      name: 'Inbox Zero.png',
      mimeType: 'image/png',
      buffer: await sharp({
        create: { width: 1200, height: 675, channels: 3, background: '#1f3a33' },
      })
        .png()
        .toBuffer(),
    });
    const picture = text.locator('img[data-filename]');
    const box = await picture.boundingBox();
    if (!box) throw new Error('the uploaded picture is not in the text');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await (await pictureEditButton(page, box.y + box.height)).click();
    const details = page.getByRole('dialog', { name: 'Image details' });
    await details.getByRole('textbox', { name: 'Alt text' }).fill(pictureWords);
    await details.getByRole('button', { name: 'Save' }).click();
    // A minute and a half ahead of the press: the publish is done well before then.
    const due = Date.now() + 90_000;
    await page
      .getByRole('textbox', { name: 'Date', exact: true })
      .fill(new Date(due).toISOString().replace(/\.\d{3}Z$/, '+00:00'));
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => readFile(postFile, 'utf8').catch(() => '')).toContain(title);
    expect(await readFile(postFile, 'utf8')).toContain(`![${pictureWords}](inbox-zero.png)`);

    const publishing = page.getByRole('region', { name: words.publish.heading, exact: true });
    await page.goto(ownerPaths.room);
    await publishing.getByRole('button', { name: words.publish.publish, exact: true }).click();
    await expect(publishing.getByRole('status')).toHaveText(
      new RegExp(words.publish.published(987654).replace('987654', '\\d+')),
      { timeout: 60_000 },
    );

    // Published, and not yet out: on no page, in no feed, at no address.
    expect(Date.now(), 'the publish ended before the post was due').toBeLessThan(due);
    expect((await read(browser, writing.path)).text).not.toContain(title);
    expect((await read(browser, `${writing.path}/rss.xml`)).text).not.toContain(slug);
    expect((await read(browser, `${writing.path}/atom.xml`)).text).not.toContain(slug);
    expect((await read(browser, postPath)).status).toBe(404);

    // Its newsletter is made in Kit now, as a draft to send from Kit, once.
    const made = () => kit.broadcasts.filter((broadcast) => broadcast.subject === title);
    await expect.poll(() => made().length, { timeout: 30_000 }).toBe(1);
    const [broadcast] = made();
    expect(broadcast?.send_at).toBeNull();
    expect(broadcast?.content).toContain(
      `<p><a href="${siteOrigin.main}${postPath}">${writing.newsletter.readOnline}</a></p>`,
    );
    expect(broadcast?.content).toContain(
      '<p>Your inbox is a queue of decisions that other people could make.</p>',
    );
    expect(broadcast?.content).toMatch(
      new RegExp(`<img src="${siteOrigin.main}/[^"]+\\.png" alt="${pictureWords}"`),
    );
    expect(broadcast?.content).toContain(
      '<p>Write the three answers you give most, then hand them over.</p>',
    );
    const room = page.getByRole('region', { name: words.writing.heading, exact: true });
    await page.reload();
    await expect(room.getByRole('row', { name: new RegExp(title) })).toContainText(
      /Draft in Kit since/,
    );

    // At its time it appears by itself: the index, the post, both feeds, within a minute.
    await expect
      .poll(async () => (await read(browser, writing.path)).text, {
        timeout: due - Date.now() + 60_000,
        intervals: [2_000],
      })
      .toContain(title);
    expect(Date.now()).toBeGreaterThanOrEqual(due);
    const post = await read(browser, postPath);
    expect(post.status).toBe(200);
    expect(post.text).toContain('Write the three answers you give most, then hand them over.');
    expect(post.text).toContain(`alt="${pictureWords}"`);
    expect((await read(browser, `${writing.path}/rss.xml`)).text).toContain(
      `${siteOrigin.main}${postPath}`,
    );
    expect((await read(browser, `${writing.path}/atom.xml`)).text).toContain(
      `${siteOrigin.main}${postPath}`,
    );
    expect(made()).toHaveLength(1);
  } finally {
    await kit.close();
  }
});
