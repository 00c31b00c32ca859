import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { runStages, stepCommand, testStages } from './test';

/** A writable that keeps what `runStages` writes for its non-live steps and its summary. */
function collector() {
  let text = '';
  const out = new Writable({
    write(chunk, _encoding, next) {
      text += String(chunk);
      next();
    },
  });
  return { out, text: () => text };
}

const node = (source: string) => [process.execPath, '-e', source];

describe('npm test', () => {
  it('runs the lint, the type check and every test:… script of package.json, each one that exists', () => {
    const steps = testStages.flat();
    const scripts = Object.keys(packageJson.scripts);
    for (const { script } of steps) expect(scripts).toContain(script);
    expect(new Set(steps.map(({ script }) => script))).toEqual(
      new Set(['lint', 'typecheck', ...scripts.filter((name) => name.startsWith('test:'))]),
    );
    // Both browser projects, the owner's after the visitors' and without running them again.
    expect(steps.filter(({ script }) => script === 'test:e2e').map(stepCommand)).toEqual([
      ['npm', 'run', 'test:e2e', '--', '--project', 'desktop'],
      ['npm', 'run', 'test:e2e', '--', '--project', 'owner', '--no-deps'],
    ]);
    const stageOf = (script: string) =>
      testStages.findIndex((stage) => stage.some((step) => step.script === script));
    expect(stageOf('test:build')).toBeLessThan(stageOf('test:unit'));
  });

  it("runs a stage's commands side by side, and writes the second's output whole after the first", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-stages-'));
    const flag = join(dir, 'flag');
    // The first waits for a file only the second writes: run one after the other, it would fail.
    const waitsForFlag = node(
      `const fs=require('fs');const end=Date.now()+15000;` +
        `(function poll(){if(fs.existsSync(${JSON.stringify(flag)}))process.exit(0);` +
        `if(Date.now()>end)process.exit(1);setTimeout(poll,20)})()`,
    );
    const writesFlag = node(
      `console.log('one');require('fs').writeFileSync(${JSON.stringify(flag)},'');console.log('two')`,
    );
    const { out, text } = collector();
    await expect(runStages([[waitsForFlag, writesFlag]], out)).resolves.toBe(true);
    expect(text()).toContain(`> ${writesFlag.join(' ')}\none\ntwo\n`);
    expect(text()).toMatch(/passed .* s {2}.*existsSync/);
  });

  it('stops after a stage with a failure, and names it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-stages-'));
    const later = join(dir, 'later');
    const { out, text } = collector();
    const passed = await runStages(
      [
        [node('process.exit(0)'), node('console.error("broken"); process.exit(3)')],
        [node(`require('fs').writeFileSync(${JSON.stringify(later)}, '')`)],
      ],
      out,
    );
    expect(passed).toBe(false);
    expect(existsSync(later)).toBe(false);
    expect(text()).toContain('broken');
    expect(text()).toMatch(/FAILED .* s {2}.*process\.exit\(3\)/);
  });

  it('fails a step whose command cannot start', async () => {
    const { out, text } = collector();
    await expect(runStages([[node('0'), ['/no/such/command']]], out)).resolves.toBe(false);
    expect(text()).toMatch(/ENOENT/);
  });
});
