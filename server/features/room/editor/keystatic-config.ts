/**
 * The Keystatic configuration of the content editor (at /keystatic in `npm run dev`, at
 * /owner/editor in the owner's room), derived from the content schemas of contracts/content/
 * (read through contracts/content/schema-walk.ts): one singleton per content file, one field per
 * schema field. The editor's API (api.ts) and its page need the same one; the page's script
 * (scripts/content-editor/ui-entry.ts) takes it into the browser, so this file, alone of
 * server/features/room/editor/, imports nothing that needs Node. Nothing here is written by hand per
 * file, so the editor cannot drift from what the build accepts (agreement.test.ts checks every
 * field of every file).
 *
 * Paths are relative to the content directory (Keystatic's local base directory: content/ or
 * CONTENT_DIR in dev, the owner's working copy DATA_DIR/content in the room): the singleton
 * `workshop` is content/workshop.yaml, `legal/terms` is content/legal/terms.md.
 *
 * How zod maps to Keystatic:
 *   object → fields.object            array → fields.array (item label from a name-like field)
 *   string, union of strings → fields.text, validated by the zod schema itself (same message as
 *     the build); multi-line where the schema allows line breaks
 *   z.url() → fields.url   z.iso.date() → fields.date   z.iso.datetime() → fields.text (below)
 *   number → fields.integer / fields.number   boolean → fields.checkbox   enum → fields.select
 *   image (fields.ts) → fields.object({ src: fields.image, alt: fields.text })
 *   Markdown `body` → fields.markdoc with extension .md, the file's text after its front matter
 *
 * Optional: empty means absent. Keystatic already leaves an empty text, date, URL or number out of
 * the file; an optional enum gets a "(none)" choice; an optional group (an image, a badge) whose
 * fields are all empty is written as `{}`, which the save step (save.ts) removes. Required fields
 * keep Keystatic's required marker; whatever Keystatic cannot express is refused at save by the
 * same check as the build.
 *
 * Date-times are text, not fields.datetime: Keystatic's datetime keeps "YYYY-MM-DDTHH:MM" with no
 * offset (it reads a date as UTC and drops seconds), and the content needs "+01:00".
 */
import {
  type BasicFormField,
  type Collection,
  type ComponentSchema,
  type Config,
  type FormFieldStoredValue,
  fields,
  type Singleton,
} from '@keystatic/core';
import { z } from 'zod';
import {
  type ContentFile,
  contentFiles,
  pageSlugPattern,
  pagesDirectory,
  pagesName,
  postsDirectory,
  postsName,
} from '../../../../contracts/content';
import { image, isImageSchema } from '../../../../contracts/content/fields';
import { ownerPage } from '../../../../contracts/content/pages';
import { post } from '../../../../contracts/content/posts';
import {
  nameOf,
  optionFor,
  type Schema,
  type SchemaView,
  unwrap,
  viewOf,
} from '../../../../contracts/content/schema-walk';

/** Where pictures live, relative to the content directory. */
export const imagesDirectory = 'images';

/** `nextDate` → "Next date". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A title or description given to a schema with `.meta()` / `.describe()`. */
function metaOf(schema: Schema): { title?: string; description?: string } {
  return (z.globalRegistry.get(schema) ?? {}) as { title?: string; description?: string };
}

/** Whether a schema takes only strings: a string, a format of one, or a union of those. */
function isStringLike(schema: Schema): boolean {
  const view = viewOf(schema);
  if (view.kind === 'string') return true;
  if (view.kind === 'union') return view.options.every(isStringLike);
  return false;
}

