import { JSDOM } from 'jsdom';
import TurndownService from 'turndown';
import { withoutControlCharacters } from '../../../contracts/content/fields';
import { slugOfWords } from '../../../contracts/words-slug';

/**
 * A newsletter issue's HTML (a feed's content:encoded or Atom content, a Kit broadcast's content)
 * as the Markdown a post may hold (contracts/content/post-text.ts): `##`–`####` headings,
 * paragraphs with bold, italic, code and links, lists, quotations, code blocks, `---`, and
 * pictures on a line of their own by their file name in the content's images/. Everything else
 * is left out or unwrapped to its text, here in the HTML, before turndown writes the Markdown:
 * no raw HTML reaches the post.
 */

/** Elements whose content is never text of the post: left out with everything inside them. */
const dropped = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'noscript',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'svg',
  'math',
  'canvas',
  'video',
  'audio',
  'source',
  'track',
  'template',
  'head',
  'link',
  'meta',
  'title',
  'base',
  'map',
  'col',
  'colgroup',
];

/** Where a picture may stand on a line of its own: blocks that hold other blocks. */
const containers = new Set([
  'BODY',
  'DIV',
  'LI',
  'BLOCKQUOTE',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'HEADER',
  'FOOTER',
  'ASIDE',
  'NAV',
  'FIGURE',
  'CENTER',
  'DD',
]);

const blockTags =
  'p, div, h1, h2, h3, h4, h5, h6, ul, ol, li, blockquote, pre, table, section, article, figure, hr';

export interface HtmlToPostOptions {
  /** The item's own address, for links and pictures given relative to it. */
  base?: string;
  /** The post's title: a first heading that repeats it is left out, and a picture without alt text says it. */
  title: string;
  /**
   * Each picture of the text, in order, by its absolute address and alt text: the name of its
   * file in images/, or null to leave it out.
   */
  picture(url: string, alt: string): Promise<string | null>;
  /** What was left out, for the report (a picture that is not on the web, a link that goes nowhere). */
  note(text: string): void;
}

/** The Markdown of a post made from an issue's HTML; empty when it holds no text. */
export async function postTextOfHtml(html: string, options: HtmlToPostOptions): Promise<string> {
  // Control characters mean nothing in HTML, and the post's text refuses them.
  const { document } = new JSDOM(`<!doctype html><body>${withoutControlCharacters(html)}</body>`)
    .window;
  const body = document.body;
  tidy(body, options);
  for (const image of [...body.querySelectorAll('img')]) {
    const given = image.getAttribute('src') ?? '';
    const src = absolute(given, options.base);
    const alt = oneLine(image.getAttribute('alt') || image.getAttribute('title') || options.title);
    let name: string | null = null;
    if (src && /^https?:/i.test(src)) name = await options.picture(src, alt);
    else options.note(`left out a picture that is not on the web (${shortened(given, 60)})`);
    if (name) {
      for (const attribute of image.getAttributeNames()) image.removeAttribute(attribute);
      image.setAttribute('src', name);
      image.setAttribute('alt', alt);
      continue;
    }
    const parent = image.parentElement;
    image.remove();
    if (parent) dropIfEmpty(parent);
  }
  return markdownOf(body);
}

