import { z } from 'zod';
import { isReservedPath, ownerPathPattern, systemPageAt } from '../route-table';
import { siteIds } from '../sites';
import { subscriptionLists } from '../subscription';
import { cohort } from './cohort';
import {
  dateTime,
  faqItem,
  image,
  line,
  link,
  pageMeta,
  paragraph,
  shareCard,
  testimonial,
  video,
} from './fields';
import { home } from './home';
import { parseText } from './legal-text';
import type { Redirect } from './redirects';
import { uniqueSessionNames } from './session-names';
import { contactSection, formCopy } from './site';
import { workshop, workshopSession } from './workshop';

/**
 * content/pages/<slug>.yaml: a page the owner makes in the editor (docs/decisions/026-owner-pages.md)
 * from the site's own sections, in the order given. Each block is one section kind with its
 * words; the page renders each through the section component the seed's pages use
 * (src/pages/composed/), so a block looks and behaves as that section does everywhere.
 *
 * A block is written as Keystatic's blocks field writes it, `{ discriminant, value }`, so the
 * editor reads and writes the files the build reads.
 */

/** An optional small line above a section's heading. */
const kicker = line.optional();

/**
 * Markdown prose: paragraphs, `-` lists and links (contracts/content/legal-text.ts reads it the
 * way the legal pages' text is read, without their headings and markers). A problem is reported
 * at its line in the text.
 */
const prose = paragraph.superRefine((text, context) => {
  for (const problem of parseText(text).problems) {
    context.addIssue({
      code: 'custom',
      message: `${problem.message} (line ${problem.line} of the text)`,
      params: { namesValue: true },
    });
  }
});

/** One of the video players the site is configured with (VIDEO_URL_<PLAYER>, docs/configuration.md). */
const videoPlayer = z.enum(['hero', 'speaking', 'teaser'], {
  error: 'expected one of the configured players: hero, speaking, teaser',
});

export const blockKinds = {
  /**
   * The page's opening: its one main heading, a line under it, a button, and beside them a price
   * badge and a picture or a video behind its poster.
   */
  hero: z
    .strictObject({
      kicker,
      heading: line,
      sub: paragraph.optional(),
      cta: link.optional(),
      /** The price beside the button ("£49", "One time price"). */
      badge: z.strictObject({ value: line, label: line }).optional().meta({ title: 'Price badge' }),
      /** A picture beside the words on a wide screen, under them on a phone. */
      image: image.optional(),
      /** Or a video there, behind its poster, played once the visitor allows videos (D20). */
      video: z.strictObject({ player: videoPlayer, video }).optional(),
    })
    .refine((hero) => !(hero.image && hero.video), {
      path: ['video'],
      message: 'expected a picture or a video beside the hero, not both: remove one',
      params: { namesValue: true },
    }),
  /** A heading and Markdown prose. */
  text: z.strictObject({ kicker, heading: line, body: prose }),
  /** A heading and a checked list ("who this is for"). */
  list: z.strictObject({ kicker, heading: line, items: z.array(line).min(1) }),
  testimonials: z.strictObject({
    kicker,
    heading: line,
    /** Says the people quoted are samples, while they are. */
    sampleNote: line.optional(),
    items: z.array(testimonial).min(1),
  }),
  faq: z
    .strictObject({ kicker, heading: line, items: z.array(faqItem).min(1) })
    .meta({ title: 'FAQ' }),
  /** A picture across the page, with an optional caption. */
  picture: z.strictObject({ image, caption: line.optional() }),
  /** A band with a heading, a few paragraphs and one button. */
  callToAction: z.strictObject({
    kicker,
    heading: line,
    paragraphs: z.array(paragraph).default([]),
    cta: link,
  }),
  /**
   * A sign-up form to one of the Kit forms the site is configured with (KIT_FORM_ID_<LIST>,
   * docs/configuration.md): its list names which.
   */
  signUp: z.strictObject({
    kicker: line,
    heading: line,
    sub: paragraph,
    trustLine: line,
    list: z.enum(subscriptionLists, {
      error: `expected one of the configured lists: ${subscriptionLists.join(', ')}`,
    }),
    copy: formCopy,
    /** The note that pops up once subscribed. */
    toast: z.strictObject({ title: line, description: line }),
  }),
  /** The press and speaking enquiry form: enquiries are listed in the room with this page. */
  enquiry: contactSection,
  /**
   * Dates sold through Stripe Payment Links as the workshop's are: the price card of the next
   * session to come, counting down to it; with none to come, the "next date" sign-up (the
   * workshop list) and nothing on sale. A click goes through our redirect, counted by page and
   * source (contracts/checkout.ts pageCheckoutPath).
   */
  checkout: z.strictObject({
    sessions: z
      .array(workshopSession)
      .min(1, 'expected at least one session')
      .superRefine(uniqueSessionNames),
    price: workshop.shape.price,
    nextDate: workshop.shape.nextDate,
  }),
  /** The book (its cover and title from the site settings) and the way to buy it. */
  bookCard: z.strictObject({ kicker: line, heading: line, sub: paragraph, order: link }),
  /** Photos with a caption each, in a carousel that moves on by itself (the home page's story). */
  timeline: home.shape.timeline,
  /** The outlets' wordmarks, each linking to its coverage (the home page's). */
  pressLogos: home.shape.press,
  /** A two-column table, "from" and "to" (the cohort page's shift). */
  comparison: cohort.shape.shift,
  /** Who it is for, who it is not for, and notes (the cohort page's). */
  whoFor: cohort.shape.fit,
  /** Cards of a title and a paragraph (the cohort page's deliverables). */
  cards: cohort.shape.deliverables,
  /**
   * A video behind its poster, played only once the visitor allows videos (D20). Its player is one
   * the site is configured with (VIDEO_URL_<PLAYER>, docs/configuration.md); unconfigured, the
   * poster shows alone.
   */
  video: z.strictObject({
    kicker,
    heading: line,
    sub: paragraph.optional(),
    player: videoPlayer,
    video,
  }),
  /**
   * Days, hours, minutes and seconds to a real moment (an event's start, an offer's end), then
   * zeros and `ended`: never a timer that starts again. The page is rendered again when it passes.
   */
  countdown: z.strictObject({
    kicker,
    heading: line,
    to: dateTime,
    /** Its name for screen readers ("Time until the masterclass starts"). */
    label: line,
    units: z.strictObject({ days: line, hours: line, minutes: line, seconds: line }),
    ended: line,
  }),
} as const;

