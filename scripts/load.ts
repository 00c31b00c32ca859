/** A closed-loop load generator for the benchmarks: the same code measures every server. */

import { median } from './median';

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

/** The median run of alternating runs (each figure its own median), with every failure counted. */
export function medianRun(runs: readonly LoadResult[]): LoadResult {
  return {
    perSecond: median(runs.map((run) => run.perSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  };
}

/** One side of a side-by-side page benchmark, as a line. */
export const runLine = (label: string, r: LoadResult) =>
  `${label.padEnd(28)}${r.perSecond.toFixed(0).padStart(8)}/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms${r.failures ? `   ${r.failures} FAILED` : ''}`;
