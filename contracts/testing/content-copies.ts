import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach } from 'vitest';
import { formatProblem, InvalidContentError, loadContent } from '../content/load';

/** The repository's sample content (content/). */
export const sampleContentDir = resolve(import.meta.dirname, '../../content');

/**
 * For tests of what the content loader refuses: a copy of the sample content with some files
 * written over (removed after each test), and the problems loading a directory reports, as the
 * build prints them. Call inside the describe block that uses it.
 */
export function contentCopies(prefix: string) {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return {
    async contentWith(files: Record<string, string>): Promise<string> {
      dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
      await cp(sampleContentDir, dir, { recursive: true });
      for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
      return dir;
    },
    async loadProblems(directory: string): Promise<string[]> {
      try {
        await loadContent(directory);
        return [];
      } catch (error) {
        if (error instanceof InvalidContentError) return error.problems.map(formatProblem);
        throw error;
      }
    },
  };
}
