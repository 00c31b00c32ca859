/**
 * `npm run bench:hostile` (not part of `npm test`; `npm run build` first): the built server as a
 * child process, attacked as decision 015 describes, with production's time-outs.
 *   1. 2,000 generated hostile bodies per lead endpoint (server/testing/hostile-bodies.ts): the
 *      answers by status, the 5xx count (must be 0) and the rows stored (must be 0).
 *   2. Slowloris: 400 connections trickling their headers, then 400 posts trickling their
 *      bodies; how long until the server has closed them all, and how long a normal request
 *      takes meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { openStore } from '../server/store';
import { hostileEndpoints, malformedBodies } from '../server/testing/hostile-bodies';
import { startServerProcess } from '../server/testing/server-process';
import { countRows } from '../server/testing/stores';

const perEndpoint = 2000;
const dataDir = mkdtempSync(join(tmpdir(), 'hostile-bench-'));
const server = await startServerProcess({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'info', // production's default (and the line that says it listens)
  LEAD_RATE_LIMIT: '0',
  KIT_API_KEY: '',
  SMTP_URL: '',
});
const { port } = new URL(server.url);
let ok = true;

try {
  console.log(`1. ${perEndpoint} hostile bodies per endpoint, 20 at a time\n`);
  for (const endpoint of hostileEndpoints) {
    const bodies = fc.sample(malformedBodies(endpoint), perEndpoint);
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const response = await fetch(`${server.url}${endpoint.path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    const stored = await countRows(store, endpoint.table);
    await store.close();
    const errors = [...statuses].filter(([status]) => status >= 500).reduce((n, [, c]) => n + c, 0);
    const accepted = [...statuses]
      .filter(([status]) => status < 400)
      .reduce((n, [, c]) => n + c, 0);
    ok &&= errors === 0 && accepted === 0 && stored === 0;
    const tally = [...statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`);
    console.log(
      `${endpoint.path.padEnd(26)} ${tally.join('  ')}   5xx: ${errors}   stored: ${stored}`,
    );
  }

  console.log('\n2. Slowloris, production time-outs (headers 10 s, body 10 s, request 30 s)\n');
  for (const [label, opening, trickle] of [
    ['400 trickling headers', 'GET / HTTP/1.1\r\nHost: localhost\r\n', 'X-A: b\r\n'],
    [
      '400 trickling post bodies',
      'POST /api/contact-submissions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n',
      ' ',
    ],
  ] as const) {
    const started = performance.now();
    const sockets: Socket[] = [];
    const closed = Array.from(
      { length: 400 },
      () =>
        new Promise<number>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1', () => socket.write(opening));
          sockets.push(socket);
          socket.on('error', () => {});
          socket.on('close', () => resolve(performance.now() - started));
        }),
    );
    const dribble = setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write(trickle);
    }, 1000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const probeStart = performance.now();
    const probe = await fetch(`${server.url}/api/health`);
    const probeMs = performance.now() - probeStart;
    const times = await Promise.race([
      Promise.all(closed),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 60_000)),
    ]);
    clearInterval(dribble);
    for (const socket of sockets) socket.destroy();
    const last = times ? Math.max(...times) / 1000 : null;
    ok &&= last !== null && last < 35 && probe.status === 200;
    console.log(
      `${label.padEnd(28)} all closed by the server after ${last === null ? 'MORE THAN 60' : last.toFixed(1)} s; /api/health meanwhile: ${probe.status} in ${probeMs.toFixed(0)} ms`,
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(ok ? '\nno 5xx, nothing stored, every slow connection closed' : '\nFAILED: see above');
process.exitCode = ok ? 0 : 1;