/** The first problem zod finds with a value, in the words the build prints. */
function problemWith(schema: Schema, value: unknown): string | undefined {
  const result = z.safeParse(schema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * Keystatic's text field checks `pattern.regex.test(value)` and shows `pattern.message`: this
 * "pattern" is the zod schema, so the field says what the build would say.
 */
class SchemaPattern extends RegExp {
  message = '';
  constructor(
    private readonly schema: Schema,
    private readonly optional: boolean,
  ) {
    super('');
  }
  override test(value: string): boolean {
    const problem = value === '' && this.optional ? undefined : problemWith(this.schema, value);
    this.message = problem ?? '';
    return problem === undefined;
  }
}

/**
 * js-yaml (Keystatic's YAML reader) turns an unquoted 2026-12-10T18:00:00+00:00 or 2027-03-04
 * into a Date, which a text field would refuse; the site's reader keeps it as text. The same
 * instant is written back as text in UTC (the save step puts the file's own wording back when
 * the instant did not change).
 */
function textFromDate(value: Date, dateTime: boolean): string {
  const iso = value.toISOString().replace('.000Z', 'Z');
  return !dateTime && iso.endsWith('T00:00:00Z') ? iso.slice(0, 10) : iso;
}

function textField(
  schema: Schema,
  label: string,
  description: string | undefined,
  optional: boolean,
  defaultValue: unknown,
): ComponentSchema {
  const view = viewOf(schema);
  const dateTime = view.kind === 'string' && view.format === 'datetime';
  const pattern = new SchemaPattern(schema, optional);
  const base = fields.text({
    label,
    ...(description ? { description } : {}),
    ...(typeof defaultValue === 'string' ? { defaultValue } : {}),
    // A paragraph may wrap over lines; a line of copy, an address or a date may not.
    multiline: problemWith(schema, 'a\nb') === undefined,
    validation: {
      length: { min: optional ? 0 : 1 },
      pattern: {
        regex: pattern,
        get message() {
          return pattern.message;
        },
      },
    },
  });
  const fromDate = (value: FormFieldStoredValue) =>
    value instanceof Date ? textFromDate(value, dateTime) : value;
  const field: typeof base = {
    ...base,
    parse: (value, extra) => base.parse(fromDate(value), extra),
    reader: { ...base.reader, parse: (value) => base.reader.parse(fromDate(value)) },
  };
  return field;
}

/** A file name an owner's upload can keep: lower case, no spaces ("IMG 12.JPG" → img-12.jpg). */
export function safeFileName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9._/-]+/g, '-')
    .replace(/^[-.]+/, '');
}

/**
 * Keystatic's image field, keeping the picture's own file name. Keystatic renames a picture
 * after its field on every save (faq/image/src.svg) and deletes the old file, which other pages
 * may still name; here the name stays (an upload keeps its own name, made safe).
 */
function imageFileField(label: string, required: boolean): ComponentSchema {
  const base = fields.image<boolean>({
    label,
    directory: imagesDirectory,
    // No publicPath: the value is the file name under content/images/, as the schema wants.
    validation: { isRequired: required },
  });
  const field: typeof base = {
    ...base,
    serialize: (value, args) =>
      value === null
        ? base.serialize(value, args)
        : base.serialize(
            { ...value, filename: safeFileName(value.filename) },
            { ...args, suggestedFilenamePrefix: undefined },
          ),
  };
  return field;
}

function imageField(label: string, description: string | undefined, optional: boolean) {
  return fields.object(
    {
      src: imageFileField('Picture (a .jpg, .png or .svg in content/images/)', !optional),
      alt: textField(
        image.shape.alt,
        'Text alternative (what the picture shows, for screen readers)',
        undefined,
        optional,
        undefined,
      ),
    },
    { label, ...(description ? { description } : {}) },
  );
}

/** Keys whose text names an item in a list, best first. */
const itemLabelKeys = [
  'name',
  'title',
  'label',
  'question',
  'heading',
  'headline',
  'kicker',
  'id',
  'start',
  'alt',
  'quote',
  'from',
];

type PreviewValue = { value?: unknown; fields?: Record<string, PreviewValue> };

function shorten(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > 60 ? `${single.slice(0, 57)}…` : single;
}

function itemLabelFor(element: ComponentSchema): ((props: unknown) => string) | undefined {
  if (element.kind === 'form') {
    return (props) => {
      const value = (props as PreviewValue).value;
      return typeof value === 'string' && value ? shorten(value) : 'Item';
    };
  }
  if (element.kind !== 'object') return undefined;
  const key = itemLabelKeys.find((candidate) => element.fields[candidate]?.kind === 'form');
  if (!key) return undefined;
  return (props) => {
    const value = (props as PreviewValue).fields?.[key]?.value;
    return typeof value === 'string' && value ? shorten(value) : 'Item';
  };
}

/** A field path for error messages: `faq.items[]`. */
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The Keystatic field for one zod field. Throws, naming the path, for what it cannot map.
 * `inOptional`: the field is inside an optional group, which may be left empty as a whole, so
 * Keystatic must not insist on it (the save step checks it when the group is filled in).
 * `note`: said after the field's own description (which kinds of a group have it).
 */
