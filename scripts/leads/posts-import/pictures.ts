import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import sharp from 'sharp';
import { sniffPicture } from '../../../contracts/content/pictures';
import { reviewPicture } from '../../../server/features/room/editor/pictures';
import { isPublicAddress } from './public-address';

/**
 * A picture of an imported post, fetched from where the newsletter kept it and made into a file
 * the site can serve: a JPEG, PNG or SVG that passes the rules every picture of the content
 * passes (server/features/room/editor/pictures.ts reviewPicture: its type, a photo at least 160 px on
 * its shorter side, a safe SVG). A WebP, GIF or AVIF is converted; a tracking pixel is refused.
 *
 * A feed is someone else's file, and each address in it a request the owner's machine makes
 * from inside its own network (docs/decisions/028-writing.md). So a picture comes over https
 * only, from a host name whose every address is public, checked again at each redirect; the
 * connection goes to the very addresses checked, so a second answer from the name's DNS cannot
 * swap in another; and an import's pictures are capped in number and in bytes, counted as they
 * arrive. What a refused or failing host sent is never repeated: the report gives our reason.
 */

export interface PictureLimits {
  /** Bytes one picture may have. */
  maxBytes: number;
  /** Pictures one import may try. */
  maxPictures: number;
  /** Bytes one import may fetch, all its pictures together. */
  maxTotalBytes: number;
  /** How long one picture may take to arrive, its redirects included. */
  timeoutMs: number;
  /** Redirects one picture may take. */
  maxRedirects: number;
}

export const pictureLimits: PictureLimits = {
  // A photo straight from a phone is 3–8 MB; a newsletter's own are smaller.
  maxBytes: 10 * 1024 * 1024,
  // Ten years of a weekly newsletter at two pictures an issue. A larger archive comes in more
  // runs: the posts past the cap are not written, and the next run brings them.
  maxPictures: 1000,
  // A thousand pictures at half a megabyte, with room to spare: the content folder is kept in
  // git and copied at each publish, and a feed must not fill the owner's disk.
  maxTotalBytes: 500 * 1024 * 1024,
  // A slow host holds up one picture, never the whole import for long.
  timeoutMs: 30_000,
  // Enough for http→https, a CDN's edge and a signed address; a loop ends here.
  maxRedirects: 3,
};

/** How pictures are reached. The import gives none of it: the internet, as checked above. */
export interface PictureNetwork {
  /** Every address of a host name (node:dns lookup, all of them): a test maps its own names. */
  resolve?(host: string): Promise<LookupAddress[]>;
  /**
   * For tests only: host names that may answer 127.0.0.1, where the test's server listens; any
   * other address that is not public is refused for them too. Nothing the owner runs sets it.
   */
  localServerForTests?: readonly string[];
  /** Certificates trusted instead of the system's: a test server's own. */
  ca?: string | Buffer;
}

export type FetchedPicture = { bytes: Uint8Array; extension: 'jpg' | 'png' | 'svg' };

/**
 * Why a picture was left out, in our words. `overCap`: the import's cap is spent, so no
 * picture after it comes either; the post waits for the next run rather than lose it.
 */
export type PictureRefusal = { problem: string; overCap?: true };

/** The picture at an address, ready to keep in images/, or why it cannot be. */
export type FetchPicture = (url: string) => Promise<FetchedPicture | PictureRefusal>;

/** A fetcher for one import: its caps count every picture it is asked for. */
export function pictureFetcher({
  limits: given,
  network = {},
}: {
  limits?: Partial<PictureLimits>;
  network?: PictureNetwork;
} = {}): FetchPicture {
  const limits = { ...pictureLimits, ...given };
  const spent = { pictures: 0, bytes: 0 };
  return async (url) => {
    if (spent.pictures >= limits.maxPictures) {
      return { problem: `over the import's cap of ${limits.maxPictures} pictures`, overCap: true };
    }
    if (spent.bytes >= limits.maxTotalBytes) return overTotal(limits);
    spent.pictures++;
    const signal = AbortSignal.timeout(limits.timeoutMs);
    let response: IncomingMessage | PictureRefusal;
    try {
      response = await followed(url, limits, network, signal);
    } catch (error) {
      return { problem: failure(error, signal) };
    }
    if ('problem' in response) return response;
    try {
      const body = await bodyOf(response, limits, spent);
      return body instanceof Uint8Array ? await keepable(body) : body;
    } catch (error) {
      return { problem: failure(error, signal) };
    } finally {
      response.destroy();
    }
  };
}

