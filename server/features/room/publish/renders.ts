import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { buildPaths } from '../../../build-paths';
import { renderInChild } from './render-child';
import { type ContentFiles, writeContentFiles } from './versions';

/**
 * The renders a publisher makes under DATA_DIR/published (docs/decisions/019-publish.md): each
 * in a fresh directory, content/ and out/ inside, and each version's render kept for the next
 * start, for as long as the build that made it is the one running.
 */

/** The build a render is made with: its bundles, the content step, and its build-info.json. */
export type RenderPaths = Pick<
  typeof buildPaths,
  'root' | 'contentRenderer' | 'renderBundle' | 'info' | 'made'
>;

/** Where scripts/content-step-child.ts writes, inside its out directory. */
export const renderedPaths = (outDir: string) => ({
  client: join(outDir, 'client'),
  pages: join(outDir, 'pages'),
  private: join(outDir, 'private'),
  renderInput: join(outDir, 'render-input.json'),
  made: join(outDir, 'made'),
});

export type Renders = ReturnType<typeof createRenders>;

export function createRenders(root: string, paths: RenderPaths, timeoutMs: number) {
  const versionDir = (number: number) => join(root, `v${number}`);
  /** The build the renders were made with: a new deploy renders every version again. */
  const buildStamp = () => readFile(paths.info, 'utf8');
  const stampFile = (number: number) => join(versionDir(number), 'built-with.json');

  /** Whether a version's kept render was made with this very build. */
  async function keptFresh(number: number) {
    const stamp = stampFile(number);
    return existsSync(stamp) && (await readFile(stamp, 'utf8')) === (await buildStamp());
  }

  const keptOut = (number: number) => join(versionDir(number), 'out');

  /**
   * What a render may take from (scripts/render-reuse.ts): the kept renders' made/, newest
   * first, then the build's. A publish changes a few words, so most of its cards, PDFs and
   * photo variants are there already.
   */
  async function madeBefore(): Promise<string[]> {
    const kept = (await readdir(root).catch(() => []))
      .flatMap((entry) => {
        const match = /^v(\d+)$/.exec(entry);
        return match ? [Number(match[1])] : [];
      })
      .sort((a, b) => b - a)
      .map((number) => renderedPaths(keptOut(number)).made);
    return [...kept, paths.made];
  }

  return {
    keptFresh,
    /** The out directory of a version's kept render. */
    keptOut,

    /** Renders files into a fresh directory; answers it (content/ and out/ inside). */
    async render(files: ContentFiles, isPreview = false): Promise<string> {
      const dir = join(root, `.render-${Date.now()}-${Math.random().toString(36).slice(2)}`);
      await mkdir(join(dir, 'content'), { recursive: true });
      try {
        await writeContentFiles(join(dir, 'content'), files);
        await renderInChild(paths, join(dir, 'content'), join(dir, 'out'), {
          preview: isPreview,
          timeoutMs,
          reuse: isPreview ? [] : await madeBefore(),
        });
        return dir;
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    },

    /**
     * Keeps a version's render for the next start, and drops those two versions older. Instances
     * sharing a data directory may both render a version: the first one kept stands.
     */
    async keep(dir: string, number: number) {
      if (!(await keptFresh(number)))
        await rm(versionDir(number), { recursive: true, force: true });
      try {
        await rename(dir, versionDir(number));
        await writeFile(stampFile(number), await buildStamp());
      } catch {
        await rm(dir, { recursive: true, force: true });
      }
      for (const entry of await readdir(root)) {
        const match = /^v(\d+)$/.exec(entry);
        if (match && Number(match[1]) < number - 1) {
          await rm(join(root, entry), { recursive: true, force: true });
        }
      }
    },
  };
}