export function fieldFor(
  schema: Schema,
  key: string,
  path: string,
  inOptional = false,
  note?: string,
): ComponentSchema {
  const unwrapped = unwrap(schema);
  const { inner, defaultValue } = unwrapped;
  const optional = unwrapped.optional || inOptional;
  const meta = { ...metaOf(inner), ...metaOf(schema) };
  const label = meta.title ?? labelOf(key);
  const description = [meta.description, note].filter(Boolean).join(' ') || undefined;
  const described = description ? { description } : {};
  const source = { inner, key, path, label, description, described, optional, defaultValue };

  if (isImageSchema(inner)) return imageField(label, description, optional);

  // One function per kind of schema, each beside this one.
  const view = viewOf(inner);
  switch (view.kind) {
    case 'object':
      return objectField(view, source);
    case 'array':
      return arrayField(view, source);
    case 'string':
    case 'union':
      if (isStringLike(inner)) return stringField(view, source);
      if (view.kind === 'union' && view.discriminator) return kindsField(view, source);
      break;
    case 'number':
      return numberField(view, source);
    case 'boolean':
      return checkboxField(source);
    case 'enum':
      return selectField(view, source);
  }
  throw new Error(
    `content editor: no Keystatic field for ${path || key} (a ${nameOf(view)} schema); ` +
      'add its mapping to server/features/room/editor/keystatic-config.ts',
  );
}

/** One zod field as fieldFor reads it: the schema inside its wrappers, where it is, its words. */
interface FieldSource {
  /** The schema inside its wrappers (optional, default). */
  inner: Schema;
  key: string;
  /** Where the field is, for error messages: `faq.items[]`. */
  path: string;
  label: string;
  description: string | undefined;
  /** `{ description }` when there is one, for a field's options. */
  described: { description?: string };
  /** It may be left empty: optional itself, or inside an optional group. */
  optional: boolean;
  defaultValue: unknown;
}

/** The view of one kind of schema. */
type ViewOf<Kind extends SchemaView['kind']> = Extract<SchemaView, { kind: Kind }>;

/** A group: each of its fields, optional throughout when the group is. */
function objectField(
  view: ViewOf<'object'>,
  { path, label, described, optional }: FieldSource,
): ComponentSchema {
  return fields.object(
    Object.fromEntries(
      Object.entries(view.shape).map(([name, field]) => [
        name,
        fieldFor(field, name, join(path, name), optional),
      ]),
    ),
    { label, ...described },
  );
}

/** A list, its items labelled by a name-like field; a list of blocks is Keystatic's blocks. */
function arrayField(
  view: ViewOf<'array'>,
  { key, path, label, described, optional }: FieldSource,
): ComponentSchema {
  const elementView = viewOf(view.element);
  if (elementView.kind === 'union' && elementView.discriminator === 'discriminant') {
    return blocksField(elementView, label, described, `${path}[]`);
  }
  const element = fieldFor(view.element, key, `${path}[]`);
  const itemLabel = itemLabelFor(element);
  return fields.array(element, {
    label,
    ...described,
    ...(itemLabel ? { itemLabel } : {}),
    validation: { length: optional ? {} : view.length },
  });
}

/** A string, or a union of strings: a URL, a date, else text checked by the schema itself. */
function stringField(view: ViewOf<'string' | 'union'>, source: FieldSource): ComponentSchema {
  const { inner, label, description, described, optional, defaultValue } = source;
  const format = view.kind === 'string' ? view.format : undefined;
  if (format === 'url') {
    return fields.url({
      label,
      ...described,
      ...(typeof defaultValue === 'string' ? { defaultValue } : {}),
      validation: { isRequired: !optional },
    });
  }
  if (format === 'date') {
    return fields.date({
      label,
      ...described,
      ...(typeof defaultValue === 'string' ? { defaultValue } : {}),
      validation: { isRequired: !optional },
    });
  }
  return textField(inner, label, description, optional, defaultValue);
}

/**
 * Groups told apart by a field of their own, written flat in the file (an application's
 * question and its `type`, contracts/content/cohort-questions.ts): one group of every field any
 * kind has, the kind a choice of its names. A field some kinds lack is optional and says which
 * kinds have it; a number several kinds bound differently takes the loosest bounds. The save step
 * drops the fields the chosen kind lacks (save.ts), and the build's check holds the rest.
 */
