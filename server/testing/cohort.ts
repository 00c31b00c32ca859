import { cohortQuestions } from '../../contracts/content/cohort-questions';
import type { CohortSlice } from '../../contracts/render-slices';
import { testOffer } from '../../contracts/testing/cohort-offer';
import type { Site } from '../site';
import { testSite } from './site';

export { testOffer };

/**
 * A cohort taking applications, for the API tests (server/features/cohort/): one question of
 * each kind, and an intake whose applications close in 20 days.
 */
export const testQuestions = cohortQuestions.parse([
  { id: 'business', type: 'short', label: 'What does your business do?', maxLength: 120 },
  { id: 'story', type: 'long', label: 'Where are you now?', required: false, maxLength: 2000 },
  { id: 'revenue', type: 'choice', label: 'Revenue', options: ['Under £500k', '£500k–£1m'] },
  {
    id: 'goals',
    type: 'choices',
    label: 'What do you want from the cohort?',
    options: ['Sell', 'Step back', 'Grow'],
    min: 1,
    max: 2,
  },
  { id: 'team', type: 'number', label: 'How many people work with you?', min: 0, max: 10000 },
  { id: 'website', type: 'url', label: 'Your website', required: false },
]);

/** A valid application's body to the test questions. */
export const testApplication = {
  email: 'Ada@Example.com',
  name: 'Ada Lovelace',
  answers: { business: 'Design studio', revenue: 'Under £500k', goals: ['Sell'], team: 12 },
} as const;

/** The YYYY-MM-DD day `days` from now. */
export const dayFromNow = (days: number, now = Date.now()): string =>
  new Date(now + days * 86_400_000).toISOString().slice(0, 10);

/** The cohort's slice of a site taking applications now, with `parts` changed. */
export function applyingCohort(parts: Partial<CohortSlice> = {}): CohortSlice {
  return {
    admission: 'application',
    intakes: [{ starts: dayFromNow(30), applyBy: dayFromNow(20), seats: 20 }],
    questions: testQuestions,
    closed: 'Applications are closed until the next intake is announced.',
    retentionMonths: 12,
    offer: testOffer,
    ...parts,
  };
}

/** A site without a build whose cohort takes applications now. */
export function applyingSite(parts: Partial<CohortSlice> = {}): Site {
  return testSite({ cohort: applyingCohort(parts) });
}
