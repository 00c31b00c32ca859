import { describe, expect, it } from 'vitest';
import { testOffer } from '../testing/cohort-offer';
import { cohortSlice } from './cohort';

const intakes = [{ starts: '2027-01-11', applyBy: '2026-12-14', seats: 20 }];
const questions = [{ id: 'business', type: 'short', label: 'Your business' }];
const renderOf = (cohort: Record<string, unknown>) => ({
  content: { cohort: { intakes, ...cohort } },
});

describe("the cohort's slice of a render", () => {
  it('reads the form, the intakes and how people get in', () => {
    expect(
      cohortSlice.parse(
        renderOf({ admission: 'application', application: { questions, closed: 'Closed.' } }),
      ),
    ).toEqual({
      admission: 'application',
      intakes,
      questions: [{ ...questions[0], required: true, maxLength: 300 }],
      closed: 'Closed.',
      retentionMonths: 12,
      // A render made before offers makes none.
      offer: null,
    });
  });

  it('reads the offer an accepted application gets, its facts left for the server', () => {
    const slice = cohortSlice.parse(
      renderOf({ admission: 'application', application: { questions }, offer: testOffer }),
    );
    expect(slice?.offer).toEqual(testOffer);
    expect(slice?.offer?.emails.offer.body).toContain('{offerLink}');
  });

  it('is none for a render made before applications, and a booking call without its choice', () => {
    expect(cohortSlice.parse(renderOf({}))).toBeNull();
    expect(cohortSlice.parse(renderOf({ application: { questions } }))?.admission).toBe('call');
  });

  it('refuses a render whose questions the content would refuse', () => {
    expect(() =>
      cohortSlice.parse(
        renderOf({ application: { questions: [{ ...questions[0], type: 'date' }] } }),
      ),
    ).toThrow(/question type/);
  });
});
