import { z } from 'zod';

/** A number of things the room's answers count: a whole number, never below zero. */
export const count = z.number().int().nonnegative();
