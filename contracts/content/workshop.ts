import { z } from 'zod';
import {
  dateTime,
  faqItem,
  image,
  line,
  money,
  pageMeta,
  paragraph,
  shareCard,
  slugPattern,
  testimonial,
  url,
} from './fields';
import { uniqueSessionNames } from './session-names';

/** A section that makes the case and ends on the checkout button. */
const pitch = z.strictObject({
  heading: line,
  paragraphs: z.array(paragraph).min(1),
  cta: line,
});

/** One date of the workshop: when it starts, what it costs, how many it seats, where it is paid for. */
export const workshopSession = z.strictObject({
  /**
   * The session's name, which never changes (docs/decisions/032-workshop-delivered.md): its seats,
   * attendees, invites and reminders follow it when the start moves. One name across the workshop
   * and every page's checkout block: the same id in two places is the same session.
   */
  id: z
    .string({ error: 'expected a name such as december-2026' })
    .max(40, 'expected at most 40 characters')
    .regex(
      slugPattern,
      'expected lower-case letters, digits and inner hyphens, such as december-2026',
    )
    .meta({
      title: 'Name',
      description:
        'Keep it once sold: its seats, attendees and invites follow it when the start moves. The same name on a page is the same session.',
    }),
  start: dateTime,
  price: money,
  /** How many people it seats: with a Stripe key set, no more are sold. */
  seats: z
    .number({ error: 'expected a whole number of seats' })
    .int('expected a whole number of seats')
    .min(1, 'expected at least 1 seat')
    .max(10_000, 'expected at most 10000 seats')
    .meta({ description: 'How many it seats: with a Stripe key set, no more are sold.' }),
  /** The checkout page for this date when no Stripe key is set (a Stripe Payment Link). */
  checkout: url.meta({
    title: 'Payment Link',
    description: 'The Stripe Payment Link used when no Stripe key is set.',
  }),
  /**
   * The Payment Link's id in Stripe (plink_…): a payment through any other link is held for the
   * owner, whatever reference it carries (docs/decisions/034-selling-that-cannot-be-gamed.md).
   */
  paymentLink: z
    .string({ error: 'expected the Payment Link’s id, such as plink_1AbCdEf' })
    .regex(/^plink_[A-Za-z0-9_]{1,120}$/, 'expected the Payment Link’s id, such as plink_1AbCdEf')
    .optional()
    .meta({
      title: 'Payment Link id',
      description:
        'Its id in Stripe (plink_…, in the address of its page in the Dashboard). Without it, every payment through the Payment Link waits for you to confirm it in the room.',
    }),
});

/** The words of one email to an attendee: {name}, {workshopDate}, {workshopTime}, {joiningLink}, {replayLink}, {previousDate}. */
const attendeeEmail = z.strictObject({ subject: line, body: paragraph });

/** What the "You're in" page says of a payment its address proves. */
const afterPayment = z.strictObject({ kicker: line, heading: line, text: paragraph });

/** A page of its own after the checkout ("You're in", sold out, try again): noindex, no script. */
const checkoutPage = z.strictObject({
  meta: pageMeta,
  kicker: line,
  heading: line,
  text: paragraph,
  back: line,
});

/**
 * What the workshop says about seats, on the page and after the checkout, and the emails its
 * attendees get (docs/decisions/032-workshop-delivered.md).
 */
