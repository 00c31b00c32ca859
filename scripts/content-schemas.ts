/**
 * `npm run content:schemas`: a JSON Schema for every content file, made from its zod schema, in
 * content/schemas/. Each YAML file names its schema on its first line
 * (`# yaml-language-server: $schema=./schemas/workshop.schema.json`), so an editor with YAML
 * support (VS Code's YAML extension) completes and checks fields as the owner types.
 * `--check` fails when a committed schema is out of date (CI runs it through a unit test).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { type ContentFile, type ContentName, contentFiles } from '../contracts/content';
import { contentDir } from './content-dir';
import { startedAsScript } from './started-as-script';

export const schemasDir = join(contentDir, 'schemas');

/** Each content file's JSON Schema text, keyed by its file name in content/schemas/. */
export function contentJsonSchemas(): Map<string, string> {
  const schemas = new Map<string, string>();
  for (const name of Object.keys(contentFiles) as ContentName[]) {
    const { schema, format, path } = contentFiles[name] as ContentFile;
    if (format !== 'yaml') continue;
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    schemas.set(path.replace(/\.yaml$/, '.schema.json'), `${JSON.stringify(json, null, 2)}\n`);
  }
  return schemas;
}

if (startedAsScript(import.meta)) {
  const check = process.argv.includes('--check');
  await mkdir(schemasDir, { recursive: true });
  let stale = 0;
  for (const [file, text] of contentJsonSchemas()) {
    const path = join(schemasDir, file);
    const current = await readFile(path, 'utf8').catch(() => '');
    if (current === text) continue;
    stale += 1;
    if (check) console.error(`content/schemas/${file} is out of date`);
    else await writeFile(path, text);
  }
  if (check && stale > 0) {
    console.error('Run `npm run content:schemas` and commit the result.');
    process.exit(1);
  }
  console.log(check ? 'Content schemas are up to date.' : `Wrote ${stale} content schema(s).`);
}