function kindsField(
  view: ViewOf<'union'>,
  { path, label, described }: FieldSource,
): ComponentSchema {
  const discriminator = view.discriminator as string;
  const kinds = view.options.map((option) => {
    const shape = viewOf(option);
    const literal = shape.kind === 'object' ? shape.shape[discriminator] : undefined;
    const kind = literal ? viewOf(literal) : undefined;
    if (shape.kind !== 'object' || kind?.kind !== 'literal') {
      throw new Error(`content editor: ${path} is not a list of groups told apart by a field`);
    }
    return { name: String(kind.values[0]), shape: shape.shape };
  });
  const names = kinds.map(({ name }) => name);
  const keys = [...new Set(kinds.flatMap(({ shape }) => Object.keys(shape)))];
  const field = (key: string): ComponentSchema => {
    if (key === discriminator) {
      return fields.select({
        label: labelOf(key),
        options: names.map((name) => ({ label: name, value: name })),
        defaultValue: names[0] as string,
      });
    }
    const having = kinds.filter(({ shape }) => key in shape);
    const schemas = [...new Set(having.map(({ shape }) => shape[key] as Schema))];
    const some = having.length < kinds.length;
    const only = some ? `Only for: ${having.map(({ name }) => name).join(', ')}.` : undefined;
    const [schema] = schemas;
    if (schema && schemas.length === 1) return fieldFor(schema, key, join(path, key), some, only);
    const numbers = schemas.map((each) => viewOf(unwrap(each).inner));
    if (!numbers.every((each) => each.kind === 'number')) {
      throw new Error(`content editor: ${join(path, key)} differs between kinds of ${path}`);
    }
    return loosestNumber(numbers as ViewOf<'number'>[], labelOf(key), only);
  };
  return fields.object(Object.fromEntries(keys.map((key) => [key, field(key)])), {
    label,
    ...described,
  });
}

/** One number field for a number several kinds bound differently: the loosest of their bounds. */
function loosestNumber(
  views: readonly ViewOf<'number'>[],
  label: string,
  description: string | undefined,
): ComponentSchema {
  const bound = (pick: (view: ViewOf<'number'>) => number | undefined, most: typeof Math.max) => {
    const all = views.map(pick);
    return all.every((each) => each !== undefined) ? most(...all) : undefined;
  };
  const min = bound((view) => view.min, Math.min);
  const max = bound((view) => view.max, Math.max);
  const options = {
    label,
    ...(description ? { description } : {}),
    validation: {
      isRequired: false,
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
    },
  };
  return views.every((view) => view.integer) ? fields.integer(options) : fields.number(options);
}

/** A whole number or any number, within the schema's bounds. */
function numberField(
  view: ViewOf<'number'>,
  { label, described, optional, defaultValue }: FieldSource,
): ComponentSchema {
  const options = {
    label,
    ...described,
    ...(typeof defaultValue === 'number' ? { defaultValue } : {}),
    validation: {
      isRequired: !optional,
      ...(view.min === undefined ? {} : { min: view.min }),
      ...(view.max === undefined ? {} : { max: view.max }),
    },
  };
  return view.integer ? fields.integer(options) : fields.number(options);
}

function checkboxField({ label, described, defaultValue }: FieldSource): ComponentSchema {
  return fields.checkbox({
    label,
    ...described,
    defaultValue: defaultValue === true,
  });
}

/** A choice of the enum's values; an optional one also offers "(none)", written as nothing. */
function selectField(
  view: ViewOf<'enum'>,
  { label, described, optional, defaultValue }: FieldSource,
): ComponentSchema {
  const { values } = view;
  const options = values.map((value) => ({ label: value, value }));
  if (!optional) {
    return fields.select({
      label,
      ...described,
      options,
      defaultValue: (defaultValue as string | undefined) ?? (values[0] as string),
    });
  }
  const select = fields.select({
    label,
    ...described,
    options: [{ label: '(none)', value: '' }, ...options],
    defaultValue: (defaultValue as string | undefined) ?? '',
  });
  return {
    ...select,
    serialize: (value: string) => ({ value: value === '' ? undefined : value }),
  };
}

/**
 * An owner's page's blocks (contracts/content/pages.ts): Keystatic's blocks field, one kind per
 * option of the union, each item listed by its kind and heading ("Faq: Questions organisers ask").
 */
