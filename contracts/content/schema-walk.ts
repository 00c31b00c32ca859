import type { z } from 'zod';

/**
 * The one reader of zod's internals (`_zod.def`) for the content schemas: it turns a schema into
 * a small typed view of what it is. Three walks over the content schemas stand on it: the images
 * the build resolves (images.ts), the content editor's Keystatic fields
 * (server/features/room/editor/keystatic-config.ts) and the editor's save step
 * (server/features/room/editor/save.ts). zod keeps its definitions internal and changes them between
 * versions; a zod upgrade that moves them breaks this file and its tests, nowhere else.
 *
 * Only what the content schemas are made of has a view (contracts/content/fields.ts and the page
 * schemas: strict objects, arrays, strings and their formats, unions of strings, numbers,
 * booleans, enums, optional and default values); anything else is `other`, with zod's name for
 * it, for a walk to skip or to refuse by name.
 */

export type Schema = z.core.$ZodType;

/** A schema around another: it may change what an absent or null value means, not the shape. */
export type Wrapper = 'optional' | 'default' | 'nullable' | 'readonly' | 'nonoptional';

export type SchemaView =
  | { kind: 'wrapped'; wrapper: Wrapper; inner: Schema; defaultValue?: unknown }
  | { kind: 'object'; shape: Readonly<Record<string, Schema>> }
  | { kind: 'array'; element: Schema; length: { min?: number; max?: number } }
  /** `format`: zod's name for a string format (`url`, `date`, `datetime`, …), if it is one. */
  | { kind: 'string'; format?: string }
  /**
   * `discriminator`: the key whose literal names the option, for a discriminated union (a page's
   * blocks, contracts/content/pages.ts).
   */
  | { kind: 'union'; options: readonly Schema[]; discriminator?: string }
  | { kind: 'literal'; values: readonly unknown[] }
  | { kind: 'number'; min?: number; max?: number; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'other'; type: string };

const wrappers: ReadonlySet<string> = new Set<Wrapper>([
  'optional',
  'default',
  'nullable',
  'readonly',
  'nonoptional',
]);

/** zod's definition, loosely typed: each case below reads the fields its type has. */
type Def = { type: string } & Record<string, unknown>;

/** The length limits of an array, from its checks (`.min()`, `.max()`, `.length()`). */
function lengthOf(def: Def): { min?: number; max?: number } {
  const length: { min?: number; max?: number } = {};
  for (const check of (def.checks ?? []) as z.core.$ZodCheck[]) {
    const checkDef = check._zod.def as unknown as Record<string, unknown>;
    if (checkDef.check === 'min_length') length.min = checkDef.minimum as number;
    if (checkDef.check === 'max_length') length.max = checkDef.maximum as number;
    if (checkDef.check === 'length_equals') length.min = length.max = checkDef.length as number;
  }
  return length;
}

/** What one schema is, without looking through it (a wrapper is `wrapped`: see unwrap). */
export function viewOf(schema: Schema): SchemaView {
  const def = schema._zod.def as Def;
  if (wrappers.has(def.type)) {
    return {
      kind: 'wrapped',
      wrapper: def.type as Wrapper,
      inner: def.innerType as Schema,
      ...(def.type === 'default' ? { defaultValue: def.defaultValue } : {}),
    };
  }
  switch (def.type) {
    case 'object':
      return { kind: 'object', shape: def.shape as Record<string, Schema> };
    case 'array':
      return { kind: 'array', element: def.element as Schema, length: lengthOf(def) };
    case 'string':
      return typeof def.format === 'string'
        ? { kind: 'string', format: def.format }
        : { kind: 'string' };
    case 'union':
      return typeof def.discriminator === 'string'
        ? { kind: 'union', options: def.options as Schema[], discriminator: def.discriminator }
        : { kind: 'union', options: def.options as Schema[] };
    case 'literal':
      return { kind: 'literal', values: def.values as unknown[] };
    case 'number': {
      // zod's own reading of a number's checks (.min, .positive, .int…), as its classic API gives it.
      const number = schema as unknown as Partial<z.ZodNumber>;
      const { minValue, maxValue } = number;
      return {
        kind: 'number',
        ...(typeof minValue === 'number' && Number.isFinite(minValue) ? { min: minValue } : {}),
        ...(typeof maxValue === 'number' && Number.isFinite(maxValue) ? { max: maxValue } : {}),
        integer: number.isInt === true,
      };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return {
        kind: 'enum',
        values: Object.values(def.entries as Record<string, string | number>).map(String),
      };
    default:
      return { kind: 'other', type: def.type };
  }
}

/**
 * A schema without its `.optional()` and `.default()`, and what they said: whether the field may
 * be absent, and the value zod puts in its place. Other wrappers (nullable, readonly…) stay, for
 * the caller to handle or refuse.
 */
export function unwrap(schema: Schema): {
  inner: Schema;
  optional: boolean;
  defaultValue?: unknown;
} {
  let inner = schema;
  let optional = false;
  let defaultValue: unknown;
  for (;;) {
    const view = viewOf(inner);
    if (view.kind !== 'wrapped' || (view.wrapper !== 'optional' && view.wrapper !== 'default')) {
      return { inner, optional, defaultValue };
    }
    optional = true;
    if (view.wrapper === 'default') defaultValue = view.defaultValue;
    inner = view.inner;
  }
}

/**
 * The option of a discriminated union that a value is (by its discriminator's literal), or
 * undefined when the value names none.
 */
export function optionFor(
  view: Extract<SchemaView, { kind: 'union' }>,
  value: unknown,
): Schema | undefined {
  const { discriminator } = view;
  if (!discriminator || typeof value !== 'object' || value === null) return undefined;
  const wanted = (value as Record<string, unknown>)[discriminator];
  return view.options.find((option) => {
    const shape = viewOf(option);
    const literal = shape.kind === 'object' ? shape.shape[discriminator] : undefined;
    const literalView = literal ? viewOf(literal) : undefined;
    return literalView?.kind === 'literal' && literalView.values.includes(wanted);
  });
}

/** zod's name for what a schema is (`object`, `nullable`, `record`…), for a message naming it. */
export function nameOf(view: SchemaView): string {
  if (view.kind === 'wrapped') return view.wrapper;
  return view.kind === 'other' ? view.type : view.kind;
}
