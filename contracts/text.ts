import { z } from 'zod';

/**
 * What a text field accepts beyond "a string" (decision 015): valid JSON can still carry text that
 * breaks things downstream. A NUL byte is a 500 on PostgreSQL; CR/LF in a name reaches the email
 * provider and the owner's mail headers; bidirectional overrides make a name display other than
 * it reads; a lone surrogate cannot be stored as UTF-8.
 */

/** C0 and C1 control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const control = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but a message keeps its line breaks (CR LF from a native form post) and tabs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const controlInMessage = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Bidirectional embeddings, overrides and isolates. */
const bidi = /[\u202a-\u202e\u2066-\u2069]/;
/** A surrogate that is not half of a pair (with the u flag a pair is one code point). */
const loneSurrogate = /[\ud800-\udfff]/u;
/** Characters that take no space: a name made only of them is empty. */
const zeroWidth = /[\u200b-\u200d\u2060\ufeff]/g;

const plainText = (value: string, controls: RegExp) =>
  !controls.test(value) && !bidi.test(value) && !loneSurrogate.test(value);

/**
 * What a visitor reads for each way a field can be wrong: not text at all, too long, or holding
 * characters we refuse (so a pasted name with a hidden character is not told "enter your name").
 */
export interface TextMessages {
  notText: string;
  tooLong: string;
  unusable: string;
}

/** Trimmed text of at most `max` characters, refusing the `controls` given and direction characters. */
function text(max: number, messages: TextMessages, controls: RegExp) {
  return z
    .string({ error: messages.notText })
    .trim()
    .max(max, messages.tooLong)
    .refine((value) => plainText(value, controls), messages.unusable);
}

/** One line of text: trimmed, at most `max` characters, no control or direction characters. */
export function lineText(max: number, messages: TextMessages) {
  return text(max, messages, control);
}

/** A person's name: one line, and not empty once the characters that take no space are gone. */
export function nameText(max: number, messages: TextMessages) {
  return lineText(max, messages).refine(
    (value) => value === '' || value.replace(zeroWidth, '').trim() !== '',
    messages.unusable,
  );
}

/** Free text over several lines: tabs and line breaks are kept, other controls refused. */
export function messageText(max: number, messages: TextMessages) {
  return text(max, messages, controlInMessage);
}

/**
 * A path on this site, as the page a form was on: it must start with one slash and hold no
 * backslash or white space, so it can never be read as another host ("//evil", "/\evil"). A
 * browser sends it percent-encoded, so a control or direction character in it is a forged post,
 * refused like those of any other text field (a NUL alone is a 500 on PostgreSQL).
 */
export const sitePathSchema = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Unknown page.')
  .refine((path) => plainText(path, control), 'Unknown page.');
