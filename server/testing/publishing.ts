import { readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { buildPaths } from '../build-paths';
import type { Logger } from '../logger';

/** What publishing tests give the publisher for a logger: it says nothing. */
export const quietLogger: Pick<Logger, 'info' | 'warn' | 'error'> = {
  info: () => {},
  warn: () => {},
  error: () => {},
};

/**
 * Publishes in this test file with the address the build was made for, as a deployed server
 * does: a render then takes the build's own share cards and PDFs (scripts/render-reuse.ts)
 * where they fit. Call at the top of the file.
 */
export function publishWithBuiltSiteUrl(): void {
  const { siteUrl } = JSON.parse(readFileSync(buildPaths.info, 'utf8')) as { siteUrl: string };
  const before = process.env.SITE_URL;
  beforeAll(() => {
    process.env.SITE_URL = siteUrl;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = before;
  });
}

/** The newsletters' settings of a publishing test without Kit: posts publish, no email is made. */
export const newslettersWithoutKit = { origin: 'https://jamie.example', kit: false };
