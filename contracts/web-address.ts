import type { z } from 'zod';

/**
 * Text that must not carry a link (docs/decisions/034-selling-that-cannot-be-gamed.md): a cohort
 * applicant's name, which the cohort's emails greet, and their written answers, which the owner
 * reads. A mail client or a reader makes a link of a web address, so a name such as "Tom. Pay now
 * at evil.example/pay" would put a stranger's link in an email from the owner's own domain.
 *
 * The rule, one for the browser's form and the server: a text holds a web address when, once
 * its look-alike characters are folded (NFKC: a full-width "ｅｘａｍｐｌｅ．ｃｏｍ" is "example.com")
 * and the characters that take no space are dropped, it has
 * - a scheme followed by "//" ("https://", "ftp://"), or
 * - a word starting "www.", or
 * - a host: words joined by dots, the last of two letters or more ("evil.example",
 *   "pay.evil.co.uk", the host of an email address too).
 * A dot between two words with no space ("Node.js", "St.Clair") reads as a host as well, as a
 * mail client may read it: a space after the dot is all it takes. A question that asks for an
 * address is of type `url` (contracts/content/cohort-questions.ts), whose answer this never checks.
 */

/** Characters that take no space, which a link may hide between its letters. */
const invisible = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

const label = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
/** The dots a browser takes in a host: the full stop, the ideographic and the half-width one. */
const dot = String.raw`[.\u3002\uff61]`;

const webAddress = new RegExp(
  [
    String.raw`\b\p{L}[\p{L}\p{N}+.-]*:\/\/`,
    String.raw`(?<![\p{L}\p{N}])www${dot}`,
    String.raw`(?<![\p{L}\p{N}_-])(?:${label}${dot})+\p{L}{2,}(?![\p{L}\p{N}-])`,
  ].join('|'),
  'iu',
);

/** Whether a text holds a web address, by the rule above. */
export function holdsWebAddress(text: string): boolean {
  return webAddress.test(text.normalize('NFKC').replace(invisible, ''));
}

/** What the form says under a name or an answer that holds one. */
export const webAddressMessage =
  'Please leave out web and email addresses here, such as example.com.';

/**
 * The one refinement of a text field that takes no link: the same check and message in the
 * browser's form and on the server, since both read the same schema.
 */
export function withoutWebAddress<Schema extends z.ZodType<string>>(schema: Schema) {
  return schema.refine((text) => !holdsWebAddress(text), webAddressMessage);
}
