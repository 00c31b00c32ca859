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
  testimonial,
  url,
} from './fields';

/** A section that makes the case and ends on the checkout button. */
const pitch = z.strictObject({
  heading: line,
  paragraphs: z.array(paragraph).min(1),
  cta: line,
});

/** One date of the workshop: when it starts, what it costs, where it is paid for. */
export const workshopSession = z.strictObject({
  start: dateTime,
  price: money,
  /** The checkout page for this date (a Stripe Payment Link). */
  checkout: url,
});

/**
 * content/workshop.yaml: the live workshop. The page sells the next session to come; "{workshopDate}"
 * and "{workshopPrice}" in the copy are that session's. With none to come, `nextDate` takes the
 * hero's place and the page sells nothing.
 */
export const workshop = z.strictObject({
  meta: pageMeta,
  card: shareCard,
  sessions: z.array(workshopSession),
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
