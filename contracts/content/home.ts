import { z } from 'zod';
import {
  carouselLabels,
  image,
  line,
  link,
  pageMeta,
  paragraph,
  shareCard,
  url,
  video,
} from './fields';
import { contactSection, formCopy } from './site';

/**
 * The book section's words in one state of the calendar: before release day
 * (content/site.yaml book.releaseDate) a waitlist sign-up, from it a way to the book's page.
 */
const bookBeforeRelease = z.strictObject({
  kicker: line,
  heading: line,
  sub: paragraph,
  trustLine: line,
  /** The sign-up button. */
  submit: line,
  /** The hero's button, down to this section. */
  heroCta: line,
});

const bookAfterRelease = z.strictObject({
  kicker: line,
  heading: line,
  sub: paragraph,
  /** The button to the book's own site. */
  order: line,
  heroCta: line,
});

/**
 * The newsletter sign-up: the section that asks a visitor to subscribe to the newsletter. In
 * content/home.yaml it stands under `newsletter`, as does its link in the header
 * (`header.links.newsletter`): keys an owner's working copy already holds, so they keep the word.
 */
const newsletterSignUp = z.strictObject({
  kicker: line,
  heading: line,
  sub: paragraph,
  trustLine: line,
  copy: formCopy,
  /** The note that pops up once subscribed. */
  toast: z.strictObject({ title: line, description: line }),
});

/**
 * The latest writing: the newest posts out (contracts/writing.ts latestPosts) and a link to the
 * writing's index (its path is the writing's, content/writing.yaml). `show: false` leaves it out.
 */
const latestWriting = z.strictObject({
  show: z.boolean({ error: 'expected true or false' }),
  kicker: line,
  heading: line,
  /** The link to every post. */
  archive: line,
});

/**
 * content/home.yaml: the main site's home page (product brief §2.2). The header's links, the
 * hero's and the banner's buttons lead to this page's own sections, so the file holds their
 * labels only.
 */
export const home = z.strictObject({
  meta: pageMeta,
  card: shareCard,
  topBanner: z.strictObject({
    /** Its name for screen readers. */
    label: line,
    text: line,
    /** The link down to the newsletter sign-up. */
    link: line,
  }),
  header: z.strictObject({
    navLabel: line,
    socialLabel: line,
    menuOpen: line,
    menuClose: line,
    menuText: line,
    links: z.strictObject({ book: line, newsletter: line, speaking: line, contact: line }),
  }),
  hero: z.strictObject({
    sub: paragraph,
    scrollCue: line,
    video,
  }),
  book: z.strictObject({
    beforeRelease: bookBeforeRelease,
    afterRelease: bookAfterRelease,
  }),
  intro: z.strictObject({
    heading: line,
    paragraphs: z.array(paragraph).min(1),
    /** The numbers of the story, set large ("21", "founded my first agency"). */
    stats: z.array(z.strictObject({ value: line, label: line })).min(1),
    portrait: image,
  }),
  timeline: z.strictObject({
    kicker: line,
    heading: line,
    labels: carouselLabels,
    /** Each slide shows for a random time between these (seconds), so it feels less mechanical. */
    autoplaySeconds: z.strictObject({
      min: z.number().positive(),
      max: z.number().positive(),
    }),
    slides: z
      .array(z.strictObject({ image, section: line, location: line, body: paragraph }))
      .min(1),
  }),
  speaking: z.strictObject({
    kicker: line,
    heading: line,
    sub: paragraph,
    topicsLabel: line,
    topics: z.array(line).min(1),
    /** The button down to the enquiry form. */
    cta: line,
    video,
  }),
  press: z.strictObject({
    heading: line,
    sampleNote: line.optional(),
    labels: carouselLabels,
    /** Each outlet's wordmark (its alt text is the outlet's name) and the coverage it links to. */
    logos: z.array(z.strictObject({ image, href: url })).min(1),
  }),
  workWithMe: z.strictObject({
    kicker: line,
    heading: line,
    offers: z.array(z.strictObject({ kicker: line, heading: line, body: paragraph, link })).min(1),
  }),
  latestWriting,
  newsletter: newsletterSignUp,
  contact: contactSection,
});
