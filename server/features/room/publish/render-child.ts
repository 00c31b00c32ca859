import { execFile } from 'node:child_process';
import type { RenderFailure } from '../../../../contracts/owner-publish';
import type { buildPaths } from '../../../build-paths';
import type { Env } from '../../../env';

/**
 * The child process that renders a content for a publish, a preview or a follow
 * (scripts/content-step-child.ts; docs/decisions/019-publish.md). It runs the build's content
 * step while the server goes on serving, with only what a render needs: the settings it reads, a
 * time-out and a memory cap. None of the server's keys (Kit, Stripe, SMTP, the IP hash, the
 * database) has any use in a render, so none is handed to code that reads the owner's files.
 */

/** A render that takes longer than this is stopped and publishes nothing. */
export const renderTimeoutMs = 60_000;
/** The render's JavaScript heap, in MB: a runaway render stops instead of starving the server. */
export const renderMemoryMb = 512;
/** Where preview pictures are served from (server/features/room/publish/router.ts). */
export const previewImagesBase = '/owner/preview/images/';

/** The settings scripts/content-step-child.ts reads: the sites' origins, baked into the pages. */
const renderSettings = [
  'SITE_URL',
  'SELLABLE_BUSINESS_HOST',
  'WAITLIST_HOST',
  'BOOK_HOST',
] as const satisfies readonly (keyof Env)[];
/**
 * What any process of ours needs: programs, the temporary directory, a home for caches
 * (fontconfig's, under sharp), the time zone and mode, and the build the server itself serves
 * (server/build-paths.ts).
 */
const processSettings = ['PATH', 'HOME', 'TMPDIR', 'TZ', 'NODE_ENV', 'BUILD_DIR'] as const;

/** The renderer's whole environment, named one by one from the server's. */
export function renderEnv(source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of [...processSettings, ...renderSettings]) {
    if (source[name] !== undefined) env[name] = source[name];
  }
  // React renders in its development build unless told otherwise, several times slower; the
  // server's own default is production (server/env.ts).
  env.NODE_ENV ??= 'production';
  return env;
}

/** Content that does not fit: the build's message (file, line, field) for the room to show. */
export class InvalidContent extends Error {}

/** A render stopped for a reason other than the content: trying again later may work. */
export class RenderFailed extends Error {
  constructor(
    readonly reason: RenderFailure,
    message: string,
  ) {
    super(message);
  }
}

export function renderInChild(
  paths: Pick<typeof buildPaths, 'root' | 'contentRenderer'>,
  contentDir: string,
  outDir: string,
  {
    preview = false,
    timeoutMs = renderTimeoutMs,
    reuse = [],
  }: {
    preview?: boolean;
    timeoutMs?: number;
    /** Earlier renders' made/ directories, whose cards, PDFs and variants it may take. */
    reuse?: readonly string[];
  } = {},
): Promise<void> {
  const args = [
    `--max-old-space-size=${renderMemoryMb}`,
    '--import',
    'tsx',
    paths.contentRenderer,
    '--content',
    contentDir,
    '--out',
    outDir,
  ];
  if (preview) args.push('--preview', previewImagesBase);
  for (const dir of reuse) args.push('--reuse', dir);
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      args,
      { cwd: paths.root, env: renderEnv(), timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (!error) return done();
        // 65: the content does not fit (scripts/content-dir.ts); stderr is the build's message.
        if (error.code === 65) return fail(new InvalidContent(stderr.trim()));
        if (error.killed) {
          return fail(
            new RenderFailed('timeout', `rendering the content took over ${timeoutMs} ms`),
          );
        }
        fail(
          new RenderFailed(
            /heap out of memory/i.test(stderr) ? 'memory' : 'crash',
            `rendering the content failed: ${stderr.trim().slice(-2000) || error.message}`,
          ),
        );
      },
    );
  });
}
