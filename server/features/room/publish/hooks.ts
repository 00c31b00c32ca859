import type { Transaction } from 'kysely';
import type { NextNewsletters } from '../../../../contracts/owner-publish';
import type { Database } from '../../../db/schema';

/** Something a publish started and held back for the owner to confirm (a late post's email). */
export interface Held {
  id: string;
  title: string;
}

/**
 * What a feature does when the owner publishes (docs/decisions/019-publish.md): the publisher
 * knows no feature, and calls each hook it was given (server/publish-hooks.ts makes the list).
 */
export interface PublishHook {
  /**
   * Before a render's pages are served, with the render's directory: the pages' calendar takes
   * the new content first, or a render of the old content still under way would land on top.
   */
  beforeServing?(outDir: string): Promise<void>;
  /**
   * What a render starts (the posts' newsletters): read from its render-input.json before the
   * version is recorded, then queued in the transaction that records it, so a version is never
   * live without them. Answers what it held back.
   */
  starts?(
    renderInput: string,
  ): Promise<
    (
      trx: Transaction<Database>,
      at: { now: number; confirmed: readonly string[] },
    ) => Promise<readonly Held[]>
  >;
  /** What the next Publish of the working copy `dir` would start, listed above the button. */
  upcoming?(dir: string, now: number): Promise<NextNewsletters>;
}

/** Nothing to start: a site without writing, or a feature without a say in it. */
export const nothingUpcoming: NextNewsletters = { subscribers: 0, posts: [] };
