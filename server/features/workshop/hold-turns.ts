/**
 * Work done in turns per key, in this process (seats.ts holds a session's seats so): one batch
 * of a key runs at a time, and what arrives meanwhile waits, then goes together in the next
 * batch, up to `maxBatch`. Each item hears its own result, or its batch's error. Under a burst
 * the work is a few batches instead of one queue per item; alone, an item runs at once.
 */
export function inTurns<Item, Result>(
  run: (key: string, batch: Item[]) => Promise<Result[]>,
  maxBatch: number,
): (key: string, item: Item) => Promise<Result> {
  interface Waiting {
    item: Item;
    resolve(result: Result): void;
    reject(error: unknown): void;
  }
  /** A key is here while its batches run; its list is what waits for the next. */
  const waiting = new Map<string, Waiting[]>();

  async function drain(key: string, queue: Waiting[]): Promise<void> {
    // No await between finding the queue empty and forgetting the key: an item that comes
    // after finds no key and starts a turn of its own.
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        const results = await run(
          key,
          batch.map((entry) => entry.item),
        );
        batch.forEach((entry, index) => {
          entry.resolve(results[index] as Result);
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    waiting.delete(key);
  }

  return (key, item) =>
    new Promise<Result>((resolve, reject) => {
      const queue = waiting.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      const started = [{ item, resolve, reject }];
      waiting.set(key, started);
      void drain(key, started);
    });
}
