import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge must know our theme's custom scales, or it reads `text-step-0` (a font size)
 * as a text colour and drops a real colour class that it "conflicts" with.
 */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      text: ['step--1', 'step-0', 'step-1', 'step-2', 'step-3', 'step-4', 'step-5', 'step-6'],
      color: ['ink', 'paper', 'accent', 'accent-strong', 'surface', 'muted', 'line', 'danger'],
      radius: ['card'],
      shadow: ['card'],
    },
  },
});

/** Joins class names; later Tailwind utilities win over earlier ones (the caller's last). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
