import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

/** A built file held in memory with its precompressed variants. */
export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  contentType: string;
  /** Content-hashed file names never change: cache them for a year. */
  immutable: boolean;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
};

async function readOptional(path: string): Promise<Buffer | undefined> {
  return existsSync(path) ? readFile(path) : undefined;
}

/** A file held in memory, typed by its name's extension and tagged with its content hash. */
export function staticFile(name: string, body: Buffer, immutable = false): StaticFile {
  return {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    contentType: contentTypes[extname(name)] ?? 'application/octet-stream',
    immutable,
  };
}

async function loadFile(path: string, immutable: boolean): Promise<StaticFile> {
  const file = staticFile(path, await readFile(path), immutable);
  const br = await readOptional(`${path}.br`);
  const gzip = await readOptional(`${path}.gz`);
  if (br) file.br = br;
  if (gzip) file.gzip = gzip;
  return file;
}

/**
 * Reads every file of a build folder into memory, keyed by URL path ("/assets/x.js"). The site
 * is small (well under a few MB), so serving from memory is the fastest and simplest option.
 */
export async function loadStaticFiles(dir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
    if (urlPath.startsWith('/.vite/')) continue;
    files.set(urlPath, await loadFile(path, urlPath.startsWith('/assets/')));
  }
  return files;
}

/** Picks the smallest encoding the client accepts. */
export function chooseEncoding(
  file: StaticFile,
  acceptEncoding: string | undefined,
): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name?.trim().toLowerCase());
  if (file.br && accepted.includes('br')) return 'br';
  if (file.gzip && accepted.includes('gzip')) return 'gzip';
  return null;
}