export type BlockKind = keyof typeof blockKinds;

/** The kinds, in the order the editor offers them. */
const blockKindNames = Object.keys(blockKinds) as BlockKind[];

/** One kind as the editor's blocks field stores it. */
const blockOf = <Kind extends BlockKind>(kind: Kind) =>
  z.strictObject({ discriminant: z.literal(kind), value: blockKinds[kind] });

/** One kind's block schema, for each kind: so a block's words are typed by its kind. */
type BlockOf = { [Kind in BlockKind]: ReturnType<typeof blockOf<Kind>> }[BlockKind];

/**
 * A block of any kind, made from the one list `blockKinds`: the editor offers these options
 * (server/features/room/editor/keystatic-config.ts) and the renderer's table is keyed by the
 * same kinds (src/pages/composed/block-sections.tsx), so no kind is on one side only.
 */
const block = z.discriminatedUnion(
  'discriminant',
  blockKindNames.map(blockOf) as [BlockOf, ...BlockOf[]],
  {
    error: `expected a block kind: ${blockKindNames.join(', ')}`,
  },
);

export type Block = z.output<typeof block>;

/** A block of a render's page as a reader of a few kinds gets it: those kinds' words read. */
export type RenderedBlock<Words extends { [Kind in BlockKind]?: z.ZodType }> =
  | {
      [Kind in keyof Words & BlockKind]: {
        discriminant: Kind;
        value: z.output<NonNullable<Words[Kind]>>;
      };
    }[keyof Words & BlockKind]
  | { discriminant: Exclude<BlockKind, keyof Words>; value: unknown };

/**
 * A page's blocks as a render's content holds them, for a reader of a few kinds (the server's
 * slices of a render, contracts/render-slices/): each block's kind, and the words of the kinds in
 * `words`, each read by its schema there (fields of that kind's own); the other kinds' words
 * stay unread, as their pictures are already resolved. With `blockWords` it is the one reading
 * of the blocks' encoding outside the schemas above.
 */
export function renderedBlocks<Words extends { [Kind in BlockKind]?: z.ZodType }>(
  words: Words = {} as Words,
) {
  const kinds = Object.keys(blockKinds) as BlockKind[];
  const unread = kinds.filter((kind) => !(kind in words));
  const options: z.ZodObject[] = [
    ...Object.entries(words).map(([kind, value]) =>
      z.object({ discriminant: z.literal(kind), value: value as z.ZodType }),
    ),
    ...(unread.length > 0 ? [z.object({ discriminant: z.enum(unread), value: z.unknown() })] : []),
  ];
  return z.array(
    z.discriminatedUnion('discriminant', options as [z.ZodObject, ...z.ZodObject[]], {
      error: `expected a block kind: ${kinds.join(', ')}`,
    }),
  ) as unknown as z.ZodType<Array<RenderedBlock<Words>>>;
}

