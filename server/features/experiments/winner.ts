import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, parseDocument, stringify } from 'yaml';
import { contentFiles, pageFile } from '../../../contracts/content';
import { testablePages, withChanges } from '../../../contracts/content/experiments';
import { checkContentFile } from '../../../contracts/content/load';
import { ownerPageId } from '../../../contracts/routes';
import type { ContentChange } from '../room';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * "Make this the page" (docs/decisions/027-experiments.md): the change to the owner's working
 * copy that ends the experiment `name` with `variant` as the page. The variant's texts, hidden
 * and moved blocks are written into the page's own file, its comments and wording kept, and the experiment
 * leaves content/experiments.yaml; with "control" the page stays as it is and only the
 * experiment goes. The caller saves this change as the editor saves (review and all) and then
 * publishes it as a new version, so Roll back undoes it as any publish.
 */
export async function winnerChange(
  contentDir: string,
  name: string,
  variant: string,
): Promise<ContentChange> {
  const experimentsPath = contentFiles.experiments.path;
  const experimentsText = await readFile(join(contentDir, experimentsPath), 'utf8');
  const checked = checkContentFile('experiments', experimentsText);
  if (!('value' in checked)) {
    return {
      status: 409,
      problem:
        'Your working copy of the experiments does not fit: correct it in the editor, then try again.',
    };
  }
  const index = checked.value.experiments.findIndex((experiment) => experiment.name === name);
  const experiment = checked.value.experiments[index];
  if (!experiment) {
    return {
      status: 404,
      problem: `"${name}" is no longer in your working copy: it was ended or renamed since.`,
    };
  }
  const chosen = experiment.variants.find((candidate) => candidate.name === variant);
  if (variant !== 'control' && !chosen) {
    return { status: 404, problem: `"${name}" has no variant "${variant}".` };
  }

  const experiments = parseDocument(experimentsText);
  experiments.deleteIn(['experiments', index]);
  const additions = [{ path: experimentsPath, contents: base64(experiments.toString()) }];
  if (chosen) {
    const path = pagePath(experiment.page);
    // The page as the variant shows it, by the same changes that rendered the variant; the save
    // writes only what differs into the file (server/features/room/editor/save.ts).
    const page = withChanges(parse(await readFile(join(contentDir, path), 'utf8')), chosen.changes);
    // The page first: a save stopped between the two files leaves a page that already says
    // what the variant said, with its experiment still running, which is valid content.
    additions.unshift({ path, contents: base64(stringify(page)) });
  }
  return { additions, deletions: [] };
}

/** The file holding a page's words: a seed page's content file, or the owner's page's own. */
function pagePath(page: string): string {
  const owner = ownerPageId('');
  if (page.startsWith(owner)) return pageFile(page.slice(owner.length)).path;
  const name = testablePages[page as keyof typeof testablePages];
  return contentFiles[name].path;
}
