import type { ComponentSchema } from '@keystatic/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ContentFile, contentFiles } from '../../../../contracts/content';
import { isImageSchema } from '../../../../contracts/content/fields';
import { blockKinds } from '../../../../contracts/content/pages';
import { post } from '../../../../contracts/content/posts';
import { type Schema, unwrap, viewOf } from '../../../../contracts/content/schema-walk';
import { everything, fixtureFiles } from './fixture';
import { fieldFor, keystaticConfig, labelOf, safeFileName } from './keystatic-config';

/** Every field of a zod schema as a path (`people[].photo.src`), leaves only. */
function zodPaths(schema: Schema, path = ''): string[] {
  const view = viewOf(unwrap(schema).inner);
  if (view.kind === 'object') {
    return Object.entries(view.shape).flatMap(([key, field]) =>
      zodPaths(field, path ? `${path}.${key}` : key),
    );
  }
  if (view.kind === 'array') return zodPaths(view.element, `${path}[]`);
  // Kinds written flat (an application's questions): the fields of every kind, each once.
  if (view.kind === 'union' && view.discriminator && view.discriminator !== 'discriminant') {
    return [...new Set(view.options.flatMap((option) => zodPaths(option, path)))];
  }
  return [path];
}

/** Every field of a Keystatic schema as a path, leaves (form fields) only. */
function keystaticPaths(field: ComponentSchema, path = ''): string[] {
  if (field.kind === 'object') {
    return Object.entries(field.fields).flatMap(([key, inner]) =>
      keystaticPaths(inner, path ? `${path}.${key}` : key),
    );
  }
  if (field.kind === 'array') return keystaticPaths(field.element, `${path}[]`);
  return [path];
}

const singletonPaths = (schema: Record<string, ComponentSchema>) =>
  Object.entries(schema).flatMap(([key, field]) => keystaticPaths(field, key));

const fileNameOf = (singleton: { path?: string; format?: unknown }) =>
  `${singleton.path}${typeof singleton.format === 'object' && singleton.format && 'contentField' in singleton.format ? '.md' : '.yaml'}`;

