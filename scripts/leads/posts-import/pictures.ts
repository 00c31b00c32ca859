import sharp from 'sharp';
import { sniffPicture } from '../../../contracts/content/pictures';
import { reviewPicture } from '../../../server/content-editor/pictures';

/**
 * A picture of an imported post, fetched from where the newsletter kept it and made into a file
 * the site can serve: a JPEG, PNG or SVG that passes the rules every picture of the content
 * passes (server/content-editor/pictures.ts reviewPicture: its type, a photo at least 160 px on
 * its shorter side, a safe SVG). A WebP, GIF or AVIF is converted; a tracking pixel is refused.
 */

export interface PictureLimits {
  /** Bytes a picture may have, as sent. */
  maxBytes: number;
  /** How long one picture may take to arrive. */
  timeoutMs: number;
}

export const pictureLimits: PictureLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 30_000 };

export type FetchedPicture = { bytes: Uint8Array; extension: 'jpg' | 'png' | 'svg' };

/** The picture at `url`, ready to keep in images/, or why it cannot be. */
export async function fetchPicture(
  url: string,
  limits: PictureLimits = pictureLimits,
): Promise<FetchedPicture | { problem: string }> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return { problem: 'not a web address' };
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:') {
    return { problem: 'not an http(s) address' };
  }
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(address, { headers: { Accept: 'image/*' }, signal });
  } catch (error) {
    return { problem: signal.aborted ? 'it took too long to arrive' : unreachable(error) };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { problem: `the server answered ${response.status}` };
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (!type?.startsWith('image/')) {
    await response.body?.cancel().catch(() => undefined);
    return { problem: `it is not a picture (${type || 'no content type'})` };
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { problem: `it is larger than ${megabytes(limits.maxBytes)}` };
  }
  let bytes: Uint8Array;
  try {
    const read = await readAtMost(response, limits.maxBytes);
    if (!read) return { problem: `it is larger than ${megabytes(limits.maxBytes)}` };
    bytes = read;
  } catch (error) {
    return { problem: signal.aborted ? 'it took too long to arrive' : unreachable(error) };
  }
  return keepable(bytes);
}

/** The bytes as a file the site can serve, or why not. */
export async function keepable(bytes: Uint8Array): Promise<FetchedPicture | { problem: string }> {
  let kind = sniffPicture(bytes);
  let kept = bytes;
  if (!kind) {
    // WebP, GIF, AVIF, TIFF…: the first frame, as a PNG if it has transparency, else a JPEG.
    try {
      const image = sharp(bytes, { animated: false });
      const { hasAlpha } = await image.metadata();
      kept = hasAlpha
        ? await image.png().toBuffer()
        : await image.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
      kind = hasAlpha ? 'png' : 'jpeg';
    } catch {
      return { problem: 'it is not a picture the site can show' };
    }
  }
  const extension = kind === 'jpeg' ? 'jpg' : kind;
  const review = await reviewPicture(`picture.${extension}`, kept);
  if ('problem' in review) {
    return { problem: review.problem.replace(/^image "picture\.\w+" /, 'it ') };
  }
  return { bytes: review.bytes, extension };
}

/** The body, or null once it passes `max` bytes. */
async function readAtMost(response: Response, max: number): Promise<Uint8Array | null> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function unreachable(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return `it could not be fetched (${typeof cause === 'string' ? cause : error instanceof Error ? error.message : 'error'})`;
}
