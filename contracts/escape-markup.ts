/**
 * Text made safe to put in HTML or XML, in an element or a quoted attribute: each character that
 * could end one is written as its number.
 */
export const escapeMarkup = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
