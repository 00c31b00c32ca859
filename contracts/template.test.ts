import { describe, expect, it } from 'vitest';
import { fillTemplate } from './template';

describe('fillTemplate', () => {
  it('fills every named placeholder', () => {
    expect(fillTemplate('{slide} of {total}', { slide: 2, total: 7 })).toBe('2 of 7');
  });

  it('leaves an unknown placeholder visible', () => {
    expect(fillTemplate('Go to {slid}', { slide: 1 })).toBe('Go to {slid}');
  });

  it('fills only values of its own, not what every object inherits', () => {
    // Copy such as "{constructor}" reads as written, never as a function's source code.
    expect(fillTemplate('{constructor} {toString}', { slide: 1 })).toBe('{constructor} {toString}');
  });
});
