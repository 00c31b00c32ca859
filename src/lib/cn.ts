import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/** Our fluid type scale (global.css): font sizes, so that they never evict a text colour. */
const twMerge = extendTailwindMerge({
  extend: {
    classGroups: {
      'font-size': [
        { text: ['step--1', 'step-0', 'step-1', 'step-2', 'step-3', 'step-4', 'step-5', 'step-6'] },
      ],
    },
  },
});

/** Joins class names; later Tailwind utilities win over earlier ones (the caller's last). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
