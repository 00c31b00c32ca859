import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPaths } from './build-paths';
import { sqliteIntegrityCheck } from './db/connect';
import { openStore } from './store';
import { startServerProcess } from './testing/server-process';

/**
 * The real server, killed with SIGKILL in the middle of a stream of submissions and restarted,
 * several times: every submission that got a 201 must be in the database afterwards, and the
 * database must pass SQLite's integrity check. Needs the build (`npm run build`; `npm test` runs
 * it first): skipped locally without one, an error in CI.
 */
const rounds = 3;
const acknowledgedPerRound = 40;
const concurrentClients = 8;
const dataDir = mkdtempSync(join(tmpdir(), 'leads-crash-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const startServer = () =>
  startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    LEAD_RATE_LIMIT: '0',
  });

describe('the real server process (SQLite)', () => {
  it.skipIf(!existsSync(buildPaths.pages) && !process.env.CI)(
    `keeps every acknowledged submission through ${rounds} SIGKILLs`,
    async () => {
      const acknowledged: string[] = [];
      let sequence = 0;
      for (let round = 0; round < rounds; round++) {
        const server = await startServer();
        const { url } = server;
        let roundAcks = 0;
        let killed = false;
        const client = async () => {
          while (!killed) {
            const n = sequence++;
            try {
              const response = await fetch(`${url}/api/contact-submissions`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({
                  name: `Crash ${n}`,
                  email: `crash${n}@example.com`,
                  message: 'Still here?',
                }),
              });
              if (response.status === 201) {
                acknowledged.push(((await response.json()) as { id: string }).id);
                if (++roundAcks === acknowledgedPerRound && !killed) {
                  // Mid-stream: the other clients have requests in flight right now.
                  killed = true;
                  void server.stop('SIGKILL');
                }
              }
            } catch {
              // The connection died with the server: that submission was never acknowledged.
            }
          }
        };
        await Promise.all(Array.from({ length: concurrentClients }, client));
        await server.stop('SIGKILL');
      }

      const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
      try {
        expect(await sqliteIntegrityCheck(store.db)).toBe('ok');
        const stored = new Set(
          (await store.db.selectFrom('contact_submissions').select('id').execute()).map(
            (row) => row.id,
          ),
        );
        const missing = acknowledged.filter((id) => !stored.has(id));
        expect(missing).toEqual([]);
        expect(acknowledged.length).toBeGreaterThanOrEqual(rounds * acknowledgedPerRound);
      } finally {
        await store.close();
      }
    },
    90_000,
  );

  it.skipIf(!existsSync(buildPaths.pages) && !process.env.CI)(
    'stops cleanly on SIGTERM: requests finish, the outbox worker and the store close',
    async () => {
      const server = await startServer();
      const response = await fetch(`${server.url}/api/subscriptions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ list: 'newsletter', email: 'last@example.com' }),
      });
      expect(response.status).toBe(201);
      expect(await server.stop('SIGTERM')).toBe(0);
    },
    30_000,
  );
});