function blocksField(
  view: Extract<SchemaView, { kind: 'union' }>,
  label: string,
  described: { description?: string },
  path: string,
): ComponentSchema {
  const kinds = view.options.map((option) => {
    const shape = viewOf(option);
    const discriminant = shape.kind === 'object' ? shape.shape.discriminant : undefined;
    const literal = discriminant ? viewOf(discriminant) : undefined;
    const value = shape.kind === 'object' ? shape.shape.value : undefined;
    const kind = literal?.kind === 'literal' ? literal.values[0] : undefined;
    if (typeof kind !== 'string' || !value) {
      throw new Error(`content editor: ${path} is not a list of { discriminant, value } blocks`);
    }
    const schema = fieldFor(value, kind, `${path}.${kind}`);
    const kindLabel = metaOf(value).title ?? labelOf(kind);
    const named = itemLabelFor(schema);
    return [
      kind,
      {
        label: kindLabel,
        schema,
        itemLabel: (props: unknown) => {
          const name = named?.(props);
          return name && name !== 'Item' ? `${kindLabel}: ${name}` : kindLabel;
        },
      },
    ] as const;
  });
  return fields.blocks(Object.fromEntries(kinds), { label, ...described });
}

/** The field of a Markdown file's text: Markdown kept as .md (Markdoc's editor, plain features). */
function markdownBody(label: string, pictures = false) {
  return fields.markdoc({
    label,
    extension: 'md',
    // Only what plain Markdown writes the same way: no Markdoc tables, tags or code blocks. A
    // post's text may hold pictures (contracts/content/post-text.ts): an upload goes to the
    // content's images/ under its own name made safe, and the text names it by that name alone.
    options: {
      table: false,
      codeBlock: false,
      image: pictures ? { directory: imagesDirectory, transformFilename: safeFileName } : false,
    },
  });
}

/** The singleton of one content file. */
export function singletonFor(
  name: string,
  file: ContentFile,
): Singleton<Record<string, ComponentSchema>> {
  const view = viewOf(unwrap(file.schema).inner);
  if (view.kind !== 'object') {
    throw new Error(`content editor: the schema of content/${file.path} is not an object`);
  }
  const { shape } = view;
  const schema = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      file.format === 'markdown' && key === 'body'
        ? markdownBody(metaOf(field).title ?? 'Text')
        : fieldFor(field, key, key),
    ]),
  );
  if (file.format === 'markdown' && !('body' in shape)) {
    throw new Error(`content editor: the schema of content/${file.path} has no body field`);
  }
  const extension = file.format === 'markdown' ? '.md' : '.yaml';
  if (!file.path.endsWith(extension)) {
    throw new Error(`content editor: content/${file.path} should end with ${extension}`);
  }
  return {
    label: labelOf(name),
    path: file.path.slice(0, -extension.length),
    format: file.format === 'markdown' ? { data: 'yaml', contentField: 'body' } : { data: 'yaml' },
    entryLayout: file.format === 'markdown' ? 'content' : 'form',
    schema,
  };
}

/**
 * Where a field of a content file is in the editor, by the labels the owner sees there: for
 * site.yaml's `redirects[1].to`, "Site › Redirects › item 2 › To"; for a page's
 * `blocks[1].value.heading`, "Pages › Blocks › item 2 › Text › Heading", the block's kind read from
 * `data` (the file's value). A refusal at Save names it beside the file's line and field
 * (save.ts). A path the schema does not have (an unknown field) ends at the last field it has.
 */
export function editorPlace(name: string, file: ContentFile, path: string, data?: unknown): string {
  const places = [labelOf(name)];
  let schema: Schema = file.schema;
  let value = data;
  for (const [, key, index] of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    const view = viewOf(unwrap(schema).inner);
    // A block: the fields of the kind it is, under the kind's name.
    if (view.kind === 'union') {
      const option = optionFor(view, value);
      const kind = option ? viewOf(option) : undefined;
      const fields = kind?.kind === 'object' ? kind.shape.value : undefined;
      if (!fields || key !== 'value') break;
      places.push(
        metaOf(fields).title ?? labelOf(String((value as { discriminant: string }).discriminant)),
      );
      schema = fields;
      value = (value as { value?: unknown }).value;
      continue;
    }
    const next =
      index !== undefined && view.kind === 'array'
        ? view.element
        : key !== undefined && view.kind === 'object'
          ? view.shape[key]
          : undefined;
    if (!next) break;
    const meta = { ...metaOf(unwrap(next).inner), ...metaOf(next) };
    places.push(
      index !== undefined ? `item ${Number(index) + 1}` : (meta.title ?? labelOf(key ?? '')),
    );
    schema = next;
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<string, unknown>)[index ?? key ?? '']
        : undefined;
  }
  return places.join(' › ');
}

