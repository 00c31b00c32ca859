/**
 * The editor and the site read each content file the same way: Keystatic's own reader (the same
 * parsing its app does in the browser) gives, field for field, what the build's loader gives,
 * and that value fits the file's zod schema.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReader } from '@keystatic/core/reader';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  type ContentFile,
  type ContentName,
  contentFiles,
  pageFile,
  pagesDirectory,
} from '../../../../contracts/content';
import { checkContentFile, checkFile, formatProblem } from '../../../../contracts/content/load';
import type { BlockKind } from '../../../../contracts/content/pages';
import { buildPaths } from '../../../build-paths';
import { fixtureContentDir, fixtureFiles } from './fixture';
import { keystaticConfig } from './keystatic-config';
import { contentValue } from './save';

/** The repository's content, the working copy's seed. */
const contentDir = join(buildPaths.root, 'content');

/** Date-times compared as instants: Keystatic may show an unquoted one in UTC. */
function instants(value: unknown): unknown {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : new Date(time).toISOString();
  }
  if (Array.isArray(value)) return value.map(instants);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, instants(item)]));
  }
  return value;
}

/** A Markdown file's text after its front matter, as the site's loader takes it. */
const bodyOf = (text: string) => text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '');

/** What Keystatic reads from one file, as content: empty optional fields left out. */
async function readWithKeystatic(
  dir: string,
  files: Readonly<Record<string, ContentFile>>,
  name: string,
): Promise<Record<string, unknown>> {
  const reader = createReader(dir, keystaticConfig(files));
  const entry = await reader.singletons[name]?.readOrThrow({ resolveLinkedFiles: true });
  const file = files[name] as ContentFile;
  const value = { ...(entry as Record<string, unknown>) };
  if (file.format === 'markdown') {
    // Keystatic parses the text for its editor (Markdoc); the site takes it as it is.
    expect(value.body).toMatchObject({ node: { type: 'document' } });
    value.body = bodyOf(readFileSync(join(dir, file.path), 'utf8'));
  }
  return contentValue(file.schema, value) as Record<string, unknown>;
}

describe('Keystatic reads each content file as the site does', () => {
  for (const name of Object.keys(contentFiles) as ContentName[]) {
    const file = contentFiles[name] as ContentFile;
    it(`content/${file.path}`, async () => {
      const text = readFileSync(join(contentDir, file.path), 'utf8');
      const loaded = checkContentFile(name, text);
      if ('problems' in loaded) throw new Error(`content/${file.path} does not build`);
      const read = await readWithKeystatic(contentDir, contentFiles, name);
      const parsed = file.schema.safeParse(read);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(instants(parsed.data)).toEqual(instants(loaded.value));
    });
  }
});

describe('Keystatic reads each owner page as the site does', () => {
  const reader = createReader(contentDir, keystaticConfig());
  const pagesDir = join(contentDir, pagesDirectory);
  for (const fileName of readdirSync(pagesDir)) {
    const slug = fileName.replace(/\.yaml$/, '');
    const file = pageFile(slug);
    it(`content/${file.path}`, async () => {
      const loaded = checkFile(file, readFileSync(join(contentDir, file.path), 'utf8'));
      if ('problems' in loaded) throw new Error(`content/${file.path} does not build`);
      const entry = await reader.collections.pages?.readOrThrow(slug);
      const read = contentValue(file.schema, entry);
      const parsed = file.schema.safeParse(read);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(parsed.data).toEqual(loaded.value);
    });
  }
});

describe('Keystatic reads a page of every block kind as the site does', () => {
  it('content/pages/everything.yaml', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agreement-pages-'));
    try {
      mkdirSync(join(dir, pagesDirectory));
      const seed = (name: string) =>
        parse(readFileSync(join(contentDir, `${name}.yaml`), 'utf8')) as Record<
          string,
          Record<string, unknown>
        >;
      const [home, cohort, workshop] = [seed('home'), seed('cohort'), seed('workshop')];
      const press = parse(readFileSync(join(contentDir, 'pages/press.yaml'), 'utf8'));
      const kinds: Record<BlockKind, unknown> = {
        hero: { heading: 'Everything', cta: { label: 'Go', href: '/everything#faq-5' } },
        text: { heading: 'Prose', body: 'One [link](/press).\n\n- a\n- b' },
        list: { heading: 'A list', items: ['First', 'Second'] },
        testimonials: cohort.testimonials,
        faq: cohort.faq,
        picture: { image: { src: 'portrait.svg', alt: 'A portrait' }, caption: 'A caption' },
        callToAction: { heading: 'Act', paragraphs: ['Why.'], cta: { label: 'Do', href: '/' } },
        signUp: { ...home.newsletter, list: 'handbook' },
        enquiry: home.contact,
        checkout: {
          sessions: workshop.sessions,
          price: workshop.price,
          nextDate: workshop.nextDate,
        },
        bookCard: {
          kicker: 'Book',
          heading: 'Read',
          sub: 'Soon.',
          order: { label: 'Order', href: 'https://shop.example/' },
        },
        timeline: home.timeline,
        pressLogos: home.press,
        comparison: cohort.shift,
        whoFor: cohort.fit,
        cards: cohort.deliverables,
        video: {
          heading: 'Watch',
          player: 'speaking',
          video: home.speaking?.video,
        },
        countdown: {
          heading: 'Doors open in',
          to: '2027-03-04T18:30:00+00:00',
          label: 'Time until the doors open',
          units: { days: 'd', hours: 'h', minutes: 'm', seconds: 's' },
          ended: 'Open.',
        },
      };
      const page = {
        ...press,
        name: 'Everything',
        path: '/everything',
        blocks: Object.entries(kinds).map(([discriminant, value]) => ({ discriminant, value })),
      };
      const file = pageFile('everything');
      const text = stringify(page);
      writeFileSync(join(dir, file.path), text);
      const loaded = checkFile(file, text);
      if ('problems' in loaded) throw new Error(loaded.problems.map(formatProblem).join('\n'));
      const entry = await createReader(dir, keystaticConfig()).collections.pages?.readOrThrow(
        'everything',
      );
      const read = file.schema.safeParse(contentValue(file.schema, entry));
      expect(read.error?.issues ?? []).toEqual([]);
      expect(instants(read.data)).toEqual(instants(loaded.value));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('every building block and a Markdown file', () => {
  const dir = fixtureContentDir();

  for (const [name, file] of Object.entries(fixtureFiles) as [string, ContentFile][]) {
    it(`${file.path}`, async () => {
      const text = readFileSync(join(dir, file.path), 'utf8');
      // As contracts/content/load.ts reads it: YAML 1.2, the Markdown text as the body.
      const site =
        file.format === 'markdown'
          ? { ...parse(/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? ''), body: bodyOf(text) }
          : parse(text);
      const read = await readWithKeystatic(dir, fixtureFiles, name);
      const parsed = file.schema.safeParse(read);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(instants(parsed.data)).toEqual(instants(file.schema.parse(site)));
    });
  }
});
