import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('keeps a text colour next to a custom font-size step', () => {
    expect(cn('text-[#111111]', 'text-step--1')).toBe('text-[#111111] text-step--1');
    expect(cn('text-ink text-step-2')).toBe('text-ink text-step-2');
  });

  it('lets the later of two conflicting utilities win', () => {
    expect(cn('text-step-0', 'text-step-3')).toBe('text-step-3');
    expect(cn('text-step-6', 'text-step-2')).toBe('text-step-2');
    expect(cn('bg-accent px-4', 'bg-ink')).toBe('px-4 bg-ink');
  });
});
