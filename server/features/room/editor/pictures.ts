/**
 * A picture and where it is read from, judged the same way by the editor's save (review.ts) and
 * by the build's reader (scripts/content-images.ts). Kept apart from the save's review, which
 * brings Keystatic (and React) with it: the build must not load React before Vite has chosen its
 * production build.
 */
import { lstat, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pictureProblem, sniffPicture } from '../../../../contracts/content/pictures';
import type { PictureReview } from './safe-svg';

const within = (root: string, path: string) => {
  const rest = relative(root, path);
  return rest === '' || (!rest.startsWith(`..${sep}`) && rest !== '..' && !rest.startsWith(sep));
};

/**
 * Whether `path` (relative, already an editablePath) stays inside `dir` with every symbolic link
 * on its way followed. A part that does not exist yet stays inside: Keystatic makes it as a real
 * directory or file. A dangling link is refused: writing through it would create its target.
 */
export async function staysInside(dir: string, path: string): Promise<boolean> {
  const root = await realpath(dir);
  let current = root;
  for (const segment of path.split('/')) {
    current = join(current, segment);
    let stats: Awaited<ReturnType<typeof lstat>>;
    try {
      stats = await lstat(current);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT';
    }
    if (stats.isSymbolicLink()) {
      try {
        current = await realpath(current);
      } catch {
        return false;
      }
      if (!within(root, current)) return false;
    }
  }
  return within(root, current);
}

/** A picture as it may be kept (its bytes, an SVG's perhaps cleaned), or why not. */

/**
 * A picture named `src` as it may be kept (its bytes, or an SVG's cleaned ones), or why not: the
 * rules of contracts/content/pictures.ts, then an SVG sanitised (safe-svg.ts). The editor's save
 * and the build (scripts/content-images.ts) both judge a picture here, in the same words.
 */
export async function reviewPicture(src: string, bytes: Uint8Array): Promise<PictureReview> {
  const problem = pictureProblem(src, bytes);
  if (problem) return { problem };
  if (sniffPicture(bytes) !== 'svg') return { bytes };
  // Loaded at first use: the sanitiser brings a DOM (jsdom), which only a picture needs.
  const { sanitiseSvg } = await import('./safe-svg');
  return sanitiseSvg(src, bytes);
}
