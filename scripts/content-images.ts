import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { type Content, type ContentFile, contentFiles } from '../contracts/content';
import type { ImageAsset } from '../contracts/content/fields';
import { mapContentImages } from '../contracts/content/images';
import {
  type ContentProblem,
  fieldPath,
  InvalidContentError,
  lineOfField,
} from '../contracts/content/load';
import type { SiteContent } from '../src/content/page-props';
import { type ResponsiveImage, responsiveVariants } from './responsive-images';

/**
 * The owner's pictures (content/images/): each one a content file names is read, checked and
 * turned into what a page needs (an ImageAsset): its URL and intrinsic size, and for a photo its
 * AVIF and WebP variants. A missing, unreadable, mislabelled or too small picture is a build
 * error naming the file and the field that uses it.
 */

/** The smallest photo worth showing: a portrait in a testimonial card is 160 px at 2×. */
export const minimumRasterSide = 160;
/** SVG is drawing code: these can run script or fetch from elsewhere, so they are refused. */
const unsafeSvg =
  /<script|\bon[a-z]+\s*=|<foreignObject|javascript:|xlink:href\s*=\s*["']https?:|href\s*=\s*["']https?:/i;

/** A file written to the build (or served by the dev server) under /assets/content/. */
export interface ImageFile {
  fileName: string;
  source: Buffer;
}

type Kind = 'svg' | 'png' | 'jpeg';

/** What the bytes say the file is, whatever its name says. */
function sniff(bytes: Buffer): Kind | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = bytes.subarray(0, 512).toString('utf8').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(head)) return 'svg';
  return null;
}

/** The size an SVG declares (width and height, else its viewBox). */
function svgSize(text: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/.exec(text)?.[0] ?? '';
  const attribute = (name: string) =>
    Number.parseFloat(new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(root)?.[1] ?? '');
  const width = attribute('width');
  const height = attribute('height');
  if (width > 0 && height > 0) return { width, height };
  const box = /\sviewBox="([^"]+)"/
    .exec(root)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && (box[2] ?? 0) > 0 && (box[3] ?? 0) > 0) {
    return { width: box[2] ?? 0, height: box[3] ?? 0 };
  }
  return null;
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);
const stemOf = (src: string) => src.replace(/\.[^.]+$/, '').replaceAll('/', '-');

export interface ResolvedImages {
  content: SiteContent;
  /** Files to write under /assets/content/ (or to serve from memory in development). */
  files: ImageFile[];
}

/**
 * Resolves every image of the content. `variants: false` (development) skips the AVIF/WebP
 * encoding and serves each file as it is.
 */
export async function resolveContentImages(
  content: Content,
  contentDir: string,
  { variants = true, urlBase = '/assets/content/' } = {},
): Promise<ResolvedImages> {
  const imagesDir = join(contentDir, 'images');
  const files = new Map<string, ImageFile>();
  const problems: ContentProblem[] = [];
  const cache = new Map<string, Promise<Omit<ImageAsset, 'alt'> | string>>();

  const resolveFile = async (src: string): Promise<Omit<ImageAsset, 'alt'> | string> => {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(imagesDir, src));
    } catch {
      return `image "${src}" is not in content/images/`;
    }
    const kind = sniff(bytes);
    const named = extname(src).toLowerCase();
    if (!kind) return `image "${src}" is not a JPEG, PNG or SVG file the build can read`;
    if ((kind === 'svg') !== (named === '.svg')) {
      return `image "${src}" is named ${named} but holds ${kind.toUpperCase()}`;
    }
    const hash = hashOf(bytes);
    if (kind === 'svg') {
      const text = bytes.toString('utf8');
      if (unsafeSvg.test(text)) {
        return `image "${src}" is an SVG with scripts, event handlers or outside links; save it again without them`;
      }
      const size = svgSize(text);
      if (!size) return `image "${src}" is an SVG without a width and height or a viewBox`;
      const fileName = `${stemOf(src)}-${hash}.svg`;
      files.set(fileName, { fileName, source: bytes });
      return { src: `${urlBase}${fileName}`, ...size };
    }
    let size: { width: number; height: number };
    try {
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      size = { width, height };
    } catch {
      return `image "${src}" could not be read (a damaged file?)`;
    }
    if (Math.min(size.width, size.height) < minimumRasterSide) {
      return `image "${src}" is ${size.width}×${size.height} px; use one at least ${minimumRasterSide} px on its shorter side`;
    }
    if (!variants) {
      const fileName = `${stemOf(src)}-${hash}${named}`;
      files.set(fileName, { fileName, source: bytes });
      return { src: `${urlBase}${fileName}`, ...size };
    }
    const image: ResponsiveImage = await responsiveVariants(join(imagesDir, src));
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
  };

  const resolved = await mapContentImages(content, async (ref, name, at) => {
    let pending = cache.get(ref.src);
    if (!pending) {
      pending = resolveFile(ref.src);
      cache.set(ref.src, pending);
    }
    const result = await pending;
    if (typeof result !== 'string') return { ...result, alt: ref.alt };
    const { path } = contentFiles[name] as ContentFile;
    const text = await readFile(join(contentDir, path), 'utf8');
    problems.push({
      file: `content/${path}`,
      line: lineOfField(name, text, [...at, 'src']),
      path: `${fieldPath(at)}.src`,
      message: result,
    });
    return { src: '', width: 0, height: 0, alt: ref.alt };
  });
  if (problems.length > 0) throw new InvalidContentError(problems);
  return { content: resolved, files: [...files.values()] };
}
