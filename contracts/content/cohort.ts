import { z } from 'zod';
import { cohortQuestions } from './cohort-questions';
import {
  day,
  faqItem,
  line,
  money,
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

/**
 * How people get in (docs/decisions/033-cohort-applications.md): a booking call, every call
 * button opening `booking` (D18), or an application on the cohort's own site, every such button
 * then saying `application.apply` and opening the application page.
 */
export const admission = z.enum(['call', 'application'], {
  error: 'expected call (the booking link) or application (the form on the site)',
});

/**
 * How many months an application is kept after its decision when the content does not say: the
 * privacy notice's promise, and the prune's, for a site whose content has no application form.
 */
export const defaultRetentionMonths = 12;

/**
 * The application page (/apply, docs/decisions/033-cohort-applications.md): its words, the form's
 * questions, and how long the applications are kept. The page names the intake it is for with
 * `intake.label` and `intake.open`; while no intake takes applications it says `closed` in the
 * form's place.
 */
const application = z.strictObject({
  meta: pageMeta,
  kicker: line,
  heading: line,
  intro: paragraph,
  /** The label every "book a call" button of the cohort page takes while it takes applications. */
  apply: line,
  /**
   * Once every seat of the intake is taken (enrolled or held by an open offer): said in the
   * hero's "slots left" place and above the form, which then joins the waitlist.
   */
  full: line,
  /** The label the apply buttons take while the intake is full. */
  waitlist: line,
  /** Said in the form's place while no intake takes applications. */
  closed: paragraph,
  /** The two fields every application has, before the questions. */
  emailLabel: line,
  nameLabel: line,
  /** Beside the label of every question that must be answered (and of the email and name). */
  required: line,
  /** Under a long text's box: "{max}" is its most characters. */
  characters: line,
  /**
   * Under a question of several choices: how many to pick, "{min}" and "{max}" filled in. `range`
   * when it may be from one number to another, `exactly` when both are one, `upTo` when none is
   * the fewest.
   */
  choose: z.strictObject({ range: line, exactly: line, upTo: line }),
  submit: line,
  submitting: line,
  /** Shown in the form's place once the application is stored (and after a post without JavaScript). */
  success: z.strictObject({ heading: line, text: paragraph }),
  /** Shown under the form when it was not accepted; each field also says what is wrong. */
  error: line,
  /**
   * How long an application is kept after its decision (accepted, declined or waitlisted), in
   * months: the privacy notice says it, and pruning removes those older (12 unless said).
   */
  retentionMonths: z
    .number({ error: 'expected a number of months' })
    .int('expected a whole number of months')
    .min(1, 'expected at least 1 month')
    .max(120, 'expected at most 120 months (10 years)')
    .default(defaultRetentionMonths),
  /** The form's questions, in the order asked (contracts/content/cohort-questions.ts). */
  questions: cohortQuestions,
});

/** An email of the cohort's: its subject and body, "{name}" and the offer's facts filled in. */
const cohortEmail = z.strictObject({ subject: line, body: paragraph });

/** One outcome of an offer link, said on the offer page (/offer). */
const offerOutcome = z.strictObject({ kicker: line, heading: line, text: paragraph });

/**
 * The offer an accepted applicant pays (docs/decisions/033-cohort-applications.md, "The offer
 * that pays"): its price and window, the checkout's product name, the emails of each decision,
 * the page an offer link lands on, and the Kit tags of applicants, accepted and enrolled.
 */
export const cohortOffer = z.strictObject({
  /** What a seat costs: the Checkout Session's price. */
  price: money,
  /** How long an offer holds its seat and its link can be paid (72 unless said). */
  windowHours: z
    .number({ error: 'expected a number of hours' })
    .int('expected a whole number of hours')
    .min(1, 'expected at least 1 hour')
    .max(24 * 30, 'expected at most 720 hours (30 days)')
    .default(72),
  /** The product's name on Stripe's checkout page and receipt: {cohortStarts}. */
  productName: line,
  emails: z.strictObject({
    /** To an accepted applicant: {offerLink}, {offerExpires}, {offerPrice}, {cohortStarts}. */
    offer: cohortEmail,
    /** Once the offer is paid: {cohortStarts}. */
    enrolled: cohortEmail,
    /** To a declined applicant; none is sent when it is left out. */
    declined: cohortEmail.optional(),
    /** To a waitlisted applicant; none is sent when it is left out. */
    waitlisted: cohortEmail.optional(),
    /**
     * To an address that applied again: the link that makes the new answers count,
     * {confirmLink}, until {confirmExpires}; {name} is the application's, never the new post's.
     * Required with admission: application (optional here for renders made before it).
     */
    confirm: cohortEmail.optional(),
  }),
  /** The page an offer link or its checkout lands on, by what happened. */
  page: z.strictObject({
    meta: pageMeta,
    /**
     * What the page says to whoever opens it with nothing its address proves
     * (docs/decisions/034-selling-that-cannot-be-gamed.md): it claims no offer and no payment.
     * Required with admission: application (optional here for renders made before it).
     */
    unknown: offerOutcome.optional(),
    /** Only once the server has the payment of the checkout the address names, or of the link. */
    enrolled: offerOutcome,
    /**
     * The address names the offer's checkout, whose payment the server has not had yet (Stripe's
     * word on its way, a bank payment settling). Required with admission: application.
     */
    pending: offerOutcome.optional(),
    /** A link past its window, withdrawn, refunded, or whose offer the content no longer has. */
    expired: offerOutcome,
    /** A link clicked once every seat is taken. */
    full: offerOutcome,
    /** The checkout could not be opened just now. */
    retry: offerOutcome,
    /**
     * A link cut short, altered or not ours: no offer is known by it. Required with admission:
     * application.
     */
    invalid: offerOutcome.optional(),
    /**
     * A resubmission's link opened (docs/decisions/034-selling-that-cannot-be-gamed.md): its
     * answers are now the application's (`confirmed`), kept beside an application already decided
     * or offered (`kept`), or the link confirms nothing (`unconfirmed`: past its days, or gone).
     * Required with admission: application, like the confirmation email.
     */
    confirmed: offerOutcome.optional(),
    kept: offerOutcome.optional(),
    unconfirmed: offerOutcome.optional(),
    back: line,
  }),
  /** The Kit tags each step gives the person (through the outbox, when Kit is set up). */
  kitTags: z.strictObject({ applicant: line, accepted: line, enrolled: line }),
});

/**
 * With admission: application the offer page needs its words for what its address cannot prove,
 * for a payment on its way and for a link that is not whole
 * (docs/decisions/034-selling-that-cannot-be-gamed.md): optional in `cohortOffer` only so that
 * a render made before them still reads.
 */
function offerPageSaysOnlyWhatItKnows(
  { admission, offer }: { admission: string; offer?: z.output<typeof cohortOffer> },
  context: z.RefinementCtx,
) {
  if (admission !== 'application' || !offer) return;
  const needed = {
    unknown: 'what the page says to anyone who opens it without a proof of payment',
    pending: 'what the page says while a payment its address names is being confirmed',
    invalid: 'what the page says for an offer link that is cut short or not ours',
  } as const;
  for (const [name, what] of Object.entries(needed)) {
    if (offer.page[name as keyof typeof needed]) continue;
    context.addIssue({
      code: 'custom',
      path: ['offer', 'page', name],
      message: `expected ${what} with admission: application`,
    });
  }
}

/** Testimonials shown between sections, named as in `testimonials.items`. */
const quoteNames = z.array(line).min(1);

/**
 * content/cohort.yaml: the 5-week cohort, "Escape the 7-Figure Prison". The page takes
 * applications for the next intake whose applications have not closed; "{cohortStarts}",
 * "{cohortApplyBy}" and "{cohortSeats}" in the copy are that intake's. Once the last intake's
 * applications have closed, the page says `intake.closed` instead of its dates and still offers
 * the booking call. Every "book a call" button opens `booking`, or with `admission: application`
 * the application page (`application`).
 */
export const cohort = z
  .strictObject({
    meta: pageMeta,
    card: shareCard,
    /** The booking page every call button opens (product brief §2.8, D18). */
    booking: url,
    /** A booking call unless said (docs/decisions/033-cohort-applications.md). */
    admission: admission.default('call'),
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
    /** The application page's words and questions: required with `admission: application`. */
    application: application.optional(),
    /** The offer an accepted applicant pays: required with `admission: application`. */
    offer: cohortOffer.optional(),
  })
  .superRefine(({ admission, application, offer }, context) => {
    if (admission !== 'application') return;
    if (!application) {
      context.addIssue({
        code: 'custom',
        path: ['admission'],
        message:
          'expected an `application` (the page’s words and questions) with admission: application',
      });
    }
    if (!offer) {
      context.addIssue({
        code: 'custom',
        path: ['admission'],
        message:
          'expected an `offer` (the price, window and emails of an accepted application) with admission: application',
      });
      return;
    }
    // A second application of an address counts only once its link is opened: its email and
    // the page its link lands on must be there
    // (docs/decisions/034-selling-that-cannot-be-gamed.md).
    const confirming = [
      [
        ['emails', 'confirm'],
        offer.emails.confirm,
        'the email with the link that confirms an address’s second application',
      ],
      [
        ['page', 'confirmed'],
        offer.page.confirmed,
        'what the page says once that link made it count',
      ],
      [
        ['page', 'kept'],
        offer.page.kept,
        'what the page says once that link kept it beside a decided application',
      ],
      [
        ['page', 'unconfirmed'],
        offer.page.unconfirmed,
        'what the page says for a link that confirms nothing',
      ],
    ] as const;
    for (const [path, words, what] of confirming) {
      if (words) continue;
      context.addIssue({
        code: 'custom',
        path: ['offer', ...path],
        message: `expected ${what} with admission: application`,
      });
    }
  })
  .superRefine(offerPageSaysOnlyWhatItKnows)
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