/** A collection entry's file name, made from its name and kept to what a slug may be. */
const fileNameOf = (description: string) => ({
  label: 'File name',
  description,
  validation: {
    pattern: {
      regex: pageSlugPattern,
      message:
        'Use lower-case letters, digits and hyphens, starting and ending with a letter or digit.',
    },
  },
});

/**
 * The owner's pages as a collection: one file each in content/pages/, its name as the editor
 * lists it, the file name made from that name (and kept to what a page's slug may be).
 */
export function pagesCollection(): Collection<Record<string, ComponentSchema>, 'name'> {
  const view = viewOf(unwrap(ownerPage).inner);
  if (view.kind !== 'object') throw new Error('content editor: the page schema is not an object');
  const schema = Object.fromEntries(
    Object.entries(view.shape).map(([key, field]) => [key, fieldFor(field, key, key)]),
  );
  schema.name = fields.slug({
    name: {
      label: 'Name',
      description: 'What the editor lists the page by; visitors never see it.',
    },
    slug: fileNameOf(
      `The page's file in content/${pagesDirectory}/: lower-case letters, digits and hyphens.`,
    ),
  });
  return {
    label: labelOf(pagesName),
    path: `${pagesDirectory}/*`,
    slugField: 'name',
    format: { data: 'yaml' },
    schema,
  };
}

/** What the editor shows of a field the owner never sees. */
const NoInput = () => null;

/**
 * A post's id (contracts/content/posts.ts), which keeps its newsletter to one broadcast: never
 * shown, never typed. A post made in the editor gets a new one (Keystatic asks every field for
 * its default when an entry is created); an existing post's is read and written back as it is,
 * through edits and renames (Keystatic saves a renamed entry as a new file with the same fields).
 * A copied or pasted id, or none, is put right at Save (post-ids.ts).
 */
export function postIdField(): BasicFormField<string, string, string | undefined> {
  return {
    kind: 'form',
    label: 'Id',
    Input: NoInput,
    // The browser's Web Crypto, as Node's: this file also runs in the editor's page.
    defaultValue: () => crypto.randomUUID(),
    parse: (value) => (typeof value === 'string' ? value : ''),
    serialize: (value) => ({ value: value === '' ? undefined : value }),
    validate: (value) => value,
    reader: { parse: (value) => (typeof value === 'string' ? value : undefined) },
  };
}

/**
 * The posts as a collection (docs/decisions/028-writing.md): one Markdown file each in
 * content/posts/, its title as the editor lists it, the file name (the post's address) made from
 * the title and kept to what a slug may be; the text in the Markdown editor.
 */
export function postsCollection(): Collection<Record<string, ComponentSchema>, 'title'> {
  const view = viewOf(unwrap(post).inner);
  if (view.kind !== 'object') throw new Error('content editor: the post schema is not an object');
  const schema = Object.fromEntries(
    Object.entries(view.shape).map(([key, field]) => [
      key,
      key === 'body' ? markdownBody('Text', true) : fieldFor(field, key, key),
    ]),
  );
  schema.id = postIdField();
  schema.title = fields.slug({
    name: { label: 'Title' },
    slug: fileNameOf(
      `The post's file in content/${postsDirectory}/ and its address under the writing's path: lower-case letters, digits and hyphens.`,
    ),
  });
  return {
    label: labelOf(postsName),
    path: `${postsDirectory}/*`,
    slugField: 'title',
    format: { data: 'yaml', contentField: 'body' },
    entryLayout: 'content',
    schema,
  };
}

/** The editor's configuration: local storage, one singleton per content file, the pages and the posts. */
export function keystaticConfig(
  files: Readonly<Record<string, ContentFile>> = contentFiles,
): Config {
  return {
    storage: { kind: 'local' },
    ui: { brand: { name: 'Site content' } },
    singletons: Object.fromEntries(
      Object.entries(files).map(([name, file]) => [name, singletonFor(name, file)]),
    ),
    collections: { [pagesName]: pagesCollection(), [postsName]: postsCollection() },
  };
}
