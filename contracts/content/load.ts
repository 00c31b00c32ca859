import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMap, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { z } from 'zod';
import { redirectClashes, type WritingContent } from '../writing';
import { experimentProblems, testablePages } from './experiments';
import {
  type Content,
  type ContentFile,
  type ContentName,
  contentFiles,
  pageFile,
  pageSlugPattern,
  pagesDirectory,
  placeholderNames,
  postFile,
  postsDirectory,
} from './index';
import { navigationClashes } from './navigation';
import { type OwnerPage, ownerPage, pageClashes } from './pages';
import { type Post, postIdClashes, writingClashes } from './posts';
import { sessionClashes } from './session-names';

/**
 * Reads the owner's content files and checks each against its schema. A file that does not fit
 * is reported the way an editor would point at it (docs/editing-content.md):
 *
 *   content/workshop.yaml:14 sessions[0].start: expected a date-time with a UTC offset
 *   (2026-12-10T18:00:00+00:00), got "22/09/2025"
 *
 * Every problem of every file is collected before failing, so one build shows them all.
 */

export interface ContentProblem {
  /** The file, relative to the repository (content/workshop.yaml). */
  file: string;
  /** 1-based line of the value (or of the nearest enclosing value that exists). */
  line: number;
  /** The field, as `sessions[0].start`; empty for the file as a whole. */
  path: string;
  message: string;
}

export class InvalidContentError extends Error {
  override name = 'InvalidContentError';
  constructor(readonly problems: readonly ContentProblem[]) {
    super(
      [
        `The content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:`,
        ...problems.map(formatProblem),
      ].join('\n'),
    );
  }
}

export function formatProblem({ file, line, path, message }: ContentProblem): string {
  return `  ${file}:${line}${path ? ` ${path}` : ''}: ${message}`;
}

