/**
 * The site as the benchmarks see it: a server as `npm start` runs it, on a database of its own,
 * and an earlier commit checked out beside this one, to be served beside it in the same session
 * (scripts/lighthouse.ts, scripts/bench-screens.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { loadContent } from '../contracts/content/load';
import {
  allPageIds,
  canonicalUrl,
  type OwnerRoute,
  ownerRoutes,
  type PageId,
} from '../contracts/routes';
import { siteOrigins } from '../contracts/sites';
import { sampleTags } from '../e2e/sample-tags';
import { buildPaths } from '../server/build-paths';
import { namedHosts, parseEnv } from '../server/env';
import { startServerProcess } from '../server/testing/server-process';

/**
 * A server of the site as `npm start` runs it (it rebuilds only if the build was made with other
 * public settings), with the analytics and pixel IDs set, on a database of its own; `root` is
 * another checkout (see checkOutBase).
 */
export const serveSite = (port: number, root?: string) =>
  startServerProcess(
    {
      PORT: String(port),
      LOG_LEVEL: 'info', // production's default: one log line per request
      DATA_DIR: mkdtempSync(join(tmpdir(), `founder-site-bench-${port}-`)),
      ...sampleTags,
    },
    'scripts/start.ts',
    root,
  );

/** A commit checked out beside this one (its own build), sharing node_modules. */
export function checkOutBase(commit: string): string {
  const sha = execFileSync('git', ['rev-parse', '--short', commit], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `founder-site-base-${sha}`);
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { stdio: 'ignore' });
    symlinkSync(join(buildPaths.root, 'node_modules'), join(dir, 'node_modules'));
  }
  console.error(`Comparing with ${commit} (${sha}), checked out in ${dir}`);
  return dir;
}

/** The owner's pages of the repository's content (content/pages/), which the build serves. */
export const benchOwnerRoutes: OwnerRoute[] = ownerRoutes(
  await loadContent(join(buildPaths.root, 'content')),
);

/**
 * The pages a benchmark is asked for in `variable` (ids, comma-separated: `home`, or one of the
 * owner's as `pages/press`), or `defaults` of every page; an id the site does not have stops it.
 */
export function benchPages(
  variable: string,
  defaults: (page: PageId) => boolean = () => true,
): PageId[] {
  const known = allPageIds(benchOwnerRoutes);
  const named = process.env[variable]?.split(',');
  if (!named) return known.filter(defaults);
  for (const id of named) {
    if (!known.includes(id as PageId)) throw new Error(`${variable}: unknown page "${id}"`);
  }
  return named as PageId[];
}

/** Each page at its canonical host and path on a local server (the 404 page at a made-up path). */
export function pageUrl(page: PageId, port: number): string {
  const origins = siteOrigins(`http://localhost:${port}`, namedHosts(parseEnv({})));
  return canonicalUrl(page, origins, benchOwnerRoutes) ?? `${origins.main}/no-such-page`;
}

/**
 * The site on `port` as it would be without scripts: the same documents with every `<script>`
 * element removed, compressed as our server would, and every other file as it is. A page's
 * figures against these are the cost of its scripts alone (`npm run bench:lighthouse`).
 */
export async function serveWithoutScripts(port: number, upstreamPort: number): Promise<Server> {
  const agent = new Agent({ keepAlive: true });
  const server = createServer((request, response) => {
    const wantsBrotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const navigation = String(request.headers.accept ?? '').includes('text/html');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        agent,
        method: request.method,
        path: request.url,
        // The document comes plain, to be edited; everything else as the browser asked.
        headers: navigation
          ? { ...request.headers, 'accept-encoding': 'identity' }
          : request.headers,
      },
      (answer) => {
        const isDocument = String(answer.headers['content-type'] ?? '').startsWith('text/html');
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          if (isDocument) {
            const html = body.toString('utf8').replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
            body = wantsBrotli ? brotliCompressSync(html) : Buffer.from(html);
            if (wantsBrotli) headers['content-encoding'] = 'br';
            delete headers.etag;
          }
          headers['content-length'] = String(body.length);
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(request.method === 'HEAD' ? undefined : body);
        });
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  return server;
}