/** The answer at `given` once its redirects are followed, each one checked, or why not. */
async function followed(
  given: string,
  limits: PictureLimits,
  network: PictureNetwork,
  signal: AbortSignal,
): Promise<IncomingMessage | PictureRefusal> {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return { problem: 'refused: not a web address' };
  }
  for (let redirects = 0; ; redirects++) {
    // The address named is the feed's (shown in the report); where it led is the host's words.
    const after = redirects > 0 ? ' (after a redirect)' : '';
    const target = await checked(url, network, signal);
    if ('problem' in target) return { problem: `refused: ${target.problem}${after}` };
    const response = await get(url, target.addresses, network, signal);
    const status = response.statusCode ?? 0;
    if (![301, 302, 303, 307, 308].includes(status)) return response;
    const location = response.headers.location;
    response.destroy();
    if (!location) return { problem: `the server answered ${status}` };
    if (redirects === limits.maxRedirects) {
      return { problem: `refused: more than ${limits.maxRedirects} redirects` };
    }
    try {
      url = new URL(location, url);
    } catch {
      return { problem: 'refused: a redirect to no web address' };
    }
  }
}

/** The addresses `url` may be fetched from, or why none. */
async function checked(
  url: URL,
  network: PictureNetwork,
  signal: AbortSignal,
): Promise<{ addresses: LookupAddress[] } | { problem: string }> {
  if (url.protocol !== 'https:') return { problem: 'not https' };
  // The URL parser has already read 2130706433, 0x7f.1 and 0177.0.0.1 as 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    // A picture's host has a name (its certificate names it); a bare address is refused either way.
    return {
      problem: isPublicAddress(host) ? 'an IP address, not a host name' : 'private address',
    };
  }
  const addresses = await Promise.race([
    (network.resolve ?? resolve)(host),
    new Promise<never>((_, reject) => {
      signal.throwIfAborted();
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);
  if (addresses.length === 0) return { problem: 'its host name has no address' };
  const local = network.localServerForTests?.includes(host) === true;
  // Every address, not the first: the connection may try any of them.
  const refused = addresses.some(
    ({ address }) => !isPublicAddress(address) && !(local && address === '127.0.0.1'),
  );
  return refused ? { problem: 'private address' } : { addresses };
}

const resolve = (host: string) => lookup(host, { all: true, verbatim: true });

/** One GET of `url` over TLS, connected to `addresses` (checked) whatever the DNS says now. */
function get(
  url: URL,
  addresses: LookupAddress[],
  network: PictureNetwork,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const pinned: LookupFunction = (_host, options, callback) => {
    const [first] = addresses;
    if (options.all) callback(null, addresses);
    else callback(null, first?.address ?? '', first?.family);
  };
  return new Promise((resolved, rejected) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port || 443,
        path: `${url.pathname}${url.search}`,
        headers: { Accept: 'image/*', 'Accept-Encoding': 'identity' },
        // The certificate is checked against the host name, sent as SNI: pinning the address
        // changes where the connection goes, not whom it must prove to be.
        servername: url.hostname,
        lookup: pinned,
        agent: false,
        ...(network.ca ? { ca: network.ca } : {}),
        signal,
      },
      resolved,
    );
    outgoing.on('error', rejected);
    outgoing.end();
  });
}

/**
 * The picture's bytes, or why not: read as they arrive and stopped at the first byte past a
 * cap, whatever Content-Length said.
 */
async function bodyOf(
  response: IncomingMessage,
  limits: PictureLimits,
  spent: { bytes: number },
): Promise<Uint8Array | PictureRefusal> {
  const status = response.statusCode ?? 0;
  // Node has read the status as a three-digit number; the host's reason phrase is not shown.
  if (status < 200 || status > 299) return { problem: `the server answered ${status}` };
  const type = String(response.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (!type?.startsWith('image/')) return { problem: 'it is not a picture' };
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > limits.maxBytes) return tooLarge(limits);
  if (declared > limits.maxTotalBytes - spent.bytes) return overTotal(limits);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    spent.bytes += chunk.byteLength;
    if (size > limits.maxBytes) return tooLarge(limits);
    if (spent.bytes > limits.maxTotalBytes) return overTotal(limits);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (limits: PictureLimits): PictureRefusal => ({
  problem: `too large: over ${readable(limits.maxBytes)}`,
});

const overTotal = (limits: PictureLimits): PictureRefusal => ({
  problem: `over the import's cap of ${readable(limits.maxTotalBytes)} of pictures`,
  overCap: true,
});

/** The bytes as a file the site can serve, or why not. */
export async function keepable(bytes: Uint8Array): Promise<FetchedPicture | PictureRefusal> {
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
    // An SVG's review quotes the drawing (its parser's complaint, the parts refused): the
    // host's words, which the report does not repeat.
    if (extension === 'svg') return { problem: 'it is an SVG the site cannot keep safely' };
    return { problem: review.problem.replace(/^image "picture\.\w+" /, 'it ') };
  }
  return { bytes: review.bytes, extension };
}

const readable = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round(bytes / 1024 / 1024)} MB`;

/** What went wrong, in our words: Node's code for it, never a message that may quote the host. */
function failure(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'it took too long to arrive';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)
    ? `it could not be fetched (${code})`
    : 'it could not be fetched';
}
