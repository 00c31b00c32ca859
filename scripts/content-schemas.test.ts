import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ContentFile, contentFiles } from '../contracts/content';
import { contentDir } from './content-dir';
import { contentJsonSchemas, schemasDir } from './content-schemas';

/** What the owner's editor checks as they type must be what the build checks. */
describe('the content files’ JSON Schemas', () => {
  it('are the ones the zod schemas make today (else: npm run content:schemas)', () => {
    for (const [file, text] of contentJsonSchemas()) {
      expect(readFileSync(join(schemasDir, file), 'utf8'), file).toBe(text);
    }
  });

  it('are named on the first line of each YAML file, for the editor', () => {
    for (const { path, format } of Object.values(contentFiles) as ContentFile[]) {
      if (format !== 'yaml') continue;
      const [first] = readFileSync(join(contentDir, path), 'utf8').split('\n');
      expect(first, path).toBe(
        `# yaml-language-server: $schema=./schemas/${path.replace(/\.yaml$/, '.schema.json')}`,
      );
    }
  });
});
