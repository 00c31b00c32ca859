/**
 * The functions that run past a length a reader can hold at once: every function (declaration,
 * method, arrow function, function expression) of the given folders' .ts/.tsx files, measured
 * from its first line to its last with the TypeScript compiler's own parse, so a line count
 * never depends on a pattern that misreads a string or a comment. Its test
 * (scripts/function-length.test.ts) holds the limit; `npx tsx scripts/function-length.ts [dir…]`
 * prints the longest, for the numbers a restructuring note gives before and after.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { startedAsScript } from './started-as-script';

const root = resolve(import.meta.dirname, '..');

/** One function as a reader meets it: where it starts, what it is called, how many lines. */
export type FunctionLength = { file: string; line: number; name: string; lines: number };

/**
 * The source files under a folder, as paths from the repository root (or `from`). Tests are left
 * out: a `describe` callback is a list of cases, not a function with parts to name.
 */
export function sourceFiles(dir: string, from = root): string[] {
  return readdirSync(join(from, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file))
    .map((file) => join(dir, file))
    .sort();
}

/** Every function of a file's text with its length in lines, outermost first. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node) => {
    // Overloads and abstract members have no body: nothing to read, nothing to split.
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      // From the signature's first line (its doc comment not counted) to the closing brace.
      const line = lineOf(node.getStart(source));
      found.push({
        file,
        line,
        name: nameOf(node, source),
        lines: lineOf(node.getEnd()) - line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * What a reader would call the function: its own name, the name it is bound to, or, for a
 * callback, the call it is handed to (`app.post('/api/leads') callback`), so a report names a
 * router's inline handler as the route it serves.
 */
function nameOf(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const { parent } = node;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.initializer === node
  ) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) {
    const [first] = parent.arguments;
    const label = first && ts.isStringLiteralLike(first) ? `(${first.getText(source)})` : '';
    return `${parent.expression.getText(source)}${label} callback`;
  }
  if (ts.isExportAssignment(parent)) return 'default export';
  return '(anonymous)';
}

/** The functions of these folders (of the repository, or `from`) longer than `limit` lines, longest first. */
export function longFunctions(
  dirs: readonly string[],
  limit: number,
  from = root,
): FunctionLength[] {
  return dirs
    .flatMap((dir) => sourceFiles(dir, from))
    .flatMap((file) => functionLengths(file, readFileSync(join(from, file), 'utf8')))
    .filter(({ lines }) => lines > limit)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

/** `file:line name (N lines)`, as the test and the script print a function. */
export const describeFunction = ({ file, line, name, lines }: FunctionLength): string =>
  `${file}:${line} ${name} (${lines} lines)`;

if (startedAsScript(import.meta)) {
  const dirs = process.argv.slice(2);
  const longest = longFunctions(
    dirs.length > 0 ? dirs : ['server', 'contracts', 'scripts', 'src'],
    0,
  );
  for (const each of longest.slice(0, 25)) console.log(describeFunction(each));
}
