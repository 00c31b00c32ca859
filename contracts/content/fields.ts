import { z } from 'zod';
import { controlCharacter } from '../escape-markup';
import { leavesForAnotherHost } from './link-address';
import { staysInImages } from './pictures';

/**
 * The building blocks of every content schema (docs/editing-content.md). Each says, in its error,
 * what the owner should have written: the build prints it beside the file, line and field.
 */

/** A name that goes into a file name or an address: lower-case letters, digits and inner hyphens. */
export const slugPattern = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** Words with their control characters taken out (tabs and line breaks stay): for imported text. */
export const withoutControlCharacters = (text: string): string =>
  text.replace(new RegExp(controlCharacter, 'g'), '');

/**
 * Refuses a control character in words (a tab is fine, and so are line breaks where the field
 * may hold several lines): no page shows one, one in a title would break the feeds
 * (contracts/escape-markup.ts), and pasted text brings them. The problem names the character and
 * where it is: its line of the text (a Markdown text's is turned into the file's line,
 * contracts/content/load.ts) and its character.
 */
export function refuseControlCharacters(lineBreaks: boolean) {
  const fine = lineBreaks ? 'a tab and line breaks are fine' : 'a tab is fine';
  return (text: string, context: z.RefinementCtx) => {
    const found = controlCharacter.exec(text);
    if (!found) return;
    const before = text.slice(0, found.index).split('\n');
    const line = before.length;
    const character = (before.at(-1)?.length ?? 0) + 1;
    const code = `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    const where = text.includes('\n')
      ? `on line ${line} of the text, at character ${character}`
      : `at character ${character}`;
    context.addIssue({
      code: 'custom',
      message: `expected text without control characters (${fine}), found ${code} ${where}`,
      params: { line, namesValue: true },
    });
  };
}

/** A line of copy: one or more characters, no line breaks. */
export const line = z
  .string({ error: 'expected text' })
  .min(1, 'expected text, got an empty string')
  .regex(/^[^\n\r]*$/, 'expected one line of text, got line breaks')
  .superRefine(refuseControlCharacters(false));

/** A paragraph: text that may wrap over several lines in the file. */
export const paragraph = z
  .string({ error: 'expected text' })
  .min(1, 'expected text, got an empty string')
  .superRefine(refuseControlCharacters(true));

/** A moment with its UTC offset, so "18:00 in London" means the same on every machine. */
export const dateTime = z.iso.datetime({
  offset: true,
  error: 'expected a date-time with a UTC offset (2026-12-10T18:00:00+00:00)',
});

/** A calendar day (YYYY-MM-DD), read as that day in London. */
export const day = z.iso.date({ error: 'expected a date as YYYY-MM-DD' });

/** An absolute http(s) address, with nothing a browser would read otherwise (link-address.ts). */
export const url = z
  .url({ protocol: /^https?$/, error: 'expected an address starting with https://' })
  .refine((address) => !leavesForAnotherHost(address), {
    error: 'expected an address starting with https://, with no backslash or control character',
  });

/**
 * Where a link goes: an address on another site, or a path on this one that no browser reads as
 * another site's (link-address.ts).
 */
export const href = z
  .union([url, z.string().regex(/^\/[^\s]*$/)], {
    error: 'expected an address starting with https:// or a path starting with /',
  })
  .refine((address) => !leavesForAnotherHost(address), {
    error: 'expected an address starting with https:// or a path starting with a single /',
  });

/** An amount of money in whole or decimal units of its currency. */
export const money = z.strictObject({
  amount: z.number({ error: 'expected a number' }).positive('expected a price above 0'),
  currency: z.enum(['GBP', 'USD', 'EUR'], { error: 'expected GBP, USD or EUR' }),
});

const imageFile = z
  .string({ error: 'expected an image file name' })
  // First, and alone: a path that leaves content/images/ is that, whatever its ending.
  .refine(staysInImages, {
    message:
      'expected the name of a file inside content/images/ (folders separated by "/"; no "..", no leading "/", no "\\")',
    abort: true,
  })
  .regex(
    /^[a-z0-9][a-z0-9._/-]*\.(svg|png|jpe?g)$/i,
    'expected the name of a .jpg, .png or .svg file in content/images/',
  );

/**
 * A picture from content/images/. The build reads it, checks it and makes its responsive
 * variants (scripts/content-images.ts); the text alternative is required, as a screen reader
 * reads it in the picture's place.
 */
export const image = z.strictObject({
  src: imageFile,
  alt: z
    .string({ error: 'expected alt text: what the picture shows, for screen readers' })
    .min(1, 'expected alt text: what the picture shows, for screen readers')
    .superRefine(refuseControlCharacters(true)),
});
export type ImageRef = z.infer<typeof image>;

/** The one test that a schema is an image reference: the build resolves exactly these. */
export function isImageSchema(schema: unknown): boolean {
  return schema === image;
}

/** A title and its paragraph: a card or a step (the book's bonuses, the cohort's deliverables). */
export const titledParagraph = z.strictObject({ title: line, body: paragraph });

/** A link with its visible label. */
export const link = z.strictObject({ label: line, href });

/** An image as the page renders it: the file resolved to URLs, with its intrinsic size. */
export interface ImageAsset {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** Widths of the original format ("url 480w, …"). */
  srcset?: string;
  /** Modern formats, best first (AVIF, WebP). */
  sources?: ReadonlyArray<{ type: string; srcset: string }>;
}

/**
 * A content value as components receive it: every image reference resolved to an ImageAsset.
 * Section props are `Resolved<…>` of their schema's type, so they cannot drift from the files.
 */
export type Resolved<T> = T extends ImageRef
  ? ImageAsset
  : T extends ReadonlyArray<infer Item>
    ? Resolved<Item>[]
    : T extends object
      ? { [Key in keyof T]: Resolved<T[Key]> }
      : T;

/** A video box: its poster until a player may load, the player's title and the play button's name. */
export const video = z.strictObject({ title: line, poster: image, play: line });

/**
 * The labels of a carousel's controls (WAI-ARIA carousel pattern). "{slide}" and "{total}" are
 * filled in by the carousel.
 */
export const carouselLabels = z.strictObject({
  region: line,
  previous: line,
  next: line,
  goTo: line,
  slide: line,
  pause: line,
  play: line,
});

/** The questions and answers of an FAQ. */
export const faqItem = z.strictObject({ question: line, answer: paragraph });

/** A quote from a reader, student or client. */
export const testimonial = z.strictObject({
  quote: paragraph,
  name: line,
  role: line,
  photo: image.optional(),
  /** Stars out of five (the cohort page shows them). */
  rating: z.number().int().min(1).max(5).optional(),
});

/** What every page file starts with: its title and description, and its share image's words. */
export const pageMeta = z.strictObject({
  /** The document title. */
  title: line,
  /** The meta description: one sentence, under ~160 characters. */
  description: line.max(200, 'expected a description of at most 200 characters'),
});

/** The words of a page's share image (Open Graph, X), drawn at build beside the founder's name. */
export const shareCard = z.strictObject({
  kicker: line,
  headline: line,
  detail: line.optional(),
  /** Artwork beside the words (an SVG from content/images/), or else the badge. */
  art: image.optional(),
  /** Without artwork: a figure set large on the accent disc ("£49", "11") and its label. */
  badge: z.strictObject({ value: line, label: line }).optional(),
});
