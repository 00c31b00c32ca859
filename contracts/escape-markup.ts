/**
 * Control characters, U+0000–U+001F but the tab and the line breaks (LF, CR), and U+007F: XML 1.0
 * cannot hold most of them, in HTML each is a parse error, and no reader sees one. The content's
 * words refuse them (contracts/content/fields.ts); markup leaves them out.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** What markup cannot carry: the control characters, and the two noncharacters XML refuses. */
const unwritable = new RegExp(`${controlCharacter.source}|[\\ufffe\\uffff]`, 'g');

/** Text without what markup cannot carry: the words a reader of any feed is given. */
export const writableText = (text: string): string => text.replace(unwritable, '');

/**
 * Text made safe to put in HTML or XML, in an element or a quoted attribute: each character that
 * could end one is written as its number, and what neither may hold is left out, so a feed stays
 * well-formed whatever a title holds.
 */
export const escapeMarkup = (text: string): string =>
  writableText(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
