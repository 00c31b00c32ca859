import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('keeps a text colour next to a step of the type scale', () => {
    expect(cn('text-[#111111]', 'text-step-0')).toBe('text-[#111111] text-step-0');
  });

  it('lets the later font size or colour win', () => {
    expect(cn('text-step-0', 'text-step-2')).toBe('text-step-2');
    expect(cn('text-ink', 'text-paper')).toBe('text-paper');
  });
});
