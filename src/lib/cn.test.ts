import { describe, expect, it } from 'vitest';
import { cn } from './cn';

/** That no element gets two classes for one property is checked over the build: scripts/class-conflicts.test.ts. */
describe('cn', () => {
  it('joins, dropping what is off', () => {
    expect(cn('mt-4', false, undefined, ['flex', { hidden: true, block: false }])).toBe(
      'mt-4 flex hidden',
    );
  });
});
