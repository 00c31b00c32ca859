import { type ImageAsset, type ImageRef, isImageSchema, type Resolved } from './fields';
import type { Content } from './index';
import { type ContentFile, type ContentName, contentFiles, pageFile, postFile } from './index';
import { picturesOf } from './markdown/tree';
import { parsePostText } from './post-text';
import { optionFor, type Schema, viewOf } from './schema-walk';

/** Every image reference in a value, with its path, found by walking the value beside its schema. */
function* imageRefs(
  schema: Schema,
  value: unknown,
  path: PropertyKey[] = [],
): Generator<[ImageRef, PropertyKey[]]> {
  if (value === undefined || value === null) return;
  if (isImageSchema(schema)) {
    yield [value as ImageRef, path];
    return;
  }
  const view = viewOf(schema);
  switch (view.kind) {
    case 'wrapped':
      yield* imageRefs(view.inner, value, path);
      return;
    case 'object':
      for (const [key, child] of Object.entries(view.shape)) {
        yield* imageRefs(child, (value as Record<string, unknown>)[key], [...path, key]);
      }
      return;
    case 'array':
      for (const [index, item] of (value as unknown[]).entries()) {
        yield* imageRefs(view.element, item, [...path, index]);
      }
      return;
    case 'union': {
      const option = optionFor(view, value);
      if (option) yield* imageRefs(option, value, path);
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
 * new image field needs nothing here. The pictures of the posts' texts, which no schema field
 * holds, are resolved into `postPictures`, by post and then by the name the text gives: a
 * picture the editor uploaded into the post's own folder (images/<post>/) first, else one of
 * images/ itself.
 */
export async function mapContentImages(
  content: Content,
  resolve: (ref: ImageRef, file: ContentFile, path: PropertyKey[]) => Promise<ImageAsset>,
  /** Whether the content's images/ holds a file of this name: where a post's picture is. */
  hasImage: (src: string) => boolean = () => false,
): Promise<Resolved<Content> & { postPictures: Record<string, Record<string, ImageAsset>> }> {
  const resolved = structuredClone(content) as Content & {
    pages: Record<string, unknown>;
    posts: Record<string, unknown>;
  };
  for (const name of Object.keys(contentFiles) as ContentName[]) {
    const file = contentFiles[name] as ContentFile;
    for (const [ref, at] of imageRefs(file.schema, content[name])) {
      replaceAt(resolved[name], at, await resolve(ref, file, at));
    }
  }
  for (const [slug, page] of Object.entries(content.pages ?? {})) {
    const file = pageFile(slug);
    for (const [ref, at] of imageRefs(file.schema, page)) {
      replaceAt(resolved.pages[slug], at, await resolve(ref, file, at));
    }
  }
  const postPictures: Record<string, Record<string, ImageAsset>> = {};
  let read = 0;
  for (const [slug, post] of Object.entries(content.posts ?? {})) {
    // Reading an archive's texts takes a second or so: the server that publishes goes on
    // answering between every few posts.
    if (++read % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const file = postFile(slug);
    for (const [ref, at] of imageRefs(file.schema, post)) {
      replaceAt(resolved.posts[slug], at, await resolve(ref, file, at));
    }
    const pictures: Record<string, ImageAsset> = {};
    for (const src of picturesOf(parsePostText(post.body).blocks)) {
      const own = `${slug}/${src}`;
      pictures[src] ??= await resolve({ src: hasImage(own) ? own : src, alt: src }, file, ['body']);
    }
    postPictures[slug] = pictures;
  }
  return { ...(resolved as unknown as Resolved<Content>), postPictures };
}
