/**
 * What happens to a content file the editor saves (at /keystatic in dev, /owner/editor in the
 * room), before it reaches the disk (review.ts calls this for every content file in Keystatic's
 * update request):
 *
 * 1. Empty means absent: an optional group whose fields are all empty (Keystatic writes `{}`), an
 *    empty optional list, an empty optional text go; the schema says which fields are optional.
 * 2. The owner's file keeps its shape: the new values are written into the file as it is on disk,
 *    so its comments, quoting and line wrapping stay and a one-word edit is a one-line diff.
 *    Keystatic's own YAML (every comment dropped, everything re-wrapped) is not kept.
 * 3. A date-time that names the same instant keeps the file's wording (+01:00 stays +01:00; the
 *    editor shows an unquoted one in UTC, as Keystatic's YAML reader makes it a Date). Date-times
 *    are written quoted, so from the first save on the editor reads them as text, offset and all.
 * 4. The result is checked exactly as the build checks it (contracts/content/load.ts); a file
 *    that would not build is refused and the editor shows the build's message.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  Composer,
  CST,
  Document,
  isMap,
  isScalar,
  isSeq,
  type Node,
  Parser,
  parse,
  parseDocument,
  type Scalar,
  stringify,
} from 'yaml';
import type { ContentFile } from '../../../../contracts/content';
import { checkFile, formatProblem } from '../../../../contracts/content/load';
import { optionFor, type Schema, unwrap, viewOf } from '../../../../contracts/content/schema-walk';
import { editorPlace } from './keystatic-config';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Nothing filled in: no text, no choice, no item, at any depth. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.values(value).every(isEmpty);
  return false;
}

/**
 * A group of one kind of a union written flat (a question and its `type`): the editor shows every
 * field any kind has (keystatic-config.ts kindsField) and writes them all, so the fields of the
 * other kinds go. A key no kind has stays, for the schema to name it.
 */
function withoutOtherKinds(
  view: Extract<ReturnType<typeof viewOf>, { kind: 'union' }>,
  option: Schema,
  value: unknown,
): unknown {
  const own = viewOf(option);
  if (!isPlainObject(value) || own.kind !== 'object' || view.discriminator === 'discriminant') {
    return value;
  }
  const others = new Set(
    view.options.flatMap((each) => {
      const shape = viewOf(each);
      return shape.kind === 'object' ? Object.keys(shape.shape) : [];
    }),
  );
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => key in own.shape || !others.has(key)),
  );
}

/**
 * A value as Keystatic gives it (its reader, or its YAML), as the content has it: an empty
 * optional field is absent. `undefined` means "leave the field out".
 */
export function contentValue(schema: Schema, value: unknown): unknown {
  const { inner, optional } = unwrap(schema);
  if (value === null || value === undefined) return undefined;
  if (optional && isEmpty(value)) return undefined;
  const view = viewOf(inner);
  // An image reference is an object too: its src and alt.
  if (view.kind === 'object') {
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const field = view.shape[key];
      // An unknown key stays, for the schema to name it.
      const normalized = field ? contentValue(field, item) : item;
      if (normalized !== undefined) out[key] = normalized;
    }
    return optional && Object.keys(out).length === 0 ? undefined : out;
  }
  if (view.kind === 'array') {
    if (!Array.isArray(value)) return value;
    const { element } = view;
    const items = value.map((item) => contentValue(element, item) ?? null);
    return optional && items.length === 0 ? undefined : items;
  }
  // A block of an owner's page, or a question of the application: the fields of the kind it is.
  if (view.kind === 'union') {
    const option = optionFor(view, value);
    return option ? contentValue(option, withoutOtherKinds(view, option, value)) : value;
  }
  if (optional && value === '') return undefined;
  return value;
}

/**
 * A text js-yaml (Keystatic's reader) would take for a moment in time, losing its offset: it is
 * quoted. (A bare day, 2027-03-04, stays unquoted: Keystatic's date field reads it as it is.)
 */
const timestampLike = /^\d{4}-\d\d?-\d\d?(?:[Tt]|\s+\d)/;

/** Two texts that are the same date-time, however written (+00:00 or Z). */
function sameInstant(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  if (!/^\d{4}-\d\d-\d\dT/.test(a) || !/^\d{4}-\d\d-\d\dT/.test(b)) return false;
  const [x, y] = [Date.parse(a), Date.parse(b)];
  return !Number.isNaN(x) && x === y;
}

