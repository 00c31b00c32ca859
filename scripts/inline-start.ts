import { posix } from 'node:path';

/**
 * A page's client entry, written into its HTML (decision 025). Every entry is a line that imports
 * the start-up module (src/pages/start-page.ts) and calls it; as files, the two cost the first
 * paint two requests, each on a cold connection of its own over HTTP/1.1. Inline, the first paint
 * needs only the document, its stylesheet and its fonts, and the rest of the page's code still
 * comes after it, from /assets/, as before.
 *
 * The bundler's output is read, not parsed: an entry must be exactly one `import{…}from"./x.js"`
 * of a chunk that imports nothing itself and ends in one `export{…}`. Any other shape stops the
 * build with this file's name, rather than ship a page whose code cannot start.
 */

const entryImport = /^import\s*\{([^}]*)\}\s*from\s*["']\.\/([\w.-]+\.js)["'];?/;
const chunkExport = /export\s*\{([^}]*)\};?\s*$/;
const staticImport = /(?:^|[;}\s])import\s*[\w{*]/;
/** `import("./x.js")` or `import(\`./x.js\`)` inside the chunk: relative to the chunk's URL. */
const relativeDynamicImport = /(\bimport\(\s*)(["'`])\.\/([\w.-]+\.js)\2/g;

/** `a as b, c` → [['a', 'b'], ['c', 'c']]: what is named, and under which local name. */
function bindings(list: string): Array<[string, string]> {
  return list
    .split(',')
    .map((binding) => binding.trim())
    .filter(Boolean)
    .map((binding) => {
      const [name, local] = binding.split(/\s+as\s+/);
      return [name ?? '', local ?? name ?? ''];
    });
}

function refuse(entryFile: string, why: string): never {
  throw new Error(
    `Cannot write the page entry ${entryFile} into its HTML: ${why} (scripts/inline-start.ts)`,
  );
}

/**
 * The module script to write into a page in place of `<script src=entry>`: the imported chunk
 * inside a function (its top-level names cannot meet the entry's), then the entry's own code.
 * `entryFile` is the entry's path from the site's root (`/assets/home-….js`); `chunkCode` reads
 * another built file by such a path.
 */
export function inlineEntry(
  entryFile: string,
  entryCode: string,
  chunkCode: (file: string) => string,
): string {
  const directory = posix.dirname(entryFile);
  const imported = entryImport.exec(entryCode);
  if (!imported) refuse(entryFile, 'it does not start with one import of a chunk');
  const [statement, names = '', chunkFile = ''] = imported;
  const rest = entryCode.slice(statement.length);
  if (staticImport.test(rest)) refuse(entryFile, 'it imports more than one chunk');

  const chunkPath = `${directory}/${chunkFile}`;
  const chunk = chunkCode(chunkPath);
  const exported = chunkExport.exec(chunk);
  if (!exported) refuse(entryFile, `${chunkPath} does not end in one export`);
  const body = chunk.slice(0, exported.index);
  if (staticImport.test(body)) refuse(entryFile, `${chunkPath} imports another chunk`);
  // An inline script's relative imports would resolve against the page's own address.
  const rebased = body.replace(relativeDynamicImport, `$1$2${directory}/$3$2`);

  const exports = bindings(exported[1] ?? '').map(([local, name]) => `${name}:${local}`);
  const wanted = bindings(names).map(([name, local]) => `${name}:${local}`);
  const script = `const{${wanted.join(',')}}=(()=>{${rebased};return{${exports.join(',')}}})();${rest}`;
  if (/<\/script|<!--/i.test(script)) refuse(entryFile, 'its code would end the HTML script');
  return script;
}
