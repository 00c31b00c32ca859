/**
 * The checks every picture of the content passes, wherever it arrives: the build
 * (scripts/content-images.ts) checks the pictures the content names, and the content editor's
 * save (server/features/room/editor/review.ts) checks an upload before it reaches the disk, so a picture
 * the build would refuse is refused when the owner saves it, with the same words. Bytes in, a
 * verdict out: no file system, so the build and the server share one copy of the rules.
 *
 * Whether an SVG is safe to serve is not decided here but in server/features/room/editor/safe-svg.ts,
 * which both callers run after these rules (review.ts, reviewPicture): it parses the drawing and
 * needs a DOM on the server, and this module is also the browser's (fields.ts imports it).
 */

/** The picture types the site can serve and the build can read. */
export type PictureKind = 'svg' | 'png' | 'jpeg';

/** The file name endings an owner may give a picture, and the type each must hold. */
export const pictureExtensions: Readonly<Record<string, PictureKind>> = {
  '.svg': 'svg',
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
};

/** The smallest photo worth showing: a portrait in a testimonial card is 160 px at 2×. */
export const minimumRasterSide = 160;

/**
 * Whether `src` names a file inside content/images/ when joined to it: relative, folders
 * separated by "/", each part a plain name (no "." or "..", nothing hidden, no "\" or "%"), so
 * `a/../../x.png` or `/etc/passwd` never reaches a file outside the content. The schema
 * (fields.ts) and the build's reader (scripts/content-images.ts) both hold a picture to it.
 */
export function staysInImages(src: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(src);
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the bytes say the file is, whatever its name says. */
export function sniffPicture(bytes: Uint8Array): PictureKind | null {
  if (pngSignature.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart();
  // A DOCTYPE makes it an SVG too, so that the sanitiser can say why it refuses one.
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<svg[\s>]|<!DOCTYPE svg[\s>[])/.test(head)) {
    return 'svg';
  }
  return null;
}

/** The size an SVG declares (width and height, else its viewBox). */
export function svgSize(text: string): { width: number; height: number } | null {
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

/**
 * A PNG's or JPEG's size from its header (PNG's IHDR; JPEG's first start-of-frame marker), or
 * null if the header cannot be read. The build reads sizes with sharp, which also decodes the
 * whole picture; the save needs only the size, and the server carries no image library.
 */
export function rasterSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = sniffPicture(bytes);
  if (kind === 'png') {
    if (bytes.length < 24) return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (kind !== 'jpeg') return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes, and markers without a length (restart markers, start of image).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    // Start of frame: every 0xC0–0xCF but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

/**
 * What is wrong with a picture named `src` holding `bytes`, in the build's words, or null if
 * nothing is: its type sniffed from the bytes and matching its name, an SVG with a size, a photo
 * at least `minimumRasterSide` on its shorter side. (The build also decodes each photo, and says
 * so if it cannot; an SVG's safety is safe-svg.ts's, above.)
 */
export function pictureProblem(src: string, bytes: Uint8Array): string | null {
  const kind = sniffPicture(bytes);
  const named = /\.[^./]*$/.exec(src)?.[0]?.toLowerCase() ?? '';
  if (!kind) return `image "${src}" is not a JPEG, PNG or SVG file the build can read`;
  if ((kind === 'svg') !== (named === '.svg')) {
    return `image "${src}" is named ${named || 'without an ending'} but holds ${kind.toUpperCase()}`;
  }
  if (kind === 'svg') {
    const text = new TextDecoder().decode(bytes);
    if (!svgSize(text)) return `image "${src}" is an SVG without a width and height or a viewBox`;
    return null;
  }
  const size = rasterSize(bytes);
  if (!size) return `image "${src}" could not be read (a damaged file?)`;
  if (Math.min(size.width, size.height) < minimumRasterSide) {
    return `image "${src}" is ${size.width}×${size.height} px; use one at least ${minimumRasterSide} px on its shorter side`;
  }
  return null;
}
