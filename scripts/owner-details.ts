import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ContentFile, contentFiles } from '../contracts/content';
import { ownerDetailsIn } from '../contracts/content/legal-text';

/**
 * The build's reminder of the details only the owner can give (`[[Owner: …]]` in the legal
 * texts): each with its file and line, or nothing once all are filled in. The pages show them
 * highlighted meanwhile, so the site can be tried out before they are known.
 */
export async function ownerDetailsReport(dir: string): Promise<string | null> {
  const lines: string[] = [];
  for (const { path, format } of Object.values(contentFiles) as ContentFile[]) {
    if (format !== 'markdown') continue;
    const text = await readFile(join(dir, path), 'utf8');
    for (const { line, what } of ownerDetailsIn(text)) {
      lines.push(`  content/${path}:${line} ${what}`);
    }
  }
  if (lines.length === 0) return null;
  return [
    `Before launch, ${lines.length} detail${lines.length === 1 ? '' : 's'} only you can give (shown highlighted on the pages until then):`,
    ...lines,
  ].join('\n');
}
