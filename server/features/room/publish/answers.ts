import type { Store } from '../../../db/store';
import type { Logger } from '../../../logger';
import { audit } from '../audit-log';
import type { PublishResult } from './publishing';
import { RenderFailed } from './render-child';

/**
 * What the room hears of a publish or a rollback, from every call that publishes (this router's,
 * and "Make this the page" in server/features/experiments/room-router.ts).
 */
export function publishAnswers({
  store,
  logger,
  clock,
}: {
  store: Store;
  logger: Pick<Logger, 'error'>;
  clock: () => number;
}) {
  const answer = (result: PublishResult) => {
    if (result.ok) return Response.json({ version: result.version, notSent: result.notSent });
    if ('problems' in result) {
      return Response.json(
        { error: `Nothing was published: the content does not fit.\n${result.problems}` },
        { status: 422 },
      );
    }
    return Response.json({ error: 'No such version.' }, { status: 404 });
  };
  /**
   * A publish or rollback that could not render (a time-out, a crash, out of memory) publishes
   * nothing; the owner is told here and the audit log keeps it, as it keeps a version an
   * instance gave up following (publisher.ts).
   */
  const failed = async (error: unknown, publishedBy: string | null) => {
    logger.error(
      { err: error instanceof Error ? error.message : String(error) },
      'publishing failed; the site serves what it served before',
    );
    if (publishedBy !== null && error instanceof RenderFailed) {
      await audit(store, publishedBy, 'publish-failed', { reason: error.reason }, clock());
    }
    return Response.json(
      { error: 'Publishing failed; the site is unchanged. Please try again.' },
      { status: 500 },
    );
  };
  return { answer, failed };
}
