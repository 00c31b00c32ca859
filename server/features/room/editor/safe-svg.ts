/**
 * An SVG as the site may serve it, or why not. An SVG is drawing code: opened on its own it runs
 * its scripts with the site's origin. So a drawing is parsed as XML, as a browser reads an SVG
 * file, and that tree is what is judged, never the text:
 *
 * 1. A file that is not UTF-8, not well-formed, has a DOCTYPE (its entities can hide markup or
 *    grow without end, and it can name outside files) or a root other than SVG's `<svg>` is
 *    refused.
 * 2. DOMPurify, on jsdom's DOM, keeps its SVG allow-list of elements and attributes (with
 *    `<use>`, whose references are held to step 3), working on the parsed tree in place.
 * 3. What is left may refer only to itself: every href is `#…` (or a photo embedded as
 *    `data:image/png|jpeg|gif|webp`), and no style (a `<style>`, a `style` or any presentation
 *    attribute), read with a CSS tokenizer, so escapes are undone, imports or loads a file.
 *
 * What the sanitiser takes out that can act (a script in any namespace, a handler, a link, an
 * animation, foreign content, a processing instruction) or that would change what is drawn (any
 * element in a drawing namespace) makes the file refused, naming what was found: the owner
 * learns their picture is not what they think, rather than seeing it silently changed. What an
 * editor program leaves for itself (comments, Inkscape's and Sodipodi's elements and attributes,
 * attributes off the allow-list) is dropped, and the cleaned drawing kept; a file with nothing to
 * drop is kept byte for byte.
 */
import { type CSSToken, TokenType, tokenize } from '@csstools/css-tokenizer';
import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';
/** A picture as the editor's save may write it, or why it may not (pictures.ts). */
export type PictureReview = { bytes: Uint8Array } | { problem: string };

const svgNamespace = 'http://www.w3.org/2000/svg';
/** Namespaces whose elements draw or act; an element in any other is an editor's own note. */
const drawingNamespaces = new Set<string | null>([
  svgNamespace,
  'http://www.w3.org/1999/xhtml',
  'http://www.w3.org/1998/Math/MathML',
  null,
]);

const { window } = new JSDOM('');
const purify = createDOMPurify(window);
const purifyConfig: Config & { IN_PLACE: true } = {
  IN_PLACE: true,
  USE_PROFILES: { svg: true, svgFilters: true },
  ADD_TAGS: ['use'],
  // A refused element goes with all it holds: its text is no part of the drawing.
  KEEP_CONTENT: false,
  // Clobbering (id="title") matters to a page's scripts; a drawing keeps none, and its ids are
  // what its own references (`<use href="#title">`) point at.
  SANITIZE_DOM: false,
};

const notUtf8 = (src: string) => ({
  problem: `image "${src}" is an SVG not saved as UTF-8 text; save it again as UTF-8`,
});

/** A photo embedded in the drawing: it cannot hold script, and it draws what it is. */
const embeddedPhoto = /^data:image\/(png|jpeg|gif|webp);base64,/i;
/** CSS functions whose string argument is an address. */
const addressFunctions = new Set(['url', 'src', 'image', 'image-set', '-webkit-image-set']);

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/** What a style loads from elsewhere (`@import`, `url(…)` to another file), or null. */
function outsideReference(css: string): string | null {
  const functions: string[] = [];
  for (const token of tokenize({ css }) as CSSToken[]) {
    switch (token[0]) {
      case TokenType.AtKeyword:
        if (token[4].value.toLowerCase() === 'import') return '@import';
        break;
      case TokenType.URL:
        if (!token[4].value.startsWith('#')) return `url(${short(token[4].value)})`;
        break;
      case TokenType.BadURL:
        return short(token[1]);
      case TokenType.Function:
        functions.push(token[4].value.toLowerCase());
        break;
      case TokenType.OpenParen:
        functions.push('');
        break;
      case TokenType.CloseParen:
        functions.pop();
        break;
      case TokenType.String: {
        const within = functions.findLast((name) => addressFunctions.has(name));
        if (within && !token[4].value.startsWith('#')) {
          return `${within}("${short(token[4].value)}")`;
        }
        break;
      }
    }
  }
  return null;
}

/** Each node under `node`, itself first. */
function* nodesFrom(node: Node): Generator<Node> {
  yield node;
  for (const child of Array.from(node.childNodes)) yield* nodesFrom(child);
}