export const workshopDelivery = z.strictObject({
  seats: z.strictObject({
    /** "N seats left" shows once this many or fewer are left; 0 never shows it. */
    showLeftFrom: z
      .number({ error: 'expected a whole number' })
      .int('expected a whole number')
      .min(0, 'expected 0 or more')
      .meta({
        title: 'Show the seats left from',
        description: '"N seats left" shows once this many or fewer are left; 0 never shows it.',
      }),
    /** {seatsLeft} is the number left. */
    left: line,
    oneLeft: line,
    soldOut: line,
    /** Above the next session on sale when the first is full: {soldOutDate}. */
    soldOutNotice: line,
  }),
  checkout: z.strictObject({
    /** The product's name on Stripe's checkout page and receipt: {workshopDate}. */
    productName: line,
    /** Whether Stripe's checkout offers a box for promotion codes. */
    promotionCodes: z.boolean({ error: 'expected true or false' }),
  }),
  /**
   * Where Stripe sends a buyer back (docs/decisions/034-selling-that-cannot-be-gamed.md): its own
   * words are what it says to anyone who opens it; `paid` only once the server has the payment of
   * the Checkout Session its address names, `pending` while that payment is being confirmed.
   * Both optional here only so that a render made before them still reads; the workshop's file
   * needs them (`workshop` below).
   */
  booked: checkoutPage
    .extend({ paid: afterPayment.optional(), pending: afterPayment.optional() })
    .meta({
      title: "You're in page",
      description:
        'Where Stripe sends a buyer. It says "paid" only when the server has the payment, "pending" while it is confirmed; its own words to anyone else.',
    }),
  soldOutPage: checkoutPage.meta({
    title: 'Sold-out page',
    description: 'Where a click lands when no seat is left.',
  }),
  retry: checkoutPage.extend({ again: line }).meta({
    title: 'Try-again page',
    description: 'Where a click lands when the checkout could not open.',
  }),
  emails: z.strictObject({
    confirmation: attendeeEmail.extend({ addToCalendar: line }),
    reminderDay: attendeeEmail,
    reminderHour: attendeeEmail,
    replay: attendeeEmail,
    rescheduled: attendeeEmail,
    cancelled: attendeeEmail,
    /** The calendar entry: its title and description ({joiningLink} may be in it). */
    invite: z.strictObject({ title: line, description: paragraph }),
  }),
});

/** The "You're in" page's words for a payment, which the workshop's file must have. */
function bookedSaysOnlyWhatItKnows(
  { booked }: z.output<typeof workshopDelivery>,
  context: z.RefinementCtx,
) {
  for (const name of ['paid', 'pending'] as const) {
    if (booked[name]) continue;
    context.addIssue({
      code: 'custom',
      path: ['booked', name],
      message: `expected the words the page says ${name === 'paid' ? 'once the server has the payment' : 'while the payment is confirmed'}`,
    });
  }
}

/**
 * content/workshop.yaml: the live workshop. The page sells the next session to come; "{workshopDate}"
 * and "{workshopPrice}" in the copy are that session's. With none to come, `nextDate` takes the
 * hero's place and the page sells nothing.
 */
export const workshop = z.strictObject({
  meta: pageMeta,
  card: shareCard,
  sessions: z.array(workshopSession).superRefine(uniqueSessionNames),
  delivery: workshopDelivery.superRefine(bookedSaysOnlyWhatItKnows).meta({
    title: 'Seats, checkout and emails',
    description:
      'What the workshop says about seats, the pages after the checkout and the emails its attendees get.',
  }),
  hero: z.strictObject({ kicker: line, heading: line, sub: paragraph, cta: line }),
  /** The page when no session is to come: said plainly, with a sign-up for the next date. */
  nextDate: z.strictObject({
    kicker: line,
    heading: line,
    text: paragraph,
    emailLabel: line,
    submit: line,
    submitting: line,
    success: line,
    error: line,
  }),
  testimonials: z.strictObject({
    kicker: line,
    heading: line,
    sampleNote: line.optional(),
    items: z.array(testimonial).min(1),
  }),
  problem: pitch,
  agenda: z.strictObject({
    kicker: line,
    heading: line,
    phases: z.array(z.strictObject({ label: line, title: line, points: z.array(line).min(1) })),
  }),
  paid: pitch,
  price: z.strictObject({
    heading: line,
    countdownLabel: line,
    units: z.strictObject({ days: line, hours: line, minutes: line, seconds: line }),
    started: line,
    benefits: z.array(line).min(1),
    priceLine: line,
    cta: line,
  }),
  faq: z.strictObject({
    kicker: line,
    heading: line,
    image,
    items: z.array(faqItem).min(1),
  }),
});
