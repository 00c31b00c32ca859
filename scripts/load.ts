/** A closed-loop load generator for the benchmarks: the same code measures every server. */

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** `total` requests from `clients` concurrent clients, each sending one after another. */
export async function load(
  clients: number,
  total: number,
  request: (n: number) => Promise<Response>,
  expectedStatus: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const n = next++;
        const sent = performance.now();
        try {
          const response = await request(n);
          await response.arrayBuffer();
          if (response.status !== expectedStatus) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)] ?? 0;
  return { perSecond: total / seconds, p50: at(0.5), p99: at(0.99), failures };
}