/** What was taken out that a drawing could need or that could act, as the owner is told it. */
function refusedPart(entry: (typeof purify.removed)[number]): string | null {
  if ('element' in entry) {
    const node = entry.element;
    if (node.nodeType === window.Node.COMMENT_NODE) return null;
    if (node.nodeType === window.Node.PROCESSING_INSTRUCTION_NODE) return `<?${node.nodeName}?>`;
    const namespace =
      node.nodeType === window.Node.ELEMENT_NODE ? (node as Element).namespaceURI : null;
    return drawingNamespaces.has(namespace) ? `<${node.nodeName}>` : null;
  }
  const { attribute } = entry;
  if (!attribute) return 'an attribute';
  const name = attribute.localName.toLowerCase();
  if (name.startsWith('on') || name === 'href' || name === 'attributename') {
    return `${attribute.name}="${short(attribute.value)}"`;
  }
  return null;
}

/** What in a sanitised tree refers outside it (step 3). */
function outsideParts(root: Element): string[] {
  const found: string[] = [];
  for (const node of nodesFrom(root)) {
    if (node.nodeType !== window.Node.ELEMENT_NODE) continue;
    const element = node as Element;
    if (element.localName === 'style') {
      const loads = outsideReference(element.textContent ?? '');
      if (loads) found.push(`<style> with ${loads}`);
    }
    for (const attribute of Array.from(element.attributes)) {
      const value = attribute.value.trim();
      if (attribute.localName === 'href') {
        const inside =
          value.startsWith('#') || (element.localName === 'image' && embeddedPhoto.test(value));
        if (!inside) found.push(`${attribute.name}="${short(value)}"`);
        continue;
      }
      const loads = outsideReference(value);
      if (loads) found.push(loads);
    }
  }
  return found;
}

type Inspection = { problem: string } | { refused: string[]; cleaned: string; changed: boolean };

/** Steps 1 to 3 on a drawing's text: the reason it cannot be kept, or what was found. */
function inspect(src: string, text: string): Inspection {
  const declared = /^<\?xml[^>]*\sencoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
  if (declared && declared.toLowerCase() !== 'utf-8') return notUtf8(src);
  // Before parsing, so no entity is ever expanded. Markup has no escapes: a DOCTYPE is spelled
  // so or is not there (one inside a comment is refused too, and needs no keeping).
  if (/<!DOCTYPE/i.test(text)) {
    return {
      problem: `image "${src}" is an SVG with a DOCTYPE, which can define entities or load other files; save it again without it`,
    };
  }
  const document = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = document.documentElement;
  if (root.localName === 'parsererror') {
    const reason = (root.textContent ?? '').split('\n')[0]?.trim();
    return { problem: `image "${src}" is not well-formed XML (${short(reason ?? '')})` };
  }
  if (root.namespaceURI !== svgNamespace || root.localName !== 'svg') {
    return {
      problem: `image "${src}" is not an SVG drawing: its first element must be <svg xmlns="${svgNamespace}">`,
    };
  }
  const refused: string[] = [];
  // Before and after the root: a comment is harmless; a processing instruction can pull in a
  // style sheet, and the sanitiser only walks the root.
  for (const node of Array.from(document.childNodes)) {
    if (node.nodeType === window.Node.PROCESSING_INSTRUCTION_NODE)
      refused.push(`<?${node.nodeName}?>`);
  }
  // CDATA is text written another way (an exported <style> often is); the sanitiser knows text.
  for (const node of [...nodesFrom(root)]) {
    if (node.nodeType === window.Node.CDATA_SECTION_NODE) {
      node.parentNode?.replaceChild(document.createTextNode(node.nodeValue ?? ''), node);
    }
  }
  const serializer = new window.XMLSerializer();
  const before = serializer.serializeToString(root);
  purify.sanitize(root, purifyConfig);
  for (const entry of purify.removed) {
    const part = refusedPart(entry);
    if (part) refused.push(part);
  }
  refused.push(...outsideParts(root));
  const cleaned = serializer.serializeToString(root);
  return { refused, cleaned, changed: cleaned !== before };
}

/** The drawing `bytes`, named `src`, as it may be kept (the same bytes, or cleaned), or why not. */
export function sanitiseSvg(src: string, bytes: Uint8Array): PictureReview {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return notUtf8(src);
  }
  const found = inspect(src, text);
  if ('problem' in found) return found;
  if (found.refused.length > 0) {
    const listed = [...new Set(found.refused)];
    const named =
      listed.length > 3
        ? `${listed.slice(0, 3).join(', ')} and ${listed.length - 3} more`
        : listed.join(', ');
    return {
      problem: `image "${src}" is an SVG with scripts, event handlers or outside links, or parts a picture may not have (${named}); save it again without them`,
    };
  }
  if (!found.changed) return { bytes };
  // What is written is read again as it will be served: it must come through untouched.
  const again = inspect(src, found.cleaned);
  if ('problem' in again || again.refused.length > 0 || again.changed) {
    return {
      problem: `image "${src}" is an SVG that could not be made safe; save it again from a drawing program`,
    };
  }
  return { bytes: new TextEncoder().encode(found.cleaned) };
}
