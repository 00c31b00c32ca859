/**
 * Content files of every kind the schemas use, for the editor's tests: each building block of
 * contracts/content/ (strict objects, lists, text, lines, addresses, date-times, days, numbers,
 * switches, choices, optional and default values, pictures) and a Markdown file.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { ContentFile } from '../../../../contracts/content';
import {
  dateTime,
  day,
  href,
  image,
  line,
  paragraph,
  url,
} from '../../../../contracts/content/fields';
import { type Review, reviewUpdate } from './review';

export const everything = z.strictObject({
  title: line,
  intro: paragraph,
  link: url,
  more: href,
  starts: dateTime,
  day,
  seats: z.number().int().min(1).max(500),
  price: z.number().positive(),
  open: z.boolean(),
  colour: z.enum(['red', 'green']),
  shade: z.enum(['light', 'dark']).optional(),
  note: line.optional(),
  tagline: z.string().default('Hello'),
  picture: image,
  logo: image.optional(),
  badge: z.strictObject({ value: line, label: line }).optional(),
  people: z
    .array(z.strictObject({ name: line, role: line, photo: image.optional() }))
    .min(1)
    .max(5),
  points: z.array(line).length(2),
  extras: z.array(line).optional(),
});

export const legal = z.strictObject({
  title: line,
  updated: day,
  body: z.string().min(1),
});

export const fixtureFiles = {
  everything: { path: 'everything.yaml', schema: everything, format: 'yaml' },
  terms: { path: 'legal/terms.md', schema: legal, format: 'markdown' },
} as const satisfies Record<string, ContentFile>;

export const everythingYaml = `# A comment the owner wrote.
title: A title
intro: >-
  A paragraph that is long enough to be folded over two lines in the file, as the owner's files
  are.
link: https://example.com/a
more: /terms
starts: "2027-04-22T18:00:00+01:00"
day: 2027-03-04
seats: 30
price: 49.5
open: true
colour: green
tagline: Hi
picture:
  src: people/amara.svg
  alt: Amara
people:
  - name: Ann
    role: Founder
    photo:
      src: portrait.svg
      alt: Ann, smiling
  - name: Bo
    role: Chair # no photo
points:
  - One
  - Two
`;

export const termsMarkdown = `---
title: Terms
updated: 2026-01-05
---
# Terms

These are the **terms**. Quote {founder} where needed.

- One
- Two
`;

/** A content directory holding the fixture files and the pictures they name. */
export function fixtureContentDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keystatic-fixture-'));
  const files: Record<string, string> = {
    'everything.yaml': everythingYaml,
    'legal/terms.md': termsMarkdown,
    'images/people/amara.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'images/portrait.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A file's bytes as the editor's API carries them. */
export const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

/** A save through the review, as the editor sends it: the files written and the paths deleted. */
export const reviewSaveIn =
  (contentDir: string) =>
  (additions: Array<{ path: string; text: string }>, deletions: string[] = []): Promise<Review> =>
    reviewUpdate(
      {
        additions: additions.map(({ path, text }) => ({ path, contents: base64(text) })),
        deletions: deletions.map((path) => ({ path })),
      },
      contentDir,
    );
