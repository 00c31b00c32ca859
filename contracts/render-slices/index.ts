import type { z } from 'zod';
import { cohortSlice } from './cohort';
import { experimentsSlice } from './experiments';
import { leadsSlice } from './leads';
import { routesSlice } from './routes';
import { salesSlice } from './sales';
import { workshopSlice } from './workshop';
import { writingSlice } from './writing';

/**
 * What the server reads of a render (dist/server/render-input.json, or a publish's): one slice
 * per feature, each a schema over the render made of the content's own schemas, so a render the
 * content would refuse is refused here too, and what it reads into is typed by it. A render made
 * before a feature existed lacks that feature's content: its slice's defaults say what it serves
 * then. The server holds each slice as `site.<name>`, and a publish swaps them all
 * (server/site.ts); a feature that reads the content adds its slice here, and nothing else.
 */
export const renderSlices = {
  routes: routesSlice,
  leads: leadsSlice,
  sales: salesSlice,
  experiments: experimentsSlice,
  writing: writingSlice,
  workshop: workshopSlice,
  cohort: cohortSlice,
} as const;

export type RenderSlices = {
  -readonly [Name in keyof typeof renderSlices]: z.output<(typeof renderSlices)[Name]>;
};

/** Each slice of a render's input, read by its own schema (the first refusal is thrown). */
export function readSlices(render: unknown): RenderSlices {
  return Object.fromEntries(
    Object.entries(renderSlices).map(([name, slice]) => [name, slice.parse(render)]),
  ) as RenderSlices;
}

export type { CohortSlice } from './cohort';
export type { WorkshopCheckout } from './sales';
export type { WorkshopSlice } from './workshop';
