import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateTime, day, href, image, line, money, paragraph, url } from './fields';
import { nameOf, optionFor, unwrap, viewOf } from './schema-walk';

/**
 * What the content schemas are made of, as the walks over them (the build's images, the editor's
 * fields and its save) see it. A zod release that moves its internals fails here first.
 */
describe('the view of each building block of the content schemas', () => {
  it('objects show their fields, strict or not', () => {
    expect(viewOf(image)).toEqual({ kind: 'object', shape: image.shape });
    const loose = z.object({ a: line });
    expect(viewOf(loose)).toEqual({ kind: 'object', shape: { a: line } });
  });

  it('lists show their item and their length limits', () => {
    expect(viewOf(z.array(line))).toEqual({ kind: 'array', element: line, length: {} });
    expect(viewOf(z.array(line).min(1).max(5))).toMatchObject({ length: { min: 1, max: 5 } });
    expect(viewOf(z.array(line).length(2))).toMatchObject({ length: { min: 2, max: 2 } });
  });

  it('text shows its format: an address, a day, a date-time, or none', () => {
    expect(viewOf(line)).toEqual({ kind: 'string' });
    expect(viewOf(paragraph)).toEqual({ kind: 'string' });
    expect(viewOf(url)).toEqual({ kind: 'string', format: 'url' });
    expect(viewOf(day)).toEqual({ kind: 'string', format: 'date' });
    expect(viewOf(dateTime)).toEqual({ kind: 'string', format: 'datetime' });
  });

  it('a union shows its options', () => {
    const view = viewOf(href);
    expect(view.kind).toBe('union');
    expect(view.kind === 'union' && view.options.map((option) => viewOf(option))).toEqual([
      { kind: 'string', format: 'url' },
      { kind: 'string' },
    ]);
  });

  it('numbers show their limits and whether they are whole', () => {
    expect(viewOf(z.number().int().min(1).max(500))).toEqual({
      kind: 'number',
      min: 1,
      max: 500,
      integer: true,
    });
    expect(viewOf(z.number())).toEqual({ kind: 'number', integer: false });
    // A price above 0: no smallest value, but never below 0.
    expect(viewOf(money.shape.amount)).toEqual({ kind: 'number', min: 0, integer: false });
  });

  it('switches and choices', () => {
    expect(viewOf(z.boolean())).toEqual({ kind: 'boolean' });
    expect(viewOf(money.shape.currency)).toEqual({ kind: 'enum', values: ['GBP', 'USD', 'EUR'] });
  });

  it('wrappers show what they wrap; a default shows its value', () => {
    expect(viewOf(line.optional())).toEqual({ kind: 'wrapped', wrapper: 'optional', inner: line });
    expect(viewOf(z.string().default('Hello'))).toMatchObject({
      kind: 'wrapped',
      wrapper: 'default',
      defaultValue: 'Hello',
    });
    expect(viewOf(line.nullable())).toEqual({ kind: 'wrapped', wrapper: 'nullable', inner: line });
    expect(viewOf(line.readonly())).toMatchObject({ kind: 'wrapped', wrapper: 'readonly' });
  });

  it('anything else is named, for a walk to skip or refuse', () => {
    expect(viewOf(z.bigint())).toEqual({ kind: 'other', type: 'bigint' });
    expect(viewOf(z.record(z.string(), line))).toEqual({ kind: 'other', type: 'record' });
    expect(
      [z.record(z.string(), line), line.nullable(), image].map((schema) => nameOf(viewOf(schema))),
    ).toEqual(['record', 'nullable', 'object']);
  });
});

describe("a discriminated union (the blocks of an owner's page)", () => {
  const hero = z.strictObject({ discriminant: z.literal('hero'), value: line });
  const picture = z.strictObject({ discriminant: z.literal('picture'), value: image });
  const blocks = z.discriminatedUnion('discriminant', [hero, picture]);

  it('names its discriminator and its literals', () => {
    expect(viewOf(blocks)).toEqual({
      kind: 'union',
      options: [hero, picture],
      discriminator: 'discriminant',
    });
    expect(viewOf(z.literal('hero'))).toEqual({ kind: 'literal', values: ['hero'] });
  });

  it('finds the option a value is, and none for a kind it does not have', () => {
    const view = viewOf(blocks);
    if (view.kind !== 'union') throw new Error('expected a union');
    expect(optionFor(view, { discriminant: 'picture', value: {} })).toBe(picture);
    expect(optionFor(view, { discriminant: 'video', value: {} })).toBeUndefined();
    expect(optionFor(view, 'picture')).toBeUndefined();
  });
});

describe('unwrap', () => {
  it('an optional or default field may be absent; a default says what stands in', () => {
    expect(unwrap(line)).toEqual({ inner: line, optional: false, defaultValue: undefined });
    expect(unwrap(line.optional())).toEqual({
      inner: line,
      optional: true,
      defaultValue: undefined,
    });
    const tagline = z.string();
    expect(unwrap(tagline.default('Hello'))).toEqual({
      inner: tagline,
      optional: true,
      defaultValue: 'Hello',
    });
  });

  it('leaves a wrapper it does not mean, for the caller to handle or refuse', () => {
    const nullable = line.nullable();
    expect(unwrap(nullable.optional())).toMatchObject({ inner: nullable, optional: true });
  });
});
