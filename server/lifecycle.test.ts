import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real server process: boots on the build, prints the four sites, stops cleanly on a signal. */

const root = new URL('..', import.meta.url).pathname;

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      BIND_ADDRESS: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lifecycle-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function waitFor(predicate: () => boolean, what: string) {
  for (let i = 0; i < 300 && !predicate(); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  if (!predicate()) throw new Error(`timed out waiting for ${what}`);
}

describe('server process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints the local sites, serves, and exits 0 on %s',
    async (signal) => {
      const server = startServer({});
      await waitFor(() => server.output().includes('Book site:'), 'the start-up lines');
      const port = /Main site: +http:\/\/localhost:(\d+)\//.exec(server.output())?.[1];
      expect(server.output()).toMatch(/Waitlist site: +http:\/\/waitlist\.localhost:\d+\//);
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(200);

      server.child.kill(signal);
      const [code] = await once(server.child, 'exit');
      expect(code).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
    },
  );

  it('refuses to start with a bad setting, naming the variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(1);
    expect(server.output()).toMatch(/PORT:/);
  });
});