describe('the Keystatic configuration derived from the content schemas', () => {
  const config = keystaticConfig();

  it("stores locally, with one singleton per content file and the owner's pages", () => {
    expect(config.storage).toEqual({ kind: 'local' });
    expect(Object.keys(config.collections ?? {})).toEqual(['pages', 'posts']);
    expect(Object.keys(config.singletons ?? {}).sort()).toEqual(Object.keys(contentFiles).sort());
  });

  it("site: the main site's menus, a header and a footer list of labelled links", () => {
    const navigation = config.singletons?.site?.schema.navigation;
    if (navigation?.kind !== 'object') throw new Error('no navigation group');
    const { primary, footer } = navigation.fields;
    if (primary?.kind !== 'array' || footer?.kind !== 'array') throw new Error('not lists');
    expect([primary.label, footer.label]).toEqual(['Header menu', 'Footer menu']);
    expect([primary.validation, footer.validation]).toEqual([
      { length: { max: 8 } },
      { length: { max: 12 } },
    ]);
    expect(primary.itemLabel?.({ fields: { label: { value: 'Press' } } })).toBe('Press');
    const item = primary.element;
    if (item.kind !== 'object') throw new Error('not an item');
    expect(Object.keys(item.fields)).toEqual(['label', 'href', 'external']);
    expect(item.fields.external).toMatchObject({ kind: 'form', label: 'Another site' });
    const external = item.fields.external as unknown as { defaultValue(): unknown };
    // Unticked by default: an item is a page of this site unless the owner says otherwise.
    expect(external.defaultValue()).toBe(false);
  });

  it("workshop: each session listed by its name, its seats, and the delivery's words as the owner knows them", () => {
    const workshop = config.singletons?.workshop?.schema;
    const sessions = workshop?.sessions;
    if (sessions?.kind !== 'array' || sessions.element.kind !== 'object') {
      throw new Error('no sessions list');
    }
    const { id, seats, checkout } = sessions.element.fields;
    expect(id).toMatchObject({ kind: 'form', label: 'Name' });
    expect(seats).toMatchObject({ kind: 'form', label: 'Seats' });
    expect(checkout).toMatchObject({ kind: 'form', label: 'Payment Link' });
    expect(sessions.itemLabel?.({ fields: { id: { value: 'december-2026' } } })).toBe(
      'december-2026',
    );
    const delivery = workshop?.delivery;
    if (delivery?.kind !== 'object') throw new Error('no delivery group');
    expect(delivery.label).toBe('Seats, checkout and emails');
    const labels = Object.fromEntries(
      Object.entries(delivery.fields).map(([key, field]) => [
        key,
        'label' in field ? field.label : undefined,
      ]),
    );
    expect(labels).toMatchObject({
      booked: "You're in page",
      soldOutPage: 'Sold-out page',
      retry: 'Try-again page',
    });
    const seatsWords = delivery.fields.seats;
    if (seatsWords?.kind !== 'object') throw new Error('no seats group');
    expect(seatsWords.fields.showLeftFrom).toMatchObject({
      kind: 'form',
      label: 'Show the seats left from',
    });
  });

  it("pages: one YAML file each in content/pages/, named from the page's name", () => {
    const pages = config.collections?.pages;
    expect(pages).toMatchObject({ path: 'pages/*', slugField: 'name', format: { data: 'yaml' } });
    expect(pages?.schema.name?.kind).toBe('form');
    // The blocks: one kind per section kind of contracts/content/pages.ts.
    const blocks = pages?.schema.blocks;
    expect(blocks?.kind).toBe('array');
    const element = blocks?.kind === 'array' ? blocks.element : undefined;
    expect(element?.kind).toBe('conditional');
    expect(element?.kind === 'conditional' ? Object.keys(element.values) : []).toEqual(
      Object.keys(blockKinds),
    );
  });

  it("posts: a new post gets an id of its own, never shown; an existing post's is kept", () => {
    const id = config.collections?.posts?.schema.id;
    if (id?.kind !== 'form' || id.formKind !== undefined) throw new Error('not a plain field');
    expect(
      id.Input({ value: 'x', onChange: () => {}, autoFocus: false, forceValidation: false }),
    ).toBeNull();
    const [first, second] = [id.defaultValue(), id.defaultValue()];
    expect(first).not.toBe(second);
    expect(post.shape.id.safeParse(first).success).toBe(true);
    expect(id.serialize(id.parse('the-first-hire'))).toEqual({ value: 'the-first-hire' });
    // A post from before ids stays without one here; Save gives it its file name (post-ids.ts).
    expect(id.serialize(id.parse(undefined))).toEqual({ value: undefined });
  });

  for (const [name, file] of Object.entries(contentFiles) as [string, ContentFile][]) {
    it(`${name}: reads and writes content/${file.path} as ${file.format}`, () => {
      const singleton = config.singletons?.[name];
      expect(singleton).toBeDefined();
      if (!singleton) return;
      expect(fileNameOf(singleton)).toBe(file.path);
      expect(singleton.format).toEqual(
        file.format === 'markdown' ? { data: 'yaml', contentField: 'body' } : { data: 'yaml' },
      );
    });

    it(`${name}: every field of the schema has its Keystatic field, and no other`, () => {
      const schema = config.singletons?.[name]?.schema ?? {};
      expect(singletonPaths(schema).sort()).toEqual(zodPaths(file.schema).sort());
    });
  }

  it('a Markdown file is a singleton with its text as a .md content field', () => {
    const fixture = keystaticConfig(fixtureFiles);
    const terms = fixture.singletons?.terms;
    expect(terms?.path).toBe('legal/terms');
    expect(terms?.format).toEqual({ data: 'yaml', contentField: 'body' });
    const body = terms?.schema.body;
    expect(body).toMatchObject({ kind: 'form', formKind: 'content', contentExtension: '.md' });
    expect(singletonPaths(terms?.schema ?? {}).sort()).toEqual(
      zodPaths(fixtureFiles.terms.schema).sort(),
    );
    expect(singletonPaths(fixture.singletons?.everything?.schema ?? {}).sort()).toEqual(
      zodPaths(everything).sort(),
    );
  });

  it('a file name that does not fit its format, or a Markdown schema without a body, is refused', () => {
    expect(() =>
      keystaticConfig({ odd: { path: 'odd.yml', schema: everything, format: 'yaml' } }),
    ).toThrow(/should end with \.yaml/);
    expect(() =>
      keystaticConfig({ odd: { path: 'odd.md', schema: everything, format: 'markdown' } }),
    ).toThrow(/no body field/);
  });
});

