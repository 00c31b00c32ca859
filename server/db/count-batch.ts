import type { Logger } from '../logger';

/**
 * Counts kept in memory between two writes (decision 013): a request only adds to a map, and a
 * timer writes the map in one transaction every few seconds, so serving never waits for a count.
 * The page views and the experiments' exposures each keep one.
 */
export interface CountBatch<Row extends { views: number }> {
  /** Adds a row's views to the row of the same key, or holds it, up to the batch's bound. */
  add(key: string, row: Row): void;
  /** Writes what is held and empties it; a failed write keeps its rows for the next. */
  write(): Promise<void>;
}

/** How often a running batch is written. */
export const flushIntervalMs = 5000;
/**
 * Different rows held between two writes; beyond it counts are dropped and the drop logged, so a
 * flood of made-up paths or visitors cannot exhaust the memory.
 */
const maxPendingRows = 100_000;

export function countBatch<Row extends { views: number }>({
  write,
  logger,
  what,
}: {
  write: (rows: Row[]) => Promise<void>;
  logger: Logger;
  /** What the rows are, for the log lines ("page views"). */
  what: string;
}): CountBatch<Row> {
  const rows = new Map<string, Row>();
  let dropped = 0;

  function add(key: string, row: Row): void {
    const current = rows.get(key);
    if (current) current.views += row.views;
    else if (rows.size < maxPendingRows) rows.set(key, row);
    else dropped += row.views;
  }

  return {
    add,
    async write() {
      if (dropped > 0) {
        logger.warn({ dropped }, `${what} dropped: too many different rows between two writes`);
        dropped = 0;
      }
      if (rows.size === 0) return;
      const batch = new Map(rows);
      rows.clear();
      try {
        await write([...batch.values()]);
      } catch (error) {
        logger.error(
          { err: error, rows: batch.size },
          `${what} not stored; kept for the next flush`,
        );
        for (const [key, row] of batch) add(key, row);
      }
    },
  };
}

/** Calls `flush` every flushIntervalMs, one at a time; `stop` ends the timer and flushes last. */
export function flushing(flush: () => Promise<void>): { stop(): Promise<void> } {
  const timer = setInterval(() => void flush(), flushIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
