/**
 * What Lighthouse's simulated first and largest paints waited for, file by file
 * (decision 022). Lighthouse's mobile figures are not timed: its simulator (Lantern) replays the
 * page's requests over a 150 ms, 1.6 Mbps network, and counts toward a paint every request that
 * the real, unthrottled load had finished before it (for the first paint, only render-blocking
 * ones). This recomputes both graphs from a run's artifacts and lists each file with the time the
 * simulation has it arrive, so a ratio can be traced to the files behind it.
 */
import type { RunnerResult } from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

export interface PaintWait {
  /** The path, or the file name for an asset. */
  file: string;
  /** When the simulation has the file arrive, ms from the start of navigation. */
  end: number;
  /** Whether the first paint waited for it too. */
  inFirstPaint: boolean;
}

interface SimulatedNode {
  type: string;
  request?: { url: string };
}

/** The network requests of a Lantern estimate, with their simulated end times. */
function arrivals(estimate: { nodeTimings: Map<unknown, { endTime: number }> }) {
  const files = new Map<string, number>();
  for (const [node, timing] of estimate.nodeTimings) {
    const { type, request } = node as SimulatedNode;
    if (type === 'network' && request) files.set(request.url, timing.endTime);
  }
  return files;
}

const shortName = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/assets/') ? pathname.slice('/assets/'.length) : pathname;
};

/** The files the simulated LCP waited for (its optimistic graph), latest first. */
export async function largestPaintWaits(result: RunnerResult): Promise<PaintWait[]> {
  const { artifacts, lhr } = result;
  const settings = lhr.configSettings;
  const context = { computedCache: new Map(), settings } as never;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  } as never;
  const first = arrivals(
    (await LanternFirstContentfulPaint.request(data, context)).optimisticEstimate,
  );
  const largest = arrivals(
    (await LanternLargestContentfulPaint.request(data, context)).optimisticEstimate,
  );
  return [...largest]
    .map(([url, end]) => ({ file: shortName(url), end, inFirstPaint: first.has(url) }))
    .sort((a, b) => b.end - a.end);
}
