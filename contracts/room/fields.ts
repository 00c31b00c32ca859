import { z } from 'zod';

/** A number of things the room's answers count: a whole number, never below zero. */
export const count = z.number().int().nonnegative();

/** Control characters have no place in what the owner types into the room. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const printable = (text: string) => !/[\u0000-\u001f\u007f-\u009f]/.test(text);
