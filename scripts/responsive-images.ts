import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Plugin } from 'vite';

/**
 * Raster images get AVIF and WebP variants at build (product decision D22), so a photo dropped
 * into src/assets/ and imported with `?responsive` needs no code change:
 *
 *   import portrait from '../assets/portrait.jpg?responsive';
 *   export const intro = { portrait: { ...portrait, alt: '…' } };   // an ImageAsset
 *
 * The import gives the intrinsic width and height, a fallback `src` and `srcset` in the original
 * format, and one `sources` entry per modern format, which `<Image>` turns into a <picture>.
 * Widths are those of `variantWidths` up to the original's (never upscaled), plus the original.
 */
export const variantWidths = [480, 960, 1440] as const;

const formats = [
  { type: 'image/avif', ext: 'avif', encode: (image: Sharp) => image.avif({ quality: 55 }) },
  { type: 'image/webp', ext: 'webp', encode: (image: Sharp) => image.webp({ quality: 78 }) },
] as const;

export interface Variant {
  fileName: string;
  width: number;
  type: string;
  source: Buffer;
}

export interface ResponsiveImage {
  width: number;
  height: number;
  /** Fallback in the original format, largest first. */
  fallback: Variant[];
  /** Modern formats, best first. */
  modern: Variant[];
}

/** Every variant of one image file (pure apart from reading it). */
export async function responsiveVariants(
  file: string,
  widths: readonly number[] = variantWidths,
): Promise<ResponsiveImage> {
  const input = await readFile(file);
  const { width = 0, height = 0, format } = await sharp(input).metadata();
  if (!width || !height) throw new Error(`${file}: not a raster image sharp can read`);
  const sizes = [...new Set([...widths.filter((candidate) => candidate < width), width])].sort(
    (a, b) => b - a,
  );
  const stem = basename(file, extname(file));
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 8);
  const fallbackExt = format === 'png' ? 'png' : 'jpg';
  const variants = async (
    ext: string,
    type: string,
    encode: (image: Sharp) => Sharp,
  ): Promise<Variant[]> =>
    Promise.all(
      sizes.map(async (size) => ({
        fileName: `${stem}-${size}-${hash}.${ext}`,
        width: size,
        type,
        source: await encode(sharp(input).resize(size)).toBuffer(),
      })),
    );
  return {
    width,
    height,
    fallback: await variants(
      fallbackExt,
      `image/${fallbackExt === 'png' ? 'png' : 'jpeg'}`,
      (image) => (fallbackExt === 'png' ? image.png() : image.jpeg({ quality: 82, mozjpeg: true })),
    ),
    modern: (
      await Promise.all(formats.map(({ ext, type, encode }) => variants(ext, type, encode)))
    ).flat(),
  };
}

const query = '?responsive';

/** The Vite side: emits the variants at build, serves them from memory in development. */
export function responsiveImages(): Plugin {
  let serving = false;
  const inMemory = new Map<string, Variant>();
  const cache = new Map<string, Promise<ResponsiveImage>>();
  const variantsOf = (file: string) => {
    let pending = cache.get(file);
    if (!pending) {
      pending = responsiveVariants(file);
      cache.set(file, pending);
    }
    return pending;
  };

  return {
    name: 'responsive-images',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    configureServer(server) {
      server.middlewares.use('/@responsive/', (request, response, next) => {
        const variant = inMemory.get(request.url?.slice(1) ?? '');
        if (!variant) return next();
        response.setHeader('Content-Type', variant.type);
        response.end(variant.source);
      });
    },
    async load(id) {
      if (!id.endsWith(query)) return null;
      const file = id.slice(0, -query.length);
      this.addWatchFile(file);
      const image = await variantsOf(file);
      const urls = new Map<Variant, string>();
      const urlOf = (variant: Variant) => {
        let url = urls.get(variant);
        if (url) return url;
        if (serving) {
          inMemory.set(variant.fileName, variant);
          url = JSON.stringify(`/@responsive/${variant.fileName}`);
        } else {
          const reference = this.emitFile({
            type: 'asset',
            name: variant.fileName,
            source: variant.source,
          });
          url = `import.meta.ROLLUP_FILE_URL_${reference}`;
        }
        urls.set(variant, url);
        return url;
      };
      const srcset = (variants: Variant[]) =>
        variants.map((variant) => `${urlOf(variant)} + " ${variant.width}w"`).join(' + ", " + ');
      const types = [...new Set(image.modern.map((variant) => variant.type))];
      const sources = types.map(
        (type) =>
          `{ type: ${JSON.stringify(type)}, srcset: ${srcset(image.modern.filter((variant) => variant.type === type))} }`,
      );
      const [largest] = image.fallback;
      if (!largest) throw new Error(`${file}: no variants`);
      return [
        'export default {',
        `  src: ${urlOf(largest)},`,
        `  width: ${image.width},`,
        `  height: ${image.height},`,
        `  srcset: ${srcset(image.fallback)},`,
        `  sources: [${sources.join(', ')}],`,
        '};',
      ].join('\n');
    },
  };
}
