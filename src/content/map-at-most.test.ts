import { describe, expect, it } from 'vitest';
import { mapAtMost } from './map-at-most';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapAtMost', () => {
  it('answers in the items’ order, however the work finishes', async () => {
    const delays = [30, 5, 20, 1, 10];
    const answers = await mapAtMost(delays, 2, async (ms, index) => {
      await tick(ms);
      return index;
    });
    expect(answers).toEqual([0, 1, 2, 3, 4]);
  });

  it('never runs more than it may at once, and runs that many', async () => {
    let running = 0;
    let most = 0;
    await mapAtMost(
      Array.from({ length: 12 }, (_, index) => index),
      3,
      async () => {
        running++;
        most = Math.max(most, running);
        await tick(2);
        running--;
      },
    );
    expect(most).toBe(3);
  });

  it('fails as the first failure does', async () => {
    await expect(
      mapAtMost([1, 2, 3], 2, async (item) => {
        if (item === 2) throw new Error('card 2 too long');
        return item;
      }),
    ).rejects.toThrow('card 2 too long');
  });

  it('answers nothing for nothing', async () => {
    expect(await mapAtMost([], 4, async () => 1)).toEqual([]);
  });
});
