import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Content } from '../../contracts/content';
import { loadContent } from '../../contracts/content/load';
import { factsOf, londonMidnight, nextIntake } from './facts';

const content = await loadContent(resolve(import.meta.dirname, '../../content'));

const intakes = [
  { starts: '2027-04-12', applyBy: '2027-03-15', seats: 12 },
  { starts: '2027-01-11', applyBy: '2026-12-14', seats: 20 },
] satisfies Content['cohort']['intakes'];

describe('the cohort intake a page takes applications for', () => {
  it('is the first whose applications are open, to the end of its last day in London', () => {
    expect(nextIntake(intakes, Date.parse('2026-11-25T12:00:00Z'))?.starts).toBe('2027-01-11');
    expect(nextIntake(intakes, londonMidnight('2026-12-15') - 1)?.starts).toBe('2027-01-11');
    expect(nextIntake(intakes, londonMidnight('2026-12-15'))?.starts).toBe('2027-04-12');
    expect(nextIntake(intakes, londonMidnight('2027-03-16'))).toBeNull();
  });

  it('gives {cohortStarts}, {cohortApplyBy} and {cohortSeats}; after the last, its seats still', () => {
    const withIntakes = { ...content, cohort: { ...content.cohort, intakes } };
    expect(factsOf(withIntakes, Date.parse('2026-11-25T12:00:00Z'))).toMatchObject({
      cohortStarts: '11 January 2027',
      cohortApplyBy: '14 December 2026',
      cohortSeats: '20',
    });
    expect(factsOf(withIntakes, londonMidnight('2027-03-16')).cohortSeats).toBe('12');
  });
});

describe('how long an application is kept, as the privacy notice says it', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const keeping = (retentionMonths: number | undefined) => {
    const application = content.cohort.application;
    if (!application) throw new Error('content/cohort.yaml has no application');
    const cohort = { ...content.cohort, application: { ...application, retentionMonths } };
    return factsOf({ ...content, cohort } as Content, now).applicationRetention;
  };

  it('is the content’s months, and 12 for a cohort without an application form', () => {
    expect(keeping(24)).toBe('24 months');
    expect(keeping(1)).toBe('1 month');
    const { application: _, ...byCall } = content.cohort;
    expect(factsOf({ ...content, cohort: byCall } as Content, now).applicationRetention).toBe(
      '12 months',
    );
  });
});