describe('each building block maps to its Keystatic field', () => {
  type Key = keyof typeof everything.shape;
  /** A form field, loosely typed: the tests give it values of their choosing. */
  interface AnyForm {
    kind: 'form';
    formKind?: string;
    defaultValue(): unknown;
    serialize(value: unknown, extra?: unknown): unknown;
    validate(value: unknown, extra?: unknown): unknown;
    reader: { parse(value: unknown): unknown };
  }
  const field = (key: Key) => fieldFor(everything.shape[key], key, key);
  const form = (key: Key) => {
    const found = field(key);
    if (found.kind !== 'form') throw new Error(`${key} is not a form field`);
    return found as unknown as AnyForm;
  };
  /** What a form field's own check says about a value (undefined: fine). */
  const problem = (key: Key, value: unknown) => {
    try {
      form(key).validate(value, undefined);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('text: required lines, paragraphs over several lines, checked with the build’s words', () => {
    expect(field('title')).toMatchObject({ kind: 'form', formKind: 'slug' });
    expect(problem('title', 'A title')).toBeUndefined();
    expect(problem('title', '')).toMatch(/must not be empty/);
    expect(problem('title', 'two\nlines')).toBe('expected one line of text, got line breaks');
    expect(problem('intro', 'two\nlines')).toBeUndefined();
    // A path or an address: the union of the schema, as the build checks it.
    expect(problem('more', '/terms')).toBeUndefined();
    expect(problem('more', 'terms')).toBe(
      'expected an address starting with https:// or a path starting with /',
    );
  });

  it('date-times are text that must carry an offset; Keystatic’s datetime field would drop it', () => {
    expect(field('starts')).toMatchObject({ kind: 'form', formKind: 'slug' });
    expect(problem('starts', '2027-04-22T18:00:00+01:00')).toBeUndefined();
    expect(problem('starts', '2027-04-22T18:00')).toMatch(/UTC offset/);
    // js-yaml reads an unquoted date-time as a Date: the same instant, as text.
    expect(form('starts').reader.parse(new Date('2027-04-22T18:00:00+01:00'))).toBe(
      '2027-04-22T17:00:00Z',
    );
  });

  it('addresses, days, numbers, switches and choices', () => {
    expect(problem('link', null)).toMatch(/required/);
    expect(field('day')).toMatchObject({ kind: 'form' });
    expect(form('day').formKind).toBeUndefined();
    expect(problem('day', '2027-03-04')).toBeUndefined();
    expect(problem('day', null)).toMatch(/required/);
    expect(problem('seats', 0)).toMatch(/at least 1/);
    expect(problem('seats', 501)).toMatch(/at most 500/);
    expect(problem('price', 49.5)).toBeUndefined();
    expect(form('open').defaultValue()).toBe(false);
    expect(field('colour')).toMatchObject({
      options: [
        { label: 'red', value: 'red' },
        { label: 'green', value: 'green' },
      ],
    });
  });

  it('optional: empty means absent', () => {
    const shade = form('shade');
    expect(shade).toMatchObject({
      options: [{ value: '' }, { value: 'light' }, { value: 'dark' }],
    });
    expect(shade.serialize('')).toEqual({ value: undefined });
    expect(shade.serialize('dark')).toEqual({ value: 'dark' });
    expect(problem('note', '')).toBeUndefined();
    expect(form('note').serialize('')).toEqual({ value: undefined });
    expect(form('tagline').defaultValue()).toBe('Hello');
  });

  it('a picture is an image file in content/images/ and its text alternative', () => {
    const picture = field('picture');
    if (picture.kind !== 'object') throw new Error('not an object');
    expect(Object.keys(picture.fields)).toEqual(['src', 'alt']);
    const src = picture.fields.src;
    expect(src).toMatchObject({ kind: 'form', formKind: 'asset', directory: 'images' });
    if (src?.kind !== 'form' || src.formKind !== 'asset') throw new Error('not an image');
    // Its own name is kept (Keystatic would name it after the field: picture/src.svg).
    const data = new Uint8Array([60]);
    expect(
      src.serialize(
        { data, extension: 'svg', filename: 'people/amara.svg' },
        { suggestedFilenamePrefix: 'picture/src', slug: undefined },
      ),
    ).toEqual({
      value: 'people/amara.svg',
      asset: { filename: 'people/amara.svg', content: data },
    });
    expect(
      src.serialize(
        { data, extension: 'JPG', filename: 'IMG 0042.JPG' },
        { suggestedFilenamePrefix: 'picture/src', slug: undefined },
      ).value,
    ).toBe('img-0042.jpg');
    expect(
      src.filename('people/amara.svg', { suggestedFilenamePrefix: undefined, slug: undefined }),
    ).toBe('people/amara.svg');
    // Required: the picture must be chosen; optional: it may be left empty.
    expect(() => src.validate(null)).toThrow(/required/);
    const logo = field('logo');
    if (logo.kind !== 'object' || logo.fields.src?.kind !== 'form') throw new Error('not an image');
    expect(() =>
      (logo.fields.src as { validate(value: null): unknown }).validate(null),
    ).not.toThrow();
  });

  it('lists: their length limits, and items named by a name-like field', () => {
    const people = field('people');
    if (people.kind !== 'array') throw new Error('not an array');
    expect(people.validation).toEqual({ length: { min: 1, max: 5 } });
    expect(people.itemLabel?.({ fields: { name: { value: 'Ann' } } })).toBe('Ann');
    const points = field('points');
    if (points.kind !== 'array') throw new Error('not an array');
    expect(points.validation).toEqual({ length: { min: 2, max: 2 } });
    expect(points.itemLabel?.({ value: 'One' })).toBe('One');
  });

  it('a schema it cannot map is an error naming the field', () => {
    expect(() => fieldFor(z.strictObject({ a: z.nullable(z.string()) }), 'x', 'x')).toThrow(
      'no Keystatic field for x.a (a nullable schema)',
    );
  });

  it('the image schema is recognised by identity, not by shape', () => {
    const lookalike = z.strictObject({ src: z.string(), alt: z.string().min(1) });
    expect(isImageSchema(lookalike)).toBe(false);
    const mapped = fieldFor(lookalike, 'x', 'x');
    expect(
      mapped.kind === 'object' && mapped.fields.src?.kind === 'form' && mapped.fields.src.formKind,
    ).toBe('slug');
  });
});

describe('helpers', () => {
  it('labels a key as words', () => {
    expect(labelOf('nextDate')).toBe('Next date');
    expect(labelOf('socialLabels')).toBe('Social labels');
  });

  it('keeps an uploaded file name safe for the schema', () => {
    expect(safeFileName('My Photo (1).JPG')).toBe('my-photo-1-.jpg');
    expect(safeFileName('people/amara.svg')).toBe('people/amara.svg');
  });
});

describe('the application’s questions: kinds written flat, a field of each', () => {
  const cohort = keystaticConfig().singletons?.cohort?.schema;
  const application = cohort?.application;
  if (application?.kind !== 'object') throw new Error('no application group');
  const questions = application.fields.questions;
  if (questions?.kind !== 'array') throw new Error('no list of questions');
  const question = questions.element;
  if (question.kind !== 'object') throw new Error('a question is no group');
  /** What a field's own check says about a value (undefined: fine). */
  const problem = (key: string, value: unknown) => {
    try {
      (question.fields[key] as unknown as { validate(value: unknown): unknown }).validate(value);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('is one group of every kind’s fields, its type a choice of the kinds', () => {
    expect(Object.keys(question.fields)).toEqual([
      'type',
      'id',
      'label',
      'help',
      'required',
      'maxLength',
      'options',
      'min',
      'max',
      'integer',
    ]);
    expect(question.fields.type).toMatchObject({
      options: ['short', 'long', 'choice', 'choices', 'number', 'url'].map((kind) => ({
        label: kind,
        value: kind,
      })),
    });
    expect((question.fields.type as unknown as { defaultValue(): unknown }).defaultValue()).toBe(
      'short',
    );
    // A question is asked unless said otherwise, as the schema's default.
    expect(
      (question.fields.required as unknown as { defaultValue(): unknown }).defaultValue(),
    ).toBe(true);
  });

  it('says which kinds a field is for, and bounds a number by the loosest of their limits', () => {
    // Only the choices have options: the other kinds leave the list empty.
    expect(question.fields.options).toMatchObject({
      label: 'Options',
      description: 'Only for: choice, choices.',
      validation: { length: {} },
    });
    // A short answer takes at most 300 characters, a long one 5000: the build checks which.
    expect(problem('maxLength', 4000)).toBeUndefined();
    expect(problem('maxLength', 6000)).toMatch(/5000/);
    expect(problem('maxLength', null)).toBeUndefined();
    // "choices" counts options from 0, "number" takes any number.
    expect(problem('min', -5)).toBeUndefined();
    expect(problem('min', 2.5)).toBeUndefined();
  });
});
