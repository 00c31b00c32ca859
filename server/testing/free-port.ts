import { createServer } from 'node:net';

/**
 * A port of 127.0.0.1 free at this moment: for a server whose address another process must know
 * before it starts (the stand-in Stripe delivers its events to the server under test).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
