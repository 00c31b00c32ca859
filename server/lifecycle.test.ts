import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process';

/** The real server process: boots on the build, prints the four sites, stops cleanly on a signal. */

const dataDir = () => mkdtempSync(join(tmpdir(), 'lifecycle-'));

describe('server process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints the local sites, serves, and exits 0 on %s',
    async (signal) => {
      const server = await startServerProcess({ DATA_DIR: dataDir() });
      await expect.poll(server.output).toContain('Book site:');
      const port = new URL(server.url).port;
      expect(server.output()).toContain(`Main site:              http://localhost:${port}/`);
      expect(server.output()).toContain(
        `Waitlist site:          http://waitlist.localhost:${port}/`,
      );
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      expect(await server.stop(signal)).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
    },
  );

  it('refuses to start with a bad setting, naming the variable', async () => {
    const start = startServerProcess({ DATA_DIR: dataDir(), PORT: 'eighty' });
    await expect(start).rejects.toThrow(/exited \(1\)[\s\S]*PORT:/);
  });
});
