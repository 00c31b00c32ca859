/**
 * The build's drawings and compressions run on libuv's threads (sharp, zlib): a few at once keep
 * both cores busy, the main thread drawing the next while the last one is encoded. Answers in the
 * items' order; the first failure fails the whole, as a loop of awaits would.
 */
export async function mapAtMost<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}
