import { z } from 'zod';
import { day, href, image, line, paragraph } from './fields';
import { redirects } from './redirects';

/** The form of every sign-up: the words of each state (idle, sending, thanked, failed). */
export const formCopy = z.strictObject({
  submit: line,
  submitting: line,
  success: line,
  error: line,
});

/** Press and speaking enquiries: the section and its form (the home and book pages). */
export const contactSection = z.strictObject({
  kicker: line,
  heading: line,
  sub: paragraph,
  nameLabel: line,
  emailLabel: line,
  messageLabel: line,
  messagePlaceholder: line,
  copy: formCopy,
});

const consentCategory = z.strictObject({
  id: z.enum(['analytics', 'advertising', 'media']),
  label: line,
  description: line,
});

/**
 * One entry of a menu: a path on the main site, which the build and Save find in the route table
 * (contracts/content/navigation.ts), or, marked `external`, another site's https address, so an
 * address never leaves the site unannounced.
 */
export const navigationItem = z
  .strictObject({
    label: line,
    href: href.meta({
      description: "A path on this site (/cheatcodes), or another site's https:// address.",
    }),
    external: z.boolean({ error: 'expected true or false' }).default(false).meta({
      title: 'Another site',
      description: "Tick for another site's https:// address; leave empty for a page of this site.",
    }),
  })
  .superRefine((item, context) => {
    if (item.external && !item.href.startsWith('https://')) {
      context.addIssue({
        code: 'custom',
        path: ['href'],
        message: `expected an address starting with https:// for a link marked external, got ${JSON.stringify(item.href)}`,
        params: { namesValue: true },
      });
    }
    if (!item.external && !item.href.startsWith('/')) {
      context.addIssue({
        code: 'custom',
        path: ['href'],
        message: `expected a path on this site starting with / (or external: true for another site's address), got ${JSON.stringify(item.href)}`,
        params: { namesValue: true },
      });
    }
  });
export type NavigationItem = z.infer<typeof navigationItem>;

/** The main site's menus: the header's primary list and the footer's. */
export const navigation = z.strictObject({
  /** The menu's name for screen readers (the nav landmark's aria-label). */
  label: line,
  /** The words of the disclosure that opens the menu on a phone. */
  menu: line,
  /** The footer's menu's name for screen readers: two landmarks never share a name. */
  footerLabel: line,
  /** Said after an external item's label to a screen reader ("opens another site"). */
  externalHint: line,
  primary: z
    .array(navigationItem)
    .max(8, 'expected at most 8 items in the header menu')
    .meta({ title: 'Header menu', description: 'In order, on every page with a header.' }),
  footer: z
    .array(navigationItem)
    .max(12, 'expected at most 12 items in the footer menu')
    .meta({ title: 'Footer menu', description: "In order, in the main site's footer." }),
});
export type Navigation = z.infer<typeof navigation>;

/**
 * content/site.yaml: what every page shares (the founder, the book, the footer, the forms'
 * words, the consent banner), and the redirects of old paths.
 */
export const site = z.strictObject({
  founder: z.strictObject({ name: line, tagline: line }),
  newsletter: z.strictObject({
    /** How many people read the newsletter: "{newsletterReaders}" in the copy ("17,000"). */
    readers: z.number({ error: 'expected a number' }).int().positive(),
  }),
  book: z.strictObject({
    title: line,
    cover: image,
    /** The day the book is out: before it the pages sell a pre-order, after it the book. */
    releaseDate: day,
  }),
  socialLabels: z.strictObject({
    instagram: line,
    x: line,
    youtube: line,
    tiktok: line,
    linkedin: line,
  }),
  footer: z.strictObject({
    /** "{year}" is this year, so the notice never goes stale. */
    copyright: line,
    legalLabel: line,
    legalLinks: z.array(z.strictObject({ label: line, href })).min(1),
    socialLabel: line,
    sampleNotice: line.optional(),
  }),
  skipLink: line,
  /** The words the three legal pages share, and the address for privacy requests. */
  legal: z.strictObject({
    kicker: line,
    lastUpdated: line,
    /** The table of contents' title. */
    contents: line,
    /** The label of a detail still to fill in: "[Owner: company number]". */
    ownerDetail: line,
    /** Where privacy requests go: "{privacyEmail}" in the legal texts. */
    email: z.email({ error: 'expected an email address' }),
  }),
  forms: z.strictObject({
    emailLabel: line,
    emailPlaceholder: line,
    /** The sign-up form's words where a page gives none of its own. */
    signUp: formCopy,
    /** After joining the waitlist: the way on to the thank-you page and the share link. */
    bonusLink: line,
  }),
  consent: z.strictObject({
    heading: line,
    body: paragraph,
    noticeLink: z.strictObject({ label: line, href }),
    acceptAll: line,
    rejectAll: line,
    settings: line,
    save: line,
    categoriesLegend: line,
    categories: z.array(consentCategory).length(3),
    reopen: line,
    saved: line,
    videoAsk: line,
    videoHint: line,
  }),
  /** The main site's menus (docs/decisions/026-owner-pages.md, "Headers"). */
  navigation,
  /** Old paths and where they now lead (contracts/content/redirects.ts). */
  redirects: redirects.default([]),
});
