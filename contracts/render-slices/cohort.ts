import { z } from 'zod';
import { admission, cohortIntake, cohortOffer, defaultRetentionMonths } from '../content/cohort';
import { cohortQuestions } from '../content/cohort-questions';

/**
 * What the cohort reads of a render (server/features/cohort/,
 * docs/decisions/033-cohort-applications.md): how people get in, the intakes (the one an
 * application is for is the next still open, contracts/cohort-intakes.ts), the application form's
 * questions, what the page says while none is open, how long applications are kept after
 * their decision, and the offer an accepted one gets. Null for a render made before applications (no `application`): it takes none.
 */
export const cohortSlice = z
  .object({
    content: z.object({
      cohort: z.object({
        admission: admission.default('call'),
        intakes: z.array(cohortIntake),
        application: z
          .object({
            questions: cohortQuestions,
            /** Said in the form's place while no intake takes applications. */
            closed: z.string().optional(),
            retentionMonths: z.number().int().min(1).default(defaultRetentionMonths),
          })
          .optional(),
        /** The offer an accepted application gets; none in a render made before offers. */
        offer: cohortOffer.optional(),
      }),
    }),
  })
  .transform(({ content: { cohort } }) => {
    if (!cohort.application) return null;
    const { questions, closed, retentionMonths } = cohort.application;
    return {
      admission: cohort.admission,
      intakes: cohort.intakes,
      questions,
      /** Why an application is refused while no intake takes them: the page's own words. */
      closed: closed ?? 'Applications are closed for now.',
      retentionMonths,
      /**
       * The offer's price, window, checkout name, emails and Kit tags, as the content writes them
       * (its facts unfilled: the server fills an offer's own intake, link and expiry); null in a
       * render made before offers, which makes none.
       */
      offer: cohort.offer ?? null,
    };
  });

/** The cohort's slice of a render that has an application form. */
export type CohortSlice = NonNullable<z.output<typeof cohortSlice>>;
