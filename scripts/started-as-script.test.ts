import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { startedAsScript } from './started-as-script';

it('is true for the script Node was started with, and false for a module it imports', () => {
  const dir = mkdtempSync(join(tmpdir(), 'started-as-script-'));
  const helper = JSON.stringify(resolve(import.meta.dirname, 'started-as-script.ts'));
  writeFileSync(
    join(dir, 'script.ts'),
    `import { startedAsScript } from ${helper};\nconsole.log('script', startedAsScript(import.meta));\n`,
  );
  writeFileSync(join(dir, 'importer.ts'), `import './script.ts';\nconsole.log('importer');\n`);
  const run = (file: string) =>
    execFileSync(process.execPath, ['--import', 'tsx', file], {
      cwd: resolve(import.meta.dirname, '..'),
      encoding: 'utf8',
    });
  expect(run(join(dir, 'script.ts'))).toBe('script true\n');
  expect(run(join(dir, 'importer.ts'))).toBe('script false\nimporter\n');
  // Nor is a test file's module the script: Vitest started this process.
  expect(startedAsScript(import.meta)).toBe(false);
});
