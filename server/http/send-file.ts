import type { Context } from 'hono';
import { chooseEncoding, type StaticFile } from './static-files';

const oneYear = 'public, max-age=31536000, immutable';
/** HTML and other unhashed files: always revalidate with the ETag (cheap 304s). */
const revalidate = 'public, max-age=0, must-revalidate';

/**
 * Answers with a built file: right encoding, caching, conditional 304 and HEAD. `cacheControl`
 * replaces the usual caching (a page under an experiment is private to its visitor).
 */
export function sendFile(
  c: Context,
  file: StaticFile,
  status: 200 | 404 = 200,
  cacheControl?: string,
): Response {
  const encoding = chooseEncoding(file, c.req.header('accept-encoding'));
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  const headers = new Headers({
    'Content-Type': file.contentType,
    'Cache-Control':
      cacheControl ?? (status === 404 ? 'no-cache' : file.immutable ? oneYear : revalidate),
    ETag: etag,
    Vary: 'Accept-Encoding',
  });
  if (
    status === 200 &&
    c.req
      .header('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(etag)
  ) {
    return new Response(null, { status: 304, headers });
  }
  const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.body;
  if (encoding) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body?.length ?? 0));
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body ?? []), {
    status,
    headers,
  });
}
