/**
 * Where a link the owner writes may go (docs/decisions/024-redirects.md, 026-owner-pages.md): one
 * check for a block's link, a full address, a redirect's destination and a link in a page's or a
 * post's text, so a link says where it goes wherever it is written.
 */

/**
 * Whether an address would take the visitor to another host than the one it shows. Browsers read
 * `//host` and `/\host` as another host, and drop tabs and line breaks anywhere in an address
 * before reading it (the WHATWG URL parser), so `/<tab>/host` is `//host` too. A backslash or a
 * control character has no place in an address the owner writes, a full one included; nor has an
 * escaped slash or backslash right after the first slash, which a server or proxy that decodes
 * before it resolves reads as `//`.
 */
export function leavesForAnotherHost(address: string): boolean {
  return /[\\\p{Cc}]/u.test(address) || /^\/(?:\/|%2f|%5c)/i.test(address);
}

/** What a link in Markdown text may go to: a full http(s) address, an email, a path, an anchor. */
const textLinkStart = /^(?:https?:\/\/|mailto:|\/|#)/;

/**
 * The problem with a link's address in Markdown text (contracts/content/legal-text.ts,
 * post-text.ts), or null. Markdown has decoded its escapes and character references by then, so
 * `/&#92;host` is checked as the `/\host` a browser would read.
 */
export function textLinkProblem(address: string): string | null {
  const got = JSON.stringify(address);
  if (!textLinkStart.test(address)) {
    return `expected a link to https://…, mailto:… or a path starting with /, got ${got}`;
  }
  if (leavesForAnotherHost(address)) {
    return `expected a link to https://…, mailto:… or a path starting with a single /, got ${got}`;
  }
  return null;
}
