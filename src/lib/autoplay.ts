/** A random delay in [minMs, maxMs): the timeline advances every 4 to 6 s (product brief §4, §9). */
export function autoplayDelay(
  { minMs, maxMs }: { minMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  return Math.round(minMs + random() * (maxMs - minMs));
}
