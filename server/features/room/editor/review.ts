/**
 * What may reach the content directory through the editor (Keystatic's API, in the room and in
 * `npm run dev`), checked before Keystatic's own handler runs:
 *
 * - A path is a content file of contracts/content/ or a picture under images/ with a picture's
 *   ending; nothing else (no dot-segments, backslashes, absolute paths, hidden files).
 * - The path stays inside the content directory once symbolic links are followed: Keystatic
 *   joins paths to its base directory and reads and writes through any link it meets
 *   (images/evil -> /etc would reach /etc), so each existing part of the path is looked at.
 * - A post keeps its id, or is given one (post-ids.ts).
 * - A save's content files go through save.ts (the file's own wording kept, the build's check);
 *   its pictures through reviewPicture (the build's rules, an SVG sanitised) and a size cap.
 * - Only an owner's page or a post is deleted (the editor's Delete, or one renamed): Keystatic also
 *   deletes the picture a field named before, which another file may still name, and every other
 *   content file must exist for the site to build.
 * - What only the whole content shows (two pages on one path, a redirect away from a page:
 *   contracts/content/pages.ts pageClashes; a redirect from a page of the writing:
 *   contracts/writing.ts redirectClashes; a menu item no page answers, a page the menu names
 *   deleted or moved without a redirect: contracts/content/navigation.ts navigationClashes; a
 *   workshop session's name sold elsewhere with another start, price or seats:
 *   contracts/content/session-names.ts) is checked on the content as the save would leave it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  type Content,
  type ContentFile,
  type ContentName,
  contentFileAt,
  contentFiles,
  pageFile,
  pageSlugOf,
  pagesDirectory,
  postFile,
  postSlugOf,
  postsDirectory,
} from '../../../../contracts/content';
import {
  checkContentFile,
  checkFile,
  experimentsProblems,
  formatProblem,
  lineOfField,
  navigationProblems,
  redirectsProblems,
  sessionsProblems,
} from '../../../../contracts/content/load';
import { type OwnerPage, pageClashes } from '../../../../contracts/content/pages';
import { pictureExtensions } from '../../../../contracts/content/pictures';
import { postRoute, writingClashes } from '../../../../contracts/content/posts';
import { editorPlace } from './keystatic-config';
import { reviewPicture, staysInside } from './pictures';
import { withPostIds } from './post-ids';
import type { PictureReview } from './safe-svg';
import { prepareSave } from './save';
import { type Update, updateSchema } from './update';

/** Each uploaded picture at most (a phone's photo is 2–6 MB; the build makes its variants). */
export const pictureMaxBytes = 10 * 1024 * 1024;
/** A save's request at most: its pictures travel base64-encoded (4/3 of their size) in JSON. */
export const saveMaxBytes = 32 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Where pictures live in the content directory. */
const imagesPrefix = 'images/';

export type EditablePath =
  | { kind: 'content'; name: string; file: ContentFile }
  | { kind: 'picture' };

/** What a path relative to the content directory is to the editor, or null if it is off limits. */
export function editablePath(path: string): EditablePath | null {
  if (path.length > 300) return null;
  const segments = path.split('/');
  // Empty (a leading or doubled slash), dot-segments and hidden files; backslashes, NUL and
  // control characters, which no content or picture name holds.
  const unsafe = (segment: string) =>
    segment === '' || segment.startsWith('.') || /[\\\p{Cc}:]/u.test(segment);
  if (segments.some(unsafe)) return null;
  const content = contentFileAt(path);
  if (content) return { kind: 'content', ...content };
  const ending = /\.[^./]+$/.exec(path)?.[0]?.toLowerCase() ?? '';
  if (path.startsWith(imagesPrefix) && ending in pictureExtensions) return { kind: 'picture' };
  return null;
}

export type Review = { update: Update } | { status: 400 | 422; problem: string };

/**
 * Keystatic's save request as it may reach the disk: every path editable and inside the content
 * directory (else 400, nothing written), every picture within the rules and every content file
 * one the build accepts (else 422 with the build's words, nothing written), no deletion but of
 * an owner's page or a post.
 */
