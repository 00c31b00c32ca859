import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. No merging: a component offers choices as props (a variant, a width, a
 * tone) instead of letting a caller's class override its own, so no two classes on an element
 * set the same property. tailwind-merge did that resolving in the browser for ~9 KB gzip.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