/** The HTML made into what the Markdown may hold, in place. */
function tidy(body: HTMLElement, { base, title }: HtmlToPostOptions): void {
  const document = body.ownerDocument;
  for (const element of [...body.querySelectorAll(dropped.join(', '))]) element.remove();
  // A newsletter's preheader and other text for email clients only.
  for (const element of [...body.querySelectorAll('[hidden], [aria-hidden="true"], [style]')]) {
    const style = element.getAttribute('style') ?? '';
    const hidden =
      element.hasAttribute('hidden') ||
      element.getAttribute('aria-hidden') === 'true' ||
      /display\s*:\s*none|mso-hide\s*:\s*all/i.test(style);
    if (hidden) element.remove();
  }
  // A table's cells become blocks of their own: their text and pictures, in reading order.
  for (const cell of [...body.querySelectorAll('td, th, caption')]) rename(cell, 'div');
  for (const part of [...body.querySelectorAll('table, thead, tbody, tfoot, tr')]) unwrap(part);
  for (const element of [...body.querySelectorAll('picture')]) unwrap(element);
  for (const caption of [...body.querySelectorAll('figcaption')]) rename(caption, 'p');
  // A block of text without a code element inside: a code block all the same.
  for (const pre of [...body.querySelectorAll('pre')]) {
    if (pre.children.length === 1 && pre.firstElementChild?.tagName === 'CODE') continue;
    const code = document.createElement('code');
    code.textContent = pre.textContent;
    pre.replaceChildren(code);
  }
  // A fact of the site ({founder}) is filled in everywhere, code too, and an unknown one is a
  // mistake in the content: in code, where no escape shows, an invisible word joiner keeps it
  // as written.
  for (const code of [...body.querySelectorAll('code, pre')]) {
    const walker = document.createTreeWalker(code, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      node.textContent = (node.textContent ?? '').replace(/\{(\w+)\}/g, '{\u2060$1}');
    }
  }
  for (const link of [...body.querySelectorAll('a')]) {
    const href = absolute(link.getAttribute('href') ?? '', base);
    // A link around blocks, or to somewhere the site does not link to (javascript:, tel:, an
    // anchor in the email): its content stays, the link goes.
    if (!href || !/^(https?:\/\/|mailto:)/i.test(href) || link.querySelector(blockTags)) {
      unwrap(link);
      continue;
    }
    for (const name of link.getAttributeNames()) link.removeAttribute(name);
    link.setAttribute('href', href);
  }
  // Headings from `##` to `####`: the title is the page's one `#`.
  for (const heading of [...body.querySelectorAll('h1, h2, h3, h4, h5, h6')]) {
    const level = Math.min(4, Math.max(2, Number(heading.tagName.slice(1))));
    for (const br of [...heading.querySelectorAll('br')]) br.replaceWith(' ');
    if (!(heading.textContent ?? '').trim()) {
      rename(heading, 'div');
      continue;
    }
    if (heading.tagName !== `H${level}`) rename(heading, `h${level}`);
  }
  const first = firstWords(body)?.parentElement?.closest('h1, h2, h3, h4, h5, h6');
  if (first && sameWords(first.textContent ?? '', title)) first.remove();
  // Each heading once: a heading's address is made from its words (post-text.ts).
  const headings = new Set<string>();
  for (const heading of [...body.querySelectorAll('h2, h3, h4')]) {
    const id = slugOfWords(heading.textContent ?? '');
    if (!headings.has(id)) {
      headings.add(id);
      continue;
    }
    const strong = document.createElement('strong');
    strong.append(...heading.childNodes);
    const paragraph = document.createElement('p');
    paragraph.append(strong);
    heading.replaceWith(paragraph);
  }
  // A picture stands on a line of its own: out of its paragraph, heading or link, after it.
  const after = new Map<Element, Element>();
  for (const image of [...body.querySelectorAll('img')]) {
    let top: Element = image;
    while (top.parentElement && !containers.has(top.parentElement.tagName)) top = top.parentElement;
    if (top === image) continue;
    const previous = after.get(top) ?? top;
    const parent = image.parentElement;
    previous.after(image);
    after.set(top, image);
    if (parent) dropIfEmpty(parent);
  }
  // A link with nothing left to click (its picture moved out).
  for (const link of [...body.querySelectorAll('a')]) dropIfEmpty(link);
}

function markdownOf(body: HTMLElement): string {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
  });
  const markdownEscape = turndown.escape.bind(turndown);
  turndown.escape = (text: string) =>
    markdownEscape(text)
      // Read as HTML, an entity or a fact of the site's ({email}): written so they show as typed.
      .replace(/</g, '\\<')
      .replace(/&(?=#?\w+;)/g, '\\&')
      .replace(/\{(\w+)\}/g, '{$1\\}');
  turndown.addRule('picture', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = (node.getAttribute('alt') ?? '').replace(/[[\]\\]/g, '');
      return `\n\n![${alt}](${node.getAttribute('src') ?? ''})\n\n`;
    },
  });
  // Anything else (underline, strike-through, small print, spans): its words, unmarked.
  const markdown = turndown.turndown(body as unknown as TurndownService.Node);
  return (
    markdown
      .split('\n')
      // Lines of spaces are empty; a line's one trailing space goes (two are a line break).
      .map((line) => (line.trim() === '' ? '' : line.replace(/(\S) $/, '$1')))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** An address made absolute against the item's own, or null if it cannot be. */
function absolute(address: string, base: string | undefined): string | null {
  const trimmed = address.trim();
  if (!trimmed || trimmed.startsWith('#')) return null;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return null;
  }
}

function rename(element: Element, tag: string): Element {
  const renamed = element.ownerDocument.createElement(tag);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
  return renamed;
}

function unwrap(element: Element): void {
  element.replaceWith(...element.childNodes);
}

/** The first text node with words in it. */
function firstWords(node: Node): Node | undefined {
  for (const child of node.childNodes) {
    if (child.nodeType === child.TEXT_NODE) {
      if ((child.textContent ?? '').trim()) return child;
    } else {
      const found = firstWords(child);
      if (found) return found;
    }
  }
  return undefined;
}

/** Removes an element left with no words and no picture, and its parents left so by it. */
function dropIfEmpty(element: Element): void {
  let current: Element | null = element;
  while (
    current &&
    !containers.has(current.tagName) &&
    !(current.textContent ?? '').trim() &&
    !current.querySelector('img, hr, br')
  ) {
    const parent: Element | null = current.parentElement;
    current.remove();
    current = parent;
  }
}

const sameWords = (a: string, b: string) => slugOfWords(a) === slugOfWords(b);

/**
 * Text as one line: its runs of spaces and line breaks made one space, its other control
 * characters taken out (the content's words refuse them: contracts/content/fields.ts).
 */
export function oneLine(text: string): string {
  return withoutControlCharacters(text.replace(/\s/g, ' ')).replace(/ {2,}/g, ' ').trim();
}

/** Text cut to `max` characters, at a word, with an ellipsis when cut. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** The words of some HTML (a feed's summary), as one line. */
export function plainTextOfHtml(html: string): string {
  if (!/[<&]/.test(html)) return oneLine(html);
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  for (const element of [...document.body.querySelectorAll(dropped.join(', '))]) element.remove();
  for (const block of [...document.body.querySelectorAll(`${blockTags}, br`)]) {
    block.before(' ');
    block.after(' ');
  }
  return oneLine(document.body.textContent ?? '');
}
