import type { z } from 'zod';
import { type ImageAsset, type ImageRef, isImageSchema, type Resolved } from './fields';
import type { Content } from './index';
import { type ContentFile, type ContentName, contentFiles } from './index';

/** Every image reference in a value, with its path, found by walking the value beside its schema. */
function* imageRefs(
  schema: z.ZodType,
  value: unknown,
  path: PropertyKey[] = [],
): Generator<[ImageRef, PropertyKey[]]> {
  if (value === undefined || value === null) return;
  if (isImageSchema(schema)) {
    yield [value as ImageRef, path];
    return;
  }
  const def = (schema as z.core.$ZodType)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
      yield* imageRefs((def as unknown as { innerType: z.ZodType }).innerType, value, path);
      return;
    case 'object': {
      const shape = (def as unknown as { shape: Record<string, z.ZodType> }).shape;
      for (const [key, child] of Object.entries(shape)) {
        yield* imageRefs(child, (value as Record<string, unknown>)[key], [...path, key]);
      }
      return;
    }
    case 'array': {
      const element = (def as unknown as { element: z.ZodType }).element;
      for (const [index, item] of (value as unknown[]).entries()) {
        yield* imageRefs(element, item, [...path, index]);
      }
      return;
    }
    default:
      return;
  }
}

function replaceAt(target: unknown, path: readonly PropertyKey[], value: unknown): void {
  let node = target as Record<PropertyKey, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<PropertyKey, unknown>;
  const last = path.at(-1);
  if (last !== undefined) node[last] = value;
}

/**
 * The content with every image reference replaced by what `resolve` makes of it (the build: the
 * file checked and its URLs; a unit test: a stand-in). The schemas say where images are, so a
 * new image field needs nothing here.
 */
export async function mapContentImages(
  content: Content,
  resolve: (ref: ImageRef, file: ContentName, path: PropertyKey[]) => Promise<ImageAsset>,
): Promise<Resolved<Content>> {
  const resolved = structuredClone(content);
  for (const name of Object.keys(contentFiles) as ContentName[]) {
    const { schema } = contentFiles[name] as ContentFile;
    for (const [ref, at] of imageRefs(schema, content[name])) {
      replaceAt(resolved[name], at, await resolve(ref, name, at));
    }
  }
  return resolved as unknown as Resolved<Content>;
}
