import { resolve } from 'node:path';

/**
 * Whether the module with this `import.meta` is the script Node was started with
 * (`tsx scripts/…`), rather than a module another imported, such as its test, which must not set
 * it running.
 */
export const startedAsScript = (meta: ImportMeta): boolean =>
  process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(meta.filename);
