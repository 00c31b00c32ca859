import type { Content } from '../contracts/content';
import { InvalidContentError, loadContent } from '../contracts/content/load';
import { pathSettings } from '../server/env';

/** The owner's content: content/ in the repository, or CONTENT_DIR (a copy being tried out). */
export const contentDir = pathSettings().CONTENT_DIR;

/** The content, checked; on a problem, the list of them (file, line, field) and exit 1. */
export async function loadContentOrExit(): Promise<Content> {
  return loadContent(contentDir).catch(exitOnInvalidContent);
}

/** The build's exit code for content that does not fit (EX_DATAERR), apart from other failures. */
export const invalidContentExitCode = 65;

/** Prints the content's problems and exits; any other error goes on. */
export function exitOnInvalidContent(error: unknown): never {
  if (!(error instanceof InvalidContentError)) throw error;
  console.error(`${error.message}\nNothing was built. How to edit: docs/editing-content.md`);
  process.exit(invalidContentExitCode);
}
