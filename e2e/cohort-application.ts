import { expect, type Page } from '@playwright/test';
import { content } from './content';

/**
 * An application to the cohort filled in and sent as an applicant would, on the application page
 * already open (docs/decisions/033-cohort-applications.md): the email and name, then each of the
 * content's questions answered by its kind, then the thanks. Works with JavaScript on or off.
 */
export async function sendApplication(
  page: Page,
  { email, name }: { email: string; name: string },
): Promise<void> {
  const application = content.cohort.application;
  if (!application) throw new Error('content/cohort.yaml has no application form');
  await page.getByLabel(application.emailLabel).fill(email);
  await page.getByLabel(application.nameLabel).fill(name);
  for (const question of application.questions) {
    const named = new RegExp(question.label.slice(0, 30));
    if (question.type === 'choice') {
      await page
        .getByRole('group', { name: named })
        .getByLabel(question.options[2] ?? '')
        .check();
    } else if (question.type === 'choices') {
      const group = page.getByRole('group', { name: named });
      await group.getByLabel(question.options[0] ?? '').check();
      await group.getByLabel(question.options[1] ?? '').check();
    } else {
      await page.getByLabel(named).fill(sampleAnswers[question.type]);
    }
  }
  await page.getByRole('button', { name: application.submit }).click();
  await expect(page.getByText(application.success.heading)).toBeVisible();
}

/** What the applicant types for each kind of question answered in words. */
export const sampleAnswers = {
  short: 'Northlight, brand strategy for B2B software firms',
  long: 'A sales team that wins clients without me, and my Fridays back.',
  number: '12',
  url: 'https://northlight.example',
} as const;
