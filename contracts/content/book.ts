import { z } from 'zod';
import {
  faqItem,
  image,
  line,
  pageMeta,
  paragraph,
  shareCard,
  testimonial,
  titledParagraph,
  video,
} from './fields';
import { contactSection } from './site';

/**
 * What the book page says that changes on release day (content/site.yaml book.releaseDate):
 * before it the page sells a pre-order, from it the book itself.
 */
const releaseState = z.strictObject({
  meta: pageMeta,
  card: shareCard,
  /** The badge above the title ("Pre-order now · Out {releaseDate}", "Out now"). */
  badge: line,
  /** The hero's line under the author. */
  sub: paragraph,
  /** The order buttons (hero and the first step of the claim). */
  order: line,
  bonuses: z.strictObject({ kicker: line, heading: line }),
  claim: z.strictObject({
    kicker: line,
    heading: line,
    /** Step one: order the book (the button goes to the retailer). */
    orderStep: titledParagraph,
    /** The subject of the receipt email. */
    receiptSubject: line,
  }),
  /** The questions whose answers change on release day, shown first in the FAQ. */
  faq: z.array(faqItem),
});

/**
 * content/book.yaml: the book page. `preOrder` is what the page says before release day,
 * `outNow` from release day on; the rest is the same in both.
 */
export const book = z.strictObject({
  preOrder: releaseState,
  outNow: releaseState,
  hero: z.strictObject({
    heading: line,
    author: line,
    /** The second hero button, down to the bonuses. */
    bonusesLink: line,
  }),
  endorsements: z.strictObject({
    kicker: line,
    heading: line,
    sampleNote: line.optional(),
    items: z.array(testimonial).min(1),
  }),
  description: z.strictObject({
    kicker: line,
    heading: line,
    paragraphs: z.array(paragraph).min(1),
    benefitsLabel: line,
    benefits: z.array(line).min(1),
  }),
  excerpt: z.strictObject({ kicker: line, heading: line, image, caption: line }),
  claim: z.strictObject({
    /** Step two: email the receipt. "{mailbox}" is the address below. */
    emailStep: z.strictObject({ title: line, body: paragraph, button: line }),
    /** The book mailbox that receives receipts. */
    mailbox: z.email({ error: 'expected an email address' }),
    /** The receipt email's text, its line breaks kept. */
    receiptBody: paragraph,
  }),
  bonuses: z.strictObject({
    /** "Bonus {n}": the badge on each card. */
    itemLabel: line,
    items: z.array(titledParagraph).min(1),
  }),
  videoMessage: z.strictObject({
    kicker: line,
    heading: line,
    sub: paragraph,
    video,
  }),
  faq: z.strictObject({ kicker: line, heading: line, items: z.array(faqItem) }),
  contact: contactSection,
  exitIntent: z.strictObject({
    heading: line,
    body: paragraph,
    join: line,
    dismiss: line,
    closeLabel: line,
  }),
});
