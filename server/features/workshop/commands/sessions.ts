import { z } from 'zod';
import type { WorkshopAnswer } from '../../../../contracts/room/workshop';
import { ownerCommand } from '../../../commands/command';
import type { Store } from '../../../db/store';
import { type PublishedSession, workshopOverview } from '../owner-data';

/** What the workshop's owner commands read: the store, and the sessions the site sells now. */
export interface WorkshopDeps {
  store: Store;
  /** The published content's sessions (the workshop's and the owner's pages' checkout blocks'). */
  published: readonly PublishedSession[];
  now: Date;
}

/** What an action of the owner's was refused for: the session or attendee unknown, or its state. */
export interface Refused {
  refused: string;
  status: 404 | 409;
}

/**
 * Each session, the first to start first: its seats sold, held and left, its revenue net of
 * refunds, its mismatched payments, the checkouts opened and paid over the last day, whether it
 * is cancelled, and its private links; and whether the checkout can tell buyers apart.
 */
export const workshopSessionsCommand = ownerCommand({
  input: z.strictObject({}),
  async run(
    {
      store,
      published,
      now,
      seatsEnforced,
      buyersApart,
    }: WorkshopDeps & { seatsEnforced: boolean; buyersApart: boolean },
    _input,
  ): Promise<WorkshopAnswer> {
    return {
      seatsEnforced,
      buyersApart,
      sessions: await workshopOverview(store, { published, now }),
    };
  },
});
