import { countBatch, flushing } from '../../db/count-batch';
import type { Store } from '../../db/store';
import type { Logger } from '../../logger';
import type { Visitor } from '../../page-views/counter';
import { utcDay } from '../../page-views/store';
import type { Shown } from './attribution';
import { addExposures, type ExposureCount } from './store';

/**
 * Who was shown which variant of an experiment (docs/decisions/027-experiments.md): one row per
 * visitor, experiment and variant a day, with the client behind the visitor's key, so that a
 * client shown two variants counts in neither (server/features/experiments/store.ts). Counted in memory and
 * written with the page views' rhythm: serving a variant never waits for the count.
 */
export interface Exposures {
  /** Counts that `visitor` was shown `shown` ("control" included). Synchronous, no I/O. */
  expose(visitor: Visitor, shown: Shown): void;
  /** Writes the exposures counted since the last flush; a failed write keeps them. */
  flush(): Promise<void>;
}

export interface RunningExposures extends Exposures {
  /** Stops the timer and writes what is left (on shutdown, before the store closes). */
  stop(): Promise<void>;
}

export function createExposures({
  store,
  logger,
  now = () => new Date(),
}: {
  store: Store;
  logger: Logger;
  now?: () => Date;
}): Exposures {
  const batch = countBatch<ExposureCount>({
    write: (rows) => addExposures(store, rows),
    logger,
    what: 'experiment exposures',
  });
  let writing = Promise.resolve();
  return {
    expose({ key, client }, { name, variant }) {
      const day = utcDay(now());
      batch.add([day, name, variant, key].join('\n'), {
        day,
        experiment: name,
        variant,
        visitor: key,
        client,
        views: 1,
      });
    },
    flush() {
      // One write at a time: a timer tick during a slow write waits for it.
      writing = writing.then(() => batch.write());
      return writing;
    },
  };
}

/** The exposures with their timer running. */
export function startExposures(options: Parameters<typeof createExposures>[0]): RunningExposures {
  const exposures = createExposures(options);
  return { ...exposures, ...flushing(exposures.flush) };
}
