import { describe, expect, it } from 'vitest';
import { inTurns } from './hold-turns';

describe('inTurns', () => {
  it('runs one batch of a key at a time, gathering what arrives meanwhile, each hearing its own', async () => {
    const batches: string[][] = [];
    const turns = inTurns(async (key, batch: number[]) => {
      batches.push(batch.map((item) => `${key}${item}`));
      await new Promise((resolve) => setTimeout(resolve, 5));
      return batch.map((item) => item * 10);
    }, 3);
    const results = await Promise.all([
      turns('a', 1),
      turns('a', 2),
      turns('b', 1),
      turns('a', 3),
      turns('a', 4),
      turns('a', 5),
    ]);
    expect(results).toEqual([10, 20, 10, 30, 40, 50]);
    // The first of a key runs alone; the rest wait for it and go together, at most 3 a batch.
    expect(batches).toEqual([['a1'], ['b1'], ['a2', 'a3', 'a4'], ['a5']]);
    // Once a key's turns are over, the next item runs at once, alone.
    expect(await turns('a', 6)).toBe(60);
    expect(batches.at(-1)).toEqual(['a6']);
  });

  it('gives a failed batch’s error to each of its items, and goes on with the next', async () => {
    const turns = inTurns(async (_key, batch: number[]) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (batch.includes(2)) throw new Error('the database said no');
      return batch;
    }, 10);
    const outcomes = await Promise.allSettled([
      turns('a', 1),
      turns('a', 2),
      turns('a', 3),
      turns('a', 4),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(await turns('a', 5)).toBe(5);
  });
});
