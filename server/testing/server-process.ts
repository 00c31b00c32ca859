import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { buildPaths } from '../build-paths';

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  /** What the process printed (stdout and stderr), the last 64 KB. */
  output(): string;
  /** Sends the signal and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const keptOutput = 64 * 1024;

/**
 * The real server (`server/index.ts` on the current build, or another serving script such as
 * `scripts/dev.ts`) as a child process on a free port of 127.0.0.1, for the tests and the
 * benchmark that need a process to signal or kill, or an event loop apart from the load
 * generator's. Resolves once it is listening. `root` runs another checkout of the project (a
 * benchmark's earlier commit).
 */
export function startServerProcess(
  env: Record<string, string> = {},
  script = 'server/index.ts',
  root = buildPaths.root,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, PORT: '0', BIND_ADDRESS: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keptOutput);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = once(child, 'exit').then(([code]) => code as number | null);

  return new Promise((resolve, reject) => {
    const onData = () => {
      const port = /"port":(\d+),"msg":"listening"/.exec(output)?.[1];
      if (!port) return;
      child.stdout?.off('data', onData);
      resolve({
        child,
        url: `http://127.0.0.1:${port}`,
        output: () => output,
        stop: (signal = 'SIGTERM') => {
          child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`server exited (${code}) before listening:\n${output}`)),
    );
  });
}