export async function reviewUpdate(body: unknown, contentDir: string): Promise<Review> {
  const parsed = updateSchema.safeParse(body);
  if (!parsed.success) return { status: 400, problem: 'Bad data' };
  // Deletions other than an owner's page's or a post's are dropped unread (above).
  const { additions } = parsed.data;
  const deletions = parsed.data.deletions.filter(
    ({ path }) => pageSlugOf(path) !== null || postSlugOf(path) !== null,
  );
  for (const { path } of additions) {
    if (!editablePath(path) || !(await staysInside(contentDir, path))) {
      return { status: 400, problem: `Not saved: "${path}" is not a content file or picture.` };
    }
  }
  const reviewed: Update['additions'] = [];
  const problems: string[] = [];
  for (const addition of await withPostIds(contentDir, additions, deletions)) {
    const bytes = Buffer.from(addition.contents, 'base64');
    const kind = editablePath(addition.path);
    if (kind?.kind === 'picture') {
      const src = addition.path.slice(imagesPrefix.length);
      const picture: PictureReview =
        bytes.length > pictureMaxBytes
          ? {
              problem: `image "${src}" is ${megabytes(bytes.length)}; a picture may be at most ${megabytes(pictureMaxBytes)}`,
            }
          : await reviewPicture(src, bytes);
      if ('problem' in picture) problems.push(`Not saved: ${picture.problem}.`);
      else {
        reviewed.push({ ...addition, contents: Buffer.from(picture.bytes).toString('base64') });
      }
      continue;
    }
    if (kind?.kind !== 'content') continue;
    const current = await readFile(join(contentDir, addition.path), 'utf8').catch(() => undefined);
    const result = prepareSave(kind, bytes.toString('utf8'), current);
    if ('problems' in result) problems.push(result.problems);
    else reviewed.push({ ...addition, contents: Buffer.from(result.text).toString('base64') });
  }
  if (problems.length === 0)
    problems.push(...(await clashesAfter(contentDir, reviewed, deletions)));
  if (problems.length > 0) return { status: 422, problem: problems.join('\n') };
  return { update: { additions: reviewed, deletions } };
}

/**
 * The content as the save would leave it, checked as a whole: the owner's pages against each
 * other and the site settings' redirects, the redirects against the writing's pages, the menus
 * against every page, and the experiments against the pages they test (a
 * file that does not fit has had its say above, or is the build's to report).
 */
