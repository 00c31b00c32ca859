import { describe, expect, it } from 'vitest';
import { inlineEntry } from './inline-start';

/** Built files in the shape the bundler writes them (minified names that meet on purpose). */
const files: Record<string, string> = {
  '/assets/start-page-X.js':
    'var e=[];function t(n){e.push(n)}function s(){t("started");' +
    'import(`./page-runtime-Y.js`).then(()=>{})}export{t as n,s as t};',
  '/assets/plain-Z.js': 'function e(){globalThis.calls.push("plain")}export{e};',
};
const read = (file: string) => {
  const code = files[file];
  if (code === undefined) throw new Error(`no file ${file}`);
  return code;
};

/** Runs an inline script without its dynamic import (not a module here): what it calls. */
function run(script: string): string[] {
  const calls: string[] = [];
  const withoutImport = script.replace(/import\(`[^`]+`\)/, 'Promise.resolve()');
  new Function('globalThis', withoutImport.replace('e.push(n)', 'globalThis.calls.push(n)'))({
    calls,
  });
  return calls;
}

describe('a page entry written into its HTML', () => {
  it('runs the start-up chunk’s code under the entry’s own names, then the entry', () => {
    const script = inlineEntry(
      '/assets/waitlist-A.js',
      'import{t as e}from"./start-page-X.js";e(),globalThis.calls.push("after");',
      read,
    );
    expect(run(script)).toEqual(['started', 'after']);
  });

  it('takes an export without a new name', () => {
    const script = inlineEntry('/assets/home-A.js', 'import{e}from"./plain-Z.js";e();', read);
    expect(run(script)).toEqual(['plain']);
  });

  it('loads the rest of the page’s code from the assets, not from the page’s own address', () => {
    const script = inlineEntry(
      '/assets/home-A.js',
      'import{t as e}from"./start-page-X.js";e();',
      read,
    );
    expect(script).toContain('import(`/assets/page-runtime-Y.js`)');
    expect(script).not.toContain('./page-runtime');
  });

  it.each([
    [
      'an entry that does not start with an import',
      'console.log(1);',
      'it does not start with one import of a chunk',
    ],
    [
      'an entry that imports two chunks',
      'import{t as e}from"./start-page-X.js";import{e as f}from"./plain-Z.js";e();',
      'it imports more than one chunk',
    ],
    [
      'a chunk that imports another',
      'import{x}from"./importer.js";x();',
      '/assets/importer.js imports another chunk',
    ],
    [
      'a chunk without an export',
      'import{x}from"./no-export.js";x();',
      '/assets/no-export.js does not end in one export',
    ],
    [
      'code that would close the script element',
      'import{x}from"./closes.js";x();',
      'its code would end the HTML script',
    ],
  ])('refuses %s, naming this file', (_, entry, why) => {
    const more: Record<string, string> = {
      '/assets/importer.js': 'import{y}from"./y.js";function x(){y()}export{x};',
      '/assets/no-export.js': 'function x(){}',
      '/assets/closes.js': 'function x(){return"</script>"}export{x};',
    };
    expect(() =>
      inlineEntry('/assets/page-A.js', entry, (file) => more[file] ?? read(file)),
    ).toThrow(
      `Cannot write the page entry /assets/page-A.js into its HTML: ${why} (scripts/inline-start.ts)`,
    );
  });
});
