/**
 * `npm test`: the whole suite, as CI runs it. Each step is one of package.json's npm scripts;
 * the steps come in stages. A stage's steps run side by side, and a stage starts only when every
 * step of the one before has passed.
 *
 * Steps share a stage where one of them leaves the machine idle:
 * - the type check runs on one thread, so the build and the lint take the other core;
 * - the owner's room's browser tests mostly wait (on each publish's render, and on the minute
 *   before a scheduled post is due), so the unit and API tests take that time.
 *
 * The visitors' browser tests keep both cores busy, so they run alone. The owner's run after
 * them because each publish changes the site the visitors' tests read (playwright.config.ts).
 * What each stage takes: docs/decisions/029-test-suite-time.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { startedAsScript } from './started-as-script';

/** An npm script and the arguments passed on to it. */
export interface TestStep {
  script: string;
  args?: string[];
}

export const testStages: TestStep[][] = [
  [{ script: 'test:build' }, { script: 'lint' }, { script: 'typecheck' }],
  [{ script: 'test:e2e', args: ['--project', 'desktop'] }],
  [{ script: 'test:unit' }, { script: 'test:e2e', args: ['--project', 'owner', '--no-deps'] }],
];

/** The command line a step runs, as a reader would type it. */
export const stepCommand = ({ script, args = [] }: TestStep): string[] => [
  'npm',
  'run',
  script,
  ...(args.length > 0 ? ['--', ...args] : []),
];

/** The commands running now, which a stop of `npm test` (Ctrl-C, CI's time-out) stops too. */
const running = new Set<ChildProcess>();

interface StepResult {
  command: string;
  ok: boolean;
  seconds: number;
}

/**
 * Runs one command. Its output goes straight to ours when `live`; otherwise it is kept and
 * written whole once the command ends, so two steps' lines never interleave.
 */
function runStep(command: string[], live: boolean, out: NodeJS.WritableStream) {
  const started = performance.now();
  const [file = '', ...args] = command;
  // A process group of its own, so a stop reaches everything the step started (npm, its shell,
  // tsx's child, a browser) and not only the npm at its top, which leaves its children running.
  // No terminal input: a group in the background that reads it is stopped by the terminal.
  const child = spawn(file, args, {
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    detached: true,
  });
  running.add(child);
  const kept: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk));
  return {
    done: new Promise<StepResult>((done) => {
      const finish = (ok: boolean) =>
        done({ command: command.join(' '), ok, seconds: (performance.now() - started) / 1000 });
      child.on('error', (error) => {
        kept.push(Buffer.from(`${error.message}\n`));
        finish(false);
      });
      child.on('close', (code) => {
        running.delete(child);
        finish(code === 0);
      });
    }),
    print: () => out.write(Buffer.concat(kept)),
  };
}

/**
 * Runs the stages in turn, each stage's commands side by side: the first one's output live, the
 * others' after it, each under its command line. Stops after the first stage with a failure.
 * Returns whether every command passed.
 */
export async function runStages(
  stages: string[][][],
  out: NodeJS.WritableStream = process.stdout,
): Promise<boolean> {
  const results: StepResult[] = [];
  for (const stage of stages) {
    const steps = stage.map((command, index) => runStep(command, index === 0, out));
    for (const [index, step] of steps.entries()) {
      const result = await step.done;
      if (index > 0) {
        out.write(`\n> ${result.command}\n`);
        step.print();
      }
      results.push(result);
    }
    if (results.some((result) => !result.ok)) break;
  }
  out.write('\n');
  for (const { command, ok, seconds } of results) {
    out.write(`${ok ? 'passed' : 'FAILED'}  ${seconds.toFixed(0).padStart(4)} s  ${command}\n`);
  }
  return results.every((result) => result.ok);
}

if (startedAsScript(import.meta)) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const { pid } of running) {
        try {
          if (pid) process.kill(-pid, signal);
        } catch {
          // The step's group ended meanwhile.
        }
      }
      process.exit(1);
    });
  }
  const passed = await runStages(testStages.map((stage) => stage.map(stepCommand)));
  process.exitCode = passed ? 0 : 1;
}