async function clashesAfter(
  contentDir: string,
  additions: Update['additions'],
  deletions: Update['deletions'],
): Promise<string[]> {
  const texts = new Map<string, string>();
  for (const directory of [pagesDirectory, postsDirectory]) {
    const onDisk = await readdir(join(contentDir, directory)).catch(() => [] as string[]);
    for (const fileName of onDisk) {
      const path = `${directory}/${fileName}`;
      if (pageSlugOf(path) === null && postSlugOf(path) === null) continue;
      texts.set(path, await readFile(join(contentDir, path), 'utf8'));
    }
  }
  for (const { path } of Object.values(contentFiles)) {
    texts.set(path, await readFile(join(contentDir, path), 'utf8').catch(() => ''));
  }
  for (const { path, contents } of additions) {
    if (contentFileAt(path)) texts.set(path, Buffer.from(contents, 'base64').toString('utf8'));
  }
  for (const { path } of deletions) texts.delete(path);

  const pages: Record<string, OwnerPage> = {};
  // Every post by name (what the writing's own paths may clash with), and where the front
  // matter of each that fits puts its pages (what a redirect may clash with).
  const posts: Record<string, z.output<typeof postRoute> | null> = {};
  for (const [path, text] of texts) {
    const slug = pageSlugOf(path);
    const checked = slug === null ? null : checkFile(pageFile(slug), text);
    if (slug !== null && checked && 'value' in checked) pages[slug] = checked.value as OwnerPage;
    const post = postSlugOf(path);
    if (post === null) continue;
    const route = checkFile({ ...postFile(post), schema: postRoute }, text);
    posts[post] = 'value' in route ? (route.value as z.output<typeof postRoute>) : null;
  }
  const routedPosts = Object.fromEntries(
    Object.entries(posts).flatMap(([post, route]) => (route ? [[post, route]] : [])),
  );
  const site = checkContentFile('site', texts.get(contentFiles.site.path) ?? '');
  const clashes = pageClashes(pages, 'value' in site ? site.value.redirects : []).map(
    ({ slug, message }) => {
      const file = pageFile(slug);
      const line = lineOfField(file, texts.get(file.path) ?? '', ['path']);
      const where = editorPlace('pages', file, 'path');
      return `${formatProblem({ file: `content/${file.path}`, line, path: 'path', message })} (in the editor: ${where})`;
    },
  );
  const writing = checkContentFile('writing', texts.get(contentFiles.writing.path) ?? '');
  const writingProblems =
    'value' in writing
      ? writingClashes(writing.value, pages, posts).map(({ file, message }) => {
          const at =
            file === 'writing'
              ? {
                  file: `content/${contentFiles.writing.path}`,
                  line: lineOfField(
                    contentFiles.writing,
                    texts.get(contentFiles.writing.path) ?? '',
                    ['path'],
                  ),
                  path: 'path',
                }
              : { file: `content/${file}.md`, line: 1, path: '' };
          return formatProblem({ ...at, message });
        })
      : [];
  const redirectProblems =
    'value' in site && 'value' in writing
      ? redirectsProblems(
          { site: site.value, writing: writing.value, posts: routedPosts },
          texts.get(contentFiles.site.path) ?? '',
        ).map(
          (problem) =>
            `${formatProblem(problem)} (in the editor: ${editorPlace('site', contentFiles.site, problem.path)})`,
        )
      : [];
  const menuProblems =
    'value' in site && 'value' in writing
      ? navigationProblems(
          { site: site.value, pages, writing: writing.value, posts: routedPosts },
          texts.get(contentFiles.site.path) ?? '',
        ).map(
          (problem) =>
            `${formatProblem(problem)} (in the editor: ${editorPlace('site', contentFiles.site, problem.path)})`,
        )
      : [];
  const problems = [
    ...clashes,
    ...writingProblems,
    ...redirectProblems,
    ...menuProblems,
    ...experimentsAfter(texts, pages),
    ...sessionsAfter(texts, pages),
  ];
  return problems.length > 0
    ? ['Not saved: the site would not build with this content.', ...problems]
    : [];
}

/**
 * The workshop's sessions sold under one name in two files with another start, price or seats
 * (contracts/content/session-names.ts), once the workshop's file fits.
 */
function sessionsAfter(
  texts: ReadonlyMap<string, string>,
  pages: Readonly<Record<string, OwnerPage>>,
): string[] {
  const workshopFile = contentFiles.workshop;
  const workshopText = texts.get(workshopFile.path) ?? '';
  const workshop = checkContentFile('workshop', workshopText);
  if (!('value' in workshop)) return [];
  const pageTexts = new Map(
    Object.keys(pages).map((slug) => [slug, texts.get(pageFile(slug).path) ?? '']),
  );
  return sessionsProblems(
    { workshop: workshop.value, pages },
    { workshop: workshopText, pages: pageTexts },
  ).map((problem) => {
    const slug = pageSlugOf(problem.file.slice('content/'.length));
    const where =
      slug === null
        ? editorPlace('workshop', workshopFile, problem.path)
        : editorPlace('pages', pageFile(slug), problem.path, pages[slug]);
    return `${formatProblem(problem)} (in the editor: ${where})`;
  });
}

/** The experiments' problems with the content as the save would leave it, once every file fits. */
function experimentsAfter(
  texts: ReadonlyMap<string, string>,
  pages: Readonly<Record<string, OwnerPage>>,
): string[] {
  const content: Partial<Record<ContentName, unknown>> = {};
  for (const name of Object.keys(contentFiles) as ContentName[]) {
    const checked = checkContentFile(name, texts.get(contentFiles[name].path) ?? '');
    if (!('value' in checked)) return [];
    content[name] = checked.value;
  }
  const file = contentFiles.experiments;
  return experimentsProblems(
    { ...(content as Omit<Content, 'pages'>), pages },
    texts.get(file.path) ?? '',
  ).map(
    (problem) =>
      `${formatProblem(problem)} (in the editor: ${editorPlace('experiments', file, problem.path)})`,
  );
}
