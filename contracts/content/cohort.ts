import { z } from 'zod';
import {
  day,
  faqItem,
  line,
  pageMeta,
  paragraph,
  shareCard,
  testimonial,
  titledParagraph,
  url,
} from './fields';

/** A section that makes the case, ending on the booking call when it has a button. */
const pitch = z.strictObject({ heading: line, paragraphs: z.array(paragraph).min(1) });
const pitchWithCall = pitch.extend({ cta: line });

/** A group of the cohort taking applications: when it starts, until when it takes them, its seats. */
export const cohortIntake = z
  .strictObject({
    /** The day of its first session. */
    starts: day,
    /** The last day applications are taken (to its end, London time). */
    applyBy: day,
    seats: z.number({ error: 'expected a number' }).int().min(1, 'expected at least 1 seat'),
  })
  .refine(({ starts, applyBy }) => applyBy <= starts, {
    path: ['applyBy'],
    message: 'expected applications to close on or before the day the intake starts',
    // Only two valid days compare: a malformed one has its own message.
    when: ({ issues }) => issues.length === 0,
  });

/** Testimonials shown between sections, named as in `testimonials.items`. */
const quoteNames = z.array(line).min(1);

/**
 * content/cohort.yaml: the 5-week cohort, "Escape the 7-Figure Prison". The page takes
 * applications for the next intake whose applications have not closed; "{cohortStarts}",
 * "{cohortApplyBy}" and "{cohortSeats}" in the copy are that intake's. Once the last intake's
 * applications have closed, the page says `intake.closed` instead of its dates and still offers
 * the booking call. Every "book a call" button opens `booking`.
 */
export const cohort = z
  .strictObject({
    meta: pageMeta,
    card: shareCard,
    /** The booking page every call button opens (product brief §2.8, D18). */
    booking: url,
    intakes: z
      .array(cohortIntake)
      .min(
        1,
        'expected at least one intake (keep the last one once it has passed: its seats still describe the cohort)',
      ),
    intake: z.strictObject({
      label: line,
      /** While an intake takes applications: its dates, as {cohortStarts} and {cohortApplyBy}. */
      open: line,
      /** Once no intake takes applications: said plainly, beside the booking call. */
      closed: line,
    }),
    hero: z.strictObject({
      kicker: line,
      heading: line,
      sub: paragraph,
      /** Shown only while an intake takes applications. */
      slots: line,
      cta: line,
    }),
    quotes: z.strictObject({
      afterHero: quoteNames,
      afterStory: quoteNames,
      afterPitch: quoteNames,
    }),
    story: pitchWithCall,
    pain: pitchWithCall,
    shift: z.strictObject({
      heading: line,
      /** Read by screen readers as the table's name. */
      caption: line,
      columns: z.strictObject({ from: line, to: line }),
      rows: z.array(z.strictObject({ from: line, to: line })).min(1),
    }),
    expertPitch: pitch,
    weeks: z.strictObject({
      heading: line,
      rhythm: z.array(z.strictObject({ day: line, body: paragraph })).min(1),
      weeks: z.array(z.strictObject({ label: line, title: line })).min(1),
    }),
    deliverables: z.strictObject({
      heading: line,
      items: z.array(titledParagraph).min(1),
    }),
    fit: z.strictObject({
      heading: line,
      forLabel: line,
      forItems: z.array(line).min(1),
      notLabel: line,
      notItems: z.array(line).min(1),
      notes: z.array(titledParagraph),
    }),
    details: z.strictObject({
      heading: line,
      items: z.array(z.strictObject({ term: line, value: paragraph })).min(1),
      cta: line,
    }),
    testimonials: z.strictObject({
      heading: line,
      sampleNote: line.optional(),
      items: z.array(testimonial).min(1),
    }),
    ready: pitchWithCall,
    faq: z.strictObject({ heading: line, items: z.array(faqItem).min(1) }),
  })
  .superRefine(({ quotes, testimonials }, context) => {
    const names = testimonials.items.map(({ name }) => name);
    for (const [place, quoted] of Object.entries(quotes)) {
      for (const [index, name] of quoted.entries()) {
        if (names.includes(name)) continue;
        context.addIssue({
          code: 'custom',
          path: ['quotes', place, index],
          message: `expected the name of a person under testimonials.items (${names.join(', ')})`,
        });
      }
    }
  });