/** The new data with each date-time the file already has, in the file's words, kept. */
function keepInstants(next: unknown, previous: unknown): unknown {
  if (sameInstant(next, previous)) return previous;
  if (Array.isArray(next) && Array.isArray(previous)) {
    return next.map((item, index) => keepInstants(item, previous[index]));
  }
  if (isPlainObject(next) && isPlainObject(previous)) {
    return Object.fromEntries(
      Object.entries(next).map(([key, item]) => [key, keepInstants(item, previous[key])]),
    );
  }
  return next;
}

/** Where a new file's lines wrap (the owner's files wrap before 100 columns). */
const defaultLineWidth = 96;

/**
 * The line width at which the yaml library writes a file back most like the owner wrote it: the
 * library re-wraps every folded paragraph, so the closest width changes the fewest lines.
 */
function lineWidthOf(text: string): number {
  const lines = text.split('\n');
  let best = { width: defaultLineWidth, changed: Number.POSITIVE_INFINITY };
  for (let width = 80; width <= 120; width += 2) {
    const written = parseDocument(text).toString({ lineWidth: width }).split('\n');
    const changed =
      written.filter((line, index) => line !== lines[index]).length +
      Math.abs(written.length - lines.length);
    if (changed < best.changed) best = { width, changed };
    if (changed === 0) break;
  }
  return best.width;
}

/** How a changed text is written: as it was where it can be, quoted where it must be. */
function scalarType(value: string, previous: Scalar.Type | undefined): Scalar.Type {
  if (timestampLike.test(value)) return 'QUOTE_DOUBLE';
  const chosen = stringify(value, { lineWidth: 0 }).trimEnd();
  const needsQuotes = chosen.startsWith('"') || chosen.startsWith("'");
  if (previous === 'BLOCK_FOLDED' && !value.includes('\n')) return previous;
  if (previous === 'QUOTE_DOUBLE' || previous === 'QUOTE_SINGLE') return previous;
  if (value.includes('\n')) return 'QUOTE_DOUBLE';
  return needsQuotes ? 'QUOTE_DOUBLE' : 'PLAIN';
}

/** A folded block's text wrapped at spaces, as the owner's files are (a single line break folds). */
function folded(value: string, width: number): string {
  if (/\s\s|^\s|\s$/.test(value)) return value;
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join('\n');
}

interface Edit {
  node: Scalar;
  value: string;
  afterKey: boolean;
}

/**
 * The scalar edits that turn a file's document into `next`, or null when more than values
 * changed (a field or an item added or removed).
 */
function scalarEdits(node: unknown, next: unknown, afterKey: boolean, edits: Edit[]): boolean {
  if (isMap(node)) {
    if (!isPlainObject(next)) return false;
    const keys = node.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : ''));
    if (keys.length !== Object.keys(next).length || keys.some((key) => !(key in next))) {
      return false;
    }
    return node.items.every((pair, index) =>
      scalarEdits(pair.value, next[keys[index] as string], true, edits),
    );
  }
  if (isSeq(node)) {
    if (!Array.isArray(next) || next.length !== node.items.length) return false;
    return node.items.every((item, index) => scalarEdits(item, next[index], false, edits));
  }
  if (isScalar(node)) {
    if (isDeepStrictEqual(node.value, next)) {
      // An unquoted date-time is quoted, so the editor reads it with its offset from now on.
      if (typeof next === 'string' && node.type === 'PLAIN' && timestampLike.test(next)) {
        edits.push({ node, value: next, afterKey });
      }
      return true;
    }
    if (typeof next === 'string' || typeof next === 'number' || typeof next === 'boolean') {
      edits.push({ node, value: String(next), afterKey });
      return true;
    }
  }
  return false;
}

/** `next` written into the file's text by editing its changed values only; null if it cannot. */
function editValues(text: string, next: unknown): string | null {
  const tokens = [...new Parser().parse(text)];
  const documents = [...new Composer({ keepSourceTokens: true }).compose(tokens)];
  const document = documents[0];
  if (documents.length !== 1 || !document || document.errors.length > 0) return null;
  const edits: Edit[] = [];
  if (!scalarEdits(document.contents, next, false, edits)) return null;
  for (const { node, value, afterKey } of edits) {
    const token = node.srcToken;
    if (!token) return null;
    const isString = typeof node.value === 'string';
    const type = isString ? scalarType(value, node.type) : 'PLAIN';
    const indent = 'indent' in token ? token.indent : 0;
    const source = type === 'BLOCK_FOLDED' ? folded(value, 96 - indent - 2) : value;
    CST.setScalarValue(token, source, { afterKey, type });
  }
  const edited = tokens.map((token) => CST.stringify(token)).join('');
  // Whatever the edits did, the file must now say exactly `next`; if not, the other way.
  return isDeepStrictEqual(parse(edited), next) ? edited : null;
}