/** The words of a page's first block of `kind`; undefined when the page has none. */
export function blockWords<
  Rendered extends { discriminant: BlockKind; value: unknown },
  Kind extends Rendered['discriminant'],
>(
  blocks: readonly Rendered[],
  kind: Kind,
): Extract<Rendered, { discriminant: Kind }>['value'] | undefined {
  return blocks.find((block) => block.discriminant === kind)?.value;
}

const ownerPageFields = z.strictObject({
  /** The page's name in the editor's list; visitors never see it. */
  name: line,
  site: z.enum(siteIds, { error: `expected one of the sites: ${siteIds.join(', ')}` }),
  /** Where the page answers on its site: lower case, no trailing slash ("/speaking"). */
  path: z.string({ error: 'expected a path starting with /' }).regex(ownerPathPattern, {
    message:
      'expected a path of lower-case letters, digits and -._~ segments, starting with / and with no trailing slash ("/speaking")',
  }),
  meta: pageMeta,
  /** Kept out of search results and sitemaps (a campaign page, a thank-you). */
  noindex: z.boolean().default(false),
  /** The share image's words; its heading is the title where none is given. */
  card: shareCard.optional(),
  /** The sections, in order; the first is the hero, whose heading is the page's own. */
  blocks: z.array(block).min(1, 'expected at least one block'),
});

/** What the server reads of a page the build rendered: where it answers (server/site.ts). */
export const ownerPageRoute = z.object(
  ownerPageFields.pick({ site: true, path: true, noindex: true }).shape,
);

export const ownerPage = ownerPageFields.superRefine((page, context) => {
  const checkouts = page.blocks.flatMap((block, index) =>
    block.discriminant === 'checkout' ? [index] : [],
  );
  for (const index of checkouts.slice(1)) {
    context.addIssue({
      code: 'custom',
      path: ['blocks', index, 'discriminant'],
      message: 'expected one checkout block on a page: its button sells the next of its sessions',
      params: { namesValue: true },
    });
  }
  page.blocks.forEach(({ discriminant }, index) => {
    if ((index === 0) !== (discriminant === 'hero')) {
      context.addIssue({
        code: 'custom',
        path: ['blocks', index, 'discriminant'],
        message:
          index === 0
            ? `expected the first block to be a hero (the page's main heading), got ${discriminant}`
            : 'expected only the first block to be a hero: a page has one main heading',
        params: { namesValue: true },
      });
    }
  });
  const refuse = (message: string) =>
    context.addIssue({ code: 'custom', path: ['path'], message, params: { namesValue: true } });
  if (isReservedPath(page.path)) {
    refuse(
      `"${page.path}" is one of the server's own paths (/${page.path.split('/')[1]}); choose another`,
    );
  } else if (systemPageAt(page.site, page.path)) {
    refuse(
      `"${page.path}" is already a page of the ${page.site} site (contracts/routes.ts); choose another path`,
    );
  }
});

export type OwnerPage = z.output<typeof ownerPage>;

/**
 * What only the content as a whole shows, for each page that has it (the page's `path` is at
 * fault): two pages on one path of a site, or a redirect in the site settings leading away from
 * a page's path, which would hide the page. The build and the editor's Save both check it.
 */
export function pageClashes(
  pages: Readonly<Record<string, Pick<OwnerPage, 'site' | 'path'>>>,
  redirects: readonly Pick<Redirect, 'site' | 'from'>[],
): Array<{ slug: string; message: string }> {
  const clashes: Array<{ slug: string; message: string }> = [];
  const slugs = Object.keys(pages).sort();
  for (const [index, slug] of slugs.entries()) {
    const page = pages[slug];
    if (!page) continue;
    const first = slugs
      .slice(0, index)
      .find((other) => pages[other]?.site === page.site && pages[other]?.path === page.path);
    if (first) {
      clashes.push({
        slug,
        message: `"${page.path}" is already the path of the page "${first}" on the ${page.site} site; choose another`,
      });
    }
    const redirect = redirects.findIndex(
      (each) => each.site === page.site && each.from === page.path,
    );
    if (redirect >= 0) {
      clashes.push({
        slug,
        message: `"${page.path}" is redirected elsewhere by the site settings (Site › Redirects › item ${redirect + 1}); remove that redirect or choose another path`,
      });
    }
  }
  return clashes;
}