/** `sessions[0].start` from zod's `['sessions', 0, 'start']`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value';
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  }
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of fields';
  return String(value);
}

/** What the owner reads for one zod issue: what was expected, and what the file has. */
function messageOf(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys
        .map((key) => `"${key}"`)
        .join(', ')} (check the spelling; unknown fields are not allowed)`;
    case 'invalid_type':
      if (value === undefined) return `${issue.message}, got nothing (the field is required)`;
      return `${issue.message}, got ${describeValue(value)}`;
    case 'custom':
      // A problem found inside a Markdown text says what it found itself, at its own line; so
      // does one that names the value in its own words (`namesValue`).
      if (typeof issue.params?.line === 'number' || issue.params?.namesValue === true) {
        return issue.message;
      }
      return `${issue.message}, got ${describeValue(value)}`;
    default:
      // A message that already says what it got ("expected text, got an empty string") says it once.
      return issue.message.includes(', got ')
        ? issue.message
        : `${issue.message}, got ${describeValue(value)}`;
  }
}

/** The deepest node of a YAML document along a path, for the line to point at. */
function nodeAt(root: Node | null, path: readonly PropertyKey[]): Node | null {
  let node = root;
  for (const key of path) {
    let next: unknown;
    if (isMap(node)) next = node.get(key, true);
    else if (isSeq(node) && typeof key === 'number') next = node.get(key, true);
    if (next === undefined || next === null || typeof next !== 'object') break;
    node = next as Node;
  }
  return node;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Every string of a value with its path, for the placeholder check. */
function* stringsOf(value: unknown, path: PropertyKey[] = []): Generator<[string, PropertyKey[]]> {
  if (typeof value === 'string') yield [value, path];
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* stringsOf(item, [...path, index]);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, [...path, key]);
  }
}

/** A Markdown file: YAML front matter between `---` lines, then the body. */
function splitFrontMatter(text: string): { frontMatter: string; body: string; bodyLine: number } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { frontMatter: '', body: text, bodyLine: 1 };
  return {
    frontMatter: match[1] ?? '',
    // The content editor saves a link's address percent-encoded, `mailto:{privacyEmail}` as
    // `mailto:%7BprivacyEmail%7D`: read it back as the fact it names.
    body: text.slice(match[0].length).replace(/%7B(\w+)%7D/gi, '{$1}'),
    bodyLine: match[0].split('\n').length,
  };
}

/** One named file checked against its schema: its value, or the problems found. */
export function checkContentFile<Name extends ContentName>(
  name: Name,
  text: string,
): { value: Content[Name] } | { problems: ContentProblem[] } {
  return checkFile(contentFiles[name] as ContentFile, text) as
    | { value: Content[Name] }
    | { problems: ContentProblem[] };
}

/** Any content file (a named one, or one of the owner's pages) checked against its schema. */
export function checkFile(
  { path, schema, format }: ContentFile,
  text: string,
): { value: unknown } | { problems: ContentProblem[] } {
  const file = `content/${path}`;
  const { frontMatter, body, bodyLine } =
    format === 'markdown' ? splitFrontMatter(text) : { frontMatter: text, body: '', bodyLine: 0 };
  /** A Markdown text's problems carry their line within the text (contracts/content/legal.ts). */
  const lineInBody = (at: readonly PropertyKey[], line: unknown) =>
    format === 'markdown' && at[0] === 'body' && typeof line === 'number'
      ? bodyLine + line - 1
      : null;
  // Front matter starts on line 2 of a Markdown file (after the opening ---).
  const lineOffset = format === 'markdown' ? 1 : 0;
  const lineCounter = new LineCounter();
  const document = parseDocument(frontMatter, { lineCounter, prettyErrors: false });
  const lineOf = (node: Node | null) => {
    const offset = node?.range?.[0];
    return (offset === undefined ? 1 : lineCounter.linePos(offset).line) + lineOffset;
  };
  if (document.errors.length > 0) {
    return {
      problems: document.errors.map((error) => ({
        file,
        line: (error.linePos?.[0].line ?? 1) + lineOffset,
        path: '',
        message: `not valid YAML: ${error.message.split('\n')[0]}`,
      })),
    };
  }
  const data: unknown =
    format === 'markdown' ? { ...(document.toJS() ?? {}), body } : document.toJS();
  const parsed = schema.safeParse(data);
  const problems: ContentProblem[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at =
        issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
      const bodyAt = issue.code === 'custom' ? lineInBody(at, issue.params?.line) : null;
      problems.push({
        file,
        line: bodyAt ?? lineOf(nodeAt(document.contents, at)),
        path: fieldPath(issue.path),
        message: messageOf(issue, valueAt(data, issue.path)),
      });
    }
  }
  for (const [text, at] of stringsOf(data)) {
    for (const { 1: name, index } of text.matchAll(/\{(\w+)\}/g)) {
      if (name && !placeholderNames.has(name)) {
        const lineInText = text.slice(0, index).split('\n').length;
        problems.push({
          file,
          line: lineInBody(at, lineInText) ?? lineOf(nodeAt(document.contents, at)),
          path: fieldPath(at),
          message: `unknown fact "{${name}}": known facts are ${[...placeholderNames]
            .map((known) => `{${known}}`)
            .join(', ')}`,
        });
      }
    }
  }
  if (problems.length > 0 || !parsed.success) return { problems };
  return { value: parsed.data };
}

/** The line of a field in a content file's text, for a problem found after parsing (an image). */
export function lineOfField(
  { format }: ContentFile,
  text: string,
  path: readonly PropertyKey[],
): number {
  const { frontMatter } = format === 'markdown' ? splitFrontMatter(text) : { frontMatter: text };
  const lineCounter = new LineCounter();
  const document = parseDocument(frontMatter, { lineCounter });
  const offset = nodeAt(document.contents, path)?.range?.[0];
  return (
    (offset === undefined ? 1 : lineCounter.linePos(offset).line) + (format === 'markdown' ? 1 : 0)
  );
}

/** Reads and checks every content file in `dir` (the repository's content/ by default). */
export async function loadContent(dir: string): Promise<Content> {
  const content: Partial<Record<ContentName, unknown>> = {};
  const problems: ContentProblem[] = [];
  let experimentsText = '';
  let writingText = '';
  let siteText = '';
  let workshopText = '';
  for (const name of Object.keys(contentFiles) as ContentName[]) {
    const { path } = contentFiles[name];
    let text: string;
    try {
      text = await readFile(join(dir, path), 'utf8');
    } catch {
      problems.push({ file: `content/${path}`, line: 1, path: '', message: 'file is missing' });
      continue;
    }
    if (name === 'experiments') experimentsText = text;
    if (name === 'writing') writingText = text;
    if (name === 'site') siteText = text;
    if (name === 'workshop') workshopText = text;
    const checked = checkContentFile(name, text);
    if ('problems' in checked) problems.push(...checked.problems);
    else content[name] = checked.value;
  }
  const { pages, texts: pageTexts } = await loadPages(dir, problems);
  const { values: posts, texts: postTexts } = await loadCollection<Post>(
    dir,
    { directory: postsDirectory, extension: '.md', example: 'first-hire' },
    postFile,
    problems,
  );
  if (problems.length > 0) throw new InvalidContentError(problems);
  const loaded = { ...(content as Omit<Content, 'pages' | 'posts'>), pages, posts };
  for (const { file, message } of writingClashes(loaded.writing, pages, posts)) {
    problems.push(
      file === 'writing'
        ? {
            file: `content/${contentFiles.writing.path}`,
            line: lineOfField(contentFiles.writing, writingText, ['path']),
            path: 'path',
            message,
          }
        : { file: `content/${file}.md`, line: 1, path: '', message },
    );
  }
  for (const { slug, message } of postIdClashes(posts)) {
    const file = postFile(slug);
    const line = lineOfField(file, postTexts.get(slug) ?? '', ['id']);
    problems.push({ file: `content/${file.path}`, line, path: 'id', message });
  }
  problems.push(...redirectsProblems(loaded, siteText));
  problems.push(...navigationProblems(loaded, siteText));
  problems.push(...experimentsProblems(loaded, experimentsText));
  problems.push(...sessionsProblems(loaded, { workshop: workshopText, pages: pageTexts }));
  if (problems.length > 0) throw new InvalidContentError(problems);
  return loaded;
}

/**
 * What only the content as a whole shows about the workshop's sessions
 * (contracts/content/session-names.ts sessionClashes): a name sold in two places with another
 * start, price or seats, at its line in the later file. The build and Save check it.
 */
export function sessionsProblems(
  content: Pick<Content, 'workshop' | 'pages'>,
  texts: { workshop: string; pages: ReadonlyMap<string, string> },
): ContentProblem[] {
  return sessionClashes(content).map(({ file, path, message }) => {
    const [contentFile, text] =
      'workshop' in file
        ? [contentFiles.workshop, texts.workshop]
        : [pageFile(file.page), texts.pages.get(file.page) ?? ''];
    return {
      file: `content/${contentFile.path}`,
      line: lineOfField(contentFile, text, path),
      path: fieldPath(path),
      message,
    };
  });
}

/**
 * What only the content as a whole shows about the site settings' redirects
 * (contracts/content/redirects.ts redirectClashes), at their lines in content/site.yaml. The
 * build and Save check it.
 */
export function redirectsProblems(
  content: Pick<Content, 'site'> & WritingContent,
  text: string,
): ContentProblem[] {
  const file = contentFiles.site;
  return redirectClashes(content.site.redirects, content).map(({ index, message }) => {
    const path = ['redirects', index, 'from'];
    return {
      file: `content/${file.path}`,
      line: lineOfField(file, text, path),
      path: fieldPath(path),
      message,
    };
  });
}

/**
 * What only the content as a whole shows about the main site's menus
 * (contracts/content/navigation.ts navigationClashes), at their lines in content/site.yaml. The
 * build and Save check it.
 */
export function navigationProblems(
  content: Pick<Content, 'site' | 'pages'> & WritingContent,
  text: string,
): ContentProblem[] {
  const file = contentFiles.site;
  return navigationClashes(content.site.navigation, {
    ...content,
    redirects: content.site.redirects,
  }).map(({ path, message }) => ({
    file: `content/${file.path}`,
    line: lineOfField(file, text, path),
    path: fieldPath(path),
    message,
  }));
}

/**
 * What only the content as a whole shows about the experiments (contracts/content/experiments.ts
 * experimentProblems), at their lines in content/experiments.yaml. The build and Save check it.
 */
export function experimentsProblems(content: Content, text: string): ContentProblem[] {
  const file = contentFiles.experiments;
  return experimentProblems(content.experiments.experiments, {
    files: content,
    pages: content.pages,
    recheck: (page, changed) => {
      const schema = page.startsWith('pages/')
        ? ownerPage
        : contentFiles[testablePages[page as keyof typeof testablePages]].schema;
      const parsed = schema.safeParse(changed);
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      return issue ? `${fieldPath(issue.path)}: ${issue.message}` : null;
    },
  }).map(({ path, message }) => ({
    file: `content/${file.path}`,
    line: lineOfField(file, text, path),
    path: fieldPath(path),
    message,
  }));
}

/**
 * Each file of a collection folder of `dir` (none when there is no such folder), checked, by its
 * slug; a file whose name is not a slug and `extension` is a problem.
 */
async function loadCollection<T>(
  dir: string,
  { directory, extension, example }: { directory: string; extension: string; example: string },
  fileOf: (slug: string) => ContentFile,
  problems: ContentProblem[],
): Promise<{ values: Record<string, T>; texts: Map<string, string> }> {
  const values: Record<string, T> = {};
  const texts = new Map<string, string>();
  const names = await readdir(join(dir, directory)).catch(() => [] as string[]);
  for (const fileName of names.sort()) {
    if (fileName.startsWith('.')) continue;
    const slug = fileName.slice(0, -extension.length);
    if (!fileName.endsWith(extension) || !pageSlugPattern.test(slug)) {
      problems.push({
        file: `content/${directory}/${fileName}`,
        line: 1,
        path: '',
        message: `expected a file name of lower-case letters, digits and hyphens ending in ${extension} ("${example}${extension}")`,
      });
      continue;
    }
    const file = fileOf(slug);
    const text = await readFile(join(dir, file.path), 'utf8');
    const checked = checkFile(file, text);
    if ('problems' in checked) problems.push(...checked.problems);
    else {
      values[slug] = checked.value as T;
      texts.set(slug, text);
    }
  }
  return { values, texts };
}

/**
 * The owner's pages in `dir`/pages/ and their files' texts, with what only the content as a whole
 * shows (contracts/content/pages.ts pageClashes) added to `problems`.
 */
async function loadPages(dir: string, problems: ContentProblem[]) {
  const { values: pages, texts } = await loadCollection<OwnerPage>(
    dir,
    { directory: pagesDirectory, extension: '.yaml', example: 'speaking' },
    pageFile,
    problems,
  );
  const site = await readFile(join(dir, contentFiles.site.path), 'utf8').catch(() => '');
  const checkedSite = checkContentFile('site', site);
  const redirects = 'value' in checkedSite ? checkedSite.value.redirects : [];
  for (const { slug, message } of pageClashes(pages, redirects)) {
    const file = pageFile(slug);
    problems.push({
      file: `content/${file.path}`,
      line: lineOfField(file, texts.get(slug) ?? '', ['path']),
      path: 'path',
      message,
    });
  }
  return { pages, texts };
}