/** `next` written over the file's document: comments stay, values are re-wrapped. */
function patchNode(document: Document, node: unknown, next: unknown): unknown {
  if (isMap(node) && isPlainObject(next)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!(key in next)) node.delete(pair.key);
    }
    for (const [key, value] of Object.entries(next)) {
      const current = node.get(key, true);
      node.set(
        key,
        current === undefined ? document.createNode(value) : patchNode(document, current, value),
      );
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(next)) {
    node.items = next.map((value, index) =>
      index < node.items.length
        ? (patchNode(document, node.items[index], value) as Node)
        : document.createNode(value),
    );
    return node;
  }
  if (isScalar(node) && !isPlainObject(next) && !Array.isArray(next)) {
    if (!isDeepStrictEqual(node.value, next)) node.value = next;
    return node;
  }
  return document.createNode(next);
}

function rewrite(text: string | undefined, next: unknown): string {
  const document = text === undefined ? new Document(next) : parseDocument(text);
  if (text !== undefined) document.contents = patchNode(document, document.contents, next) as Node;
  // Quote what js-yaml would read as a date, so the editor reads it back as text.
  const quote = (node: unknown): void => {
    if (isScalar(node) && typeof node.value === 'string' && timestampLike.test(node.value)) {
      node.type = 'QUOTE_DOUBLE';
    } else if (isMap(node)) for (const pair of node.items) quote(pair.value);
    else if (isSeq(node)) for (const item of node.items) quote(item);
  };
  quote(document.contents);
  return document.toString({
    lineWidth: text === undefined ? defaultLineWidth : lineWidthOf(text),
  });
}

/** A Markdown file's front matter and text (the same split as contracts/content/load.ts). */
function split(text: string): { frontMatter: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n?/.exec(text);
  if (!match) return { frontMatter: '', body: text };
  return { frontMatter: match[1] ?? '', body: text.slice(match[0].length) };
}

/** A YAML text's value, if it is valid YAML. */
function readable(text: string): { value: unknown } | undefined {
  const document = parseDocument(text);
  return document.errors.length > 0 ? undefined : { value: document.toJS() as unknown };
}

export type SaveResult = { text: string } | { problems: string };

/**
 * The text to write for a content file Keystatic saved (`saved`, Keystatic's text) given the file
 * on disk now (`current`, undefined when there is none): steps 1 to 3 above. Throws when
 * Keystatic's text is not YAML.
 */
export function mergeIntoFile(
  file: ContentFile,
  saved: string,
  current: string | undefined,
): string {
  const markdown = file.format === 'markdown';
  const parts = markdown ? split(saved) : { frontMatter: saved, body: '' };
  // The file on disk, if it is there and readable YAML: its wording and comments are kept.
  const existing =
    current === undefined ? undefined : markdown ? split(current) : { frontMatter: current };
  const previous = existing === undefined ? undefined : readable(existing.frontMatter);
  const data: unknown = parse(parts.frontMatter) ?? {};
  const next = keepInstants(contentValue(file.schema, data) ?? {}, previous?.value);
  const frontMatter =
    existing === undefined || previous === undefined
      ? rewrite(undefined, next)
      : (editValues(existing.frontMatter, next) ?? rewrite(existing.frontMatter, next));
  return markdown
    ? `---\n${frontMatter.endsWith('\n') ? frontMatter : `${frontMatter}\n`}---\n${parts.body}`
    : frontMatter;
}

/**
 * mergeIntoFile, then the build's check (step 4): the text to write, or why not. `name` is the
 * editor's name of the file (a singleton's, or "pages" for one of the owner's pages).
 */
export function prepareSave(
  { name, file }: { name: string; file: ContentFile },
  saved: string,
  current: string | undefined,
): SaveResult {
  let text: string;
  try {
    text = mergeIntoFile(file, saved, current);
  } catch (error) {
    return {
      problems: `content/${file.path}: the editor wrote YAML that cannot be read: ${String(error)}`,
    };
  }
  const checked = checkFile(file, text);
  if ('problems' in checked) {
    // The file's values, for the place of a field inside a page's block.
    const data = readable(file.format === 'markdown' ? split(text).frontMatter : text)?.value;
    return {
      problems: [
        'Not saved: the site would not build with this content.',
        // The file's words for the developer, the editor's for the owner.
        ...checked.problems.map((problem) =>
          problem.path
            ? `${formatProblem(problem)} (in the editor: ${editorPlace(name, file, problem.path, data)})`
            : formatProblem(problem),
        ),
      ].join('\n'),
    };
  }
  return { text };
}
