import { words } from '../src/owner/words';
import { axeViolations } from './axe';
import { sampleAnswers, sendApplication } from './cohort-application';
import { content } from './content';
import { siteOrigin } from './hosts';
import { enrol, openView } from './owner';
import { expect, test } from './test';

/**
 * The cohort by application (docs/decisions/033-cohort-applications.md), as the applicant and
 * then as the owner: an application sent with JavaScript off from the cohort's site is stored and
 * thanked for, and the owner, signed in with a passkey, finds it in the room's Applications view
 * with its answers, shortlists and then accepts it, each move said and kept in its history.
 */

const { application } = content.cohort;
test.skip(
  content.cohort.admission !== 'application' || !application,
  'content/cohort.yaml takes no applications',
);

test('an application sent without JavaScript reaches the owner, who shortlists and accepts it', async ({
  page,
  browser,
}) => {
  const name = `Ada Applicant ${Date.now()}`;

  // The applicant, with JavaScript off: the native form post and its thanks.
  const applicant = await browser.newContext({ javaScriptEnabled: false });
  const form = await applicant.newPage();
  await form.goto(`${siteOrigin['sellable-business']}/apply`);
  await sendApplication(form, { email: `ada.${Date.now()}@example.com`, name });
  await applicant.close();

  // The owner: the application in the room, its answers, and two moves along.
  await enrol(page, `Cohort Owner ${Date.now()}`);
  await openView(page, 'applications');
  await page.getByRole('button', { name: words.applications.open(name) }).click();
  await expect(page.getByText(sampleAnswers.short)).toBeVisible();
  await expect(page.getByText(sampleAnswers.long)).toBeVisible();
  await expect(page.getByText(sampleAnswers.url)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: words.applications.moveTo.shortlisted }).click();
  await expect(
    page.getByText(words.applications.moved(name, words.applications.statuses.shortlisted)),
  ).toBeVisible();
  await page.getByRole('button', { name: words.applications.moveTo.accepted }).click();
  await expect(
    page.getByText(words.applications.moved(name, words.applications.statuses.accepted)),
  ).toBeVisible();
  await expect(
    page.getByText(
      words.applications.changed(
        words.applications.statuses.shortlisted,
        words.applications.statuses.accepted,
      ),
    ),
  ).toBeVisible();
});
