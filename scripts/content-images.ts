import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import type { Content } from '../contracts/content';
import type { ImageAsset } from '../contracts/content/fields';
import { mapContentImages } from '../contracts/content/images';
import {
  type ContentProblem,
  fieldPath,
  InvalidContentError,
  lineOfField,
} from '../contracts/content/load';
import { sniffPicture, staysInImages, svgSize } from '../contracts/content/pictures';
import { reviewPicture, staysInside } from '../server/features/room/editor/pictures';
import type { SiteContent } from '../src/content/page-props';
import { makeEverything, type Reuse } from '../src/content/reuse';
import { type ResponsiveImage, responsiveVariants } from './responsive-images';

/**
 * The owner's pictures (content/images/): each one a content file names is read, checked and
 * turned into what a page needs (an ImageAsset): its URL and intrinsic size, and for a photo its
 * AVIF and WebP variants. A missing, unreadable, mislabelled or too small picture is a build
 * error naming the file and the field that uses it. The rules themselves (type, size, safe SVG)
 * are the content editor's reviewPicture (server/features/room/editor/pictures.ts), which its save
 * applies to uploads too; an SVG is served as the sanitiser leaves it.
 */

/** A file written to the build (or served by the dev server) under /assets/content/. */
export interface ImageFile {
  fileName: string;
  source: Buffer;
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);
const stemOf = (src: string) => src.replace(/\.[^.]+$/, '').replaceAll('/', '-');

export interface ResolvedImages {
  content: SiteContent;
  /** Files to write under /assets/content/ (or to serve from memory in development). */
  files: ImageFile[];
}

/** A picture as a page shows it, before a content file gives it its alt text. */
type Picture = Omit<ImageAsset, 'alt'>;

/** What one resolve of the content's images reads from and writes to, shared by its pictures. */
interface PictureRun {
  imagesDir: string;
  urlBase: string;
  variants: boolean;
  reuse: Reuse;
  /** The files written so far, by name: a picture two fields use is written once. */
  files: Map<string, ImageFile>;
}

/**
 * Resolves every image of the content. `variants: false` (development) skips the AVIF/WebP
 * encoding and serves each file as it is; `reuse` gives the variants an earlier render encoded
 * from the same file.
 */
export async function resolveContentImages(
  content: Content,
  contentDir: string,
  {
    variants = true,
    urlBase = '/assets/content/',
    reuse = makeEverything,
  }: { variants?: boolean; urlBase?: string; reuse?: Reuse } = {},
): Promise<ResolvedImages> {
  const run: PictureRun = {
    imagesDir: join(contentDir, 'images'),
    urlBase,
    variants,
    reuse,
    files: new Map(),
  };
  const problems: ContentProblem[] = [];
  const cache = new Map<string, Promise<Picture | string>>();

  const resolved = await mapContentImages(
    content,
    async (ref, file, at) => {
      let pending = cache.get(ref.src);
      if (!pending) {
        pending = resolvePicture(ref.src, run);
        cache.set(ref.src, pending);
      }
      const result = await pending;
      if (typeof result !== 'string') return { ...result, alt: ref.alt };
      const text = await readFile(join(contentDir, file.path), 'utf8');
      problems.push({
        file: `content/${file.path}`,
        line: lineOfField(file, text, [...at, 'src']),
        path: `${fieldPath(at)}.src`,
        message: result,
      });
      return { src: '', width: 0, height: 0, alt: ref.alt };
    },
    (src) => staysInImages(src) && existsSync(join(run.imagesDir, src)),
  );
  if (problems.length > 0) throw new InvalidContentError(problems);
  return { content: resolved, files: [...run.files.values()] };
}

/**
 * One picture of content/images/, read, checked and written: the picture a page shows, or the
 * problem with it, in words that name the file.
 */
async function resolvePicture(src: string, run: PictureRun): Promise<Picture | string> {
  const { imagesDir, reuse } = run;
  // The schema refuses such a src already; this reader refuses it again, and any symbolic
  // link that leads out, so no way past the schema reads a file outside the pictures.
  if (!staysInImages(src) || !(await staysInside(imagesDir, src))) {
    return `image "${src}" is not a file inside content/images/`;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(join(imagesDir, src));
  } catch {
    return `image "${src}" is not in content/images/`;
  }
  // The rules every picture passes, shared with the editor's save. The same bytes under the
  // same build get the same review: a render before this one may have made it already.
  const read = createHash('sha256').update(bytes).digest('base64url');
  const review = await reuse.once('picture-review', { src, bytes: read }, () =>
    reviewPicture(src, bytes),
  );
  if ('problem' in review) return review.problem;
  bytes = Buffer.from(review.bytes);
  const named = extname(src).toLowerCase();
  const hash = hashOf(bytes);
  if (sniffPicture(bytes) === 'svg') {
    // reviewPicture has found its size.
    const size = svgSize(bytes.toString('utf8')) ?? { width: 0, height: 0 };
    return keepAsItIs(run, `${stemOf(src)}-${hash}.svg`, bytes, size);
  }
  // The header said its size; decoding it says whether the rest of the file is sound.
  let size: { width: number; height: number };
  try {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    size = { width, height };
  } catch {
    return `image "${src}" could not be read (a damaged file?)`;
  }
  if (!run.variants) return keepAsItIs(run, `${stemOf(src)}-${hash}${named}`, bytes, size);
  return responsivePicture(src, read, run);
}

/** A picture served as its file is (an SVG, or any picture in development). */
function keepAsItIs(
  run: PictureRun,
  fileName: string,
  source: Buffer,
  size: { width: number; height: number },
): Picture {
  run.files.set(fileName, { fileName, source });
  return { src: `${run.urlBase}${fileName}`, ...size };
}

/**
 * A photo's AVIF and WebP variants at its widths, or those an earlier render encoded from the
 * same bytes (`read`, their hash), written and listed for the page's srcset and sources.
 */
async function responsivePicture(
  src: string,
  read: string,
  { imagesDir, urlBase, reuse, files }: PictureRun,
): Promise<Picture | string> {
  const image: ResponsiveImage = await reuse.once('picture', { src, bytes: read }, () =>
    responsiveVariants(join(imagesDir, src)),
  );
  for (const variant of [...image.fallback, ...image.modern]) {
    files.set(variant.fileName, { fileName: variant.fileName, source: variant.source });
  }
  const srcset = (list: typeof image.fallback) =>
    list.map((variant) => `${urlBase}${variant.fileName} ${variant.width}w`).join(', ');
  const types = [...new Set(image.modern.map((variant) => variant.type))];
  const largest = image.fallback[0];
  if (!largest) return `image "${src}" gave no variants`;
  return {
    src: `${urlBase}${largest.fileName}`,
    width: image.width,
    height: image.height,
    srcset: srcset(image.fallback),
    sources: types.map((type) => ({
      type,
      srcset: srcset(image.modern.filter((variant) => variant.type === type)),
    })),
  };
}
