import type { OutboxJob } from '../../db/outbox';
import type { Store } from '../../db/store';
import type { FeatureJobs, JobContext, Providers } from '../../outbox/forwarding';
import { ProviderError } from '../../providers/provider-error';
import { findPostBroadcast, markBroadcastMade } from './store';

/** The writing's outbox job: a post's newsletter made a Kit broadcast (kit-broadcast). */
export function writingJobs({ providers, clock }: JobContext): FeatureJobs {
  return {
    send: { 'kit-broadcast': (store, job) => makeBroadcast(providers.kit, clock, store, job) },
  };
}

/**
 * A post's newsletter, made in Kit once (docs/decisions/028-writing.md). A broadcast is not
 * safe to make twice, so every try, the first too, looks in Kit first for one made for the
 * post, by the post's mark in Kit's description: an earlier try's whose answer was lost, or
 * one whose row the database lost (restored from a backup, say).
 */
async function makeBroadcast(
  kit: Providers['kit'],
  clock: () => number,
  store: Store,
  job: OutboxJob,
): Promise<void> {
  const broadcast = await findPostBroadcast(store, job.lead_id);
  if (broadcast?.state !== 'waiting') return; // called off, or made already
  if (!kit) throw new ProviderError('Kit is not configured', { permanent: true });
  const description = broadcastMark(broadcast.post_id);
  const now = clock();
  // Kit sends a scheduled broadcast at the post's time; once that has passed, a minute from now.
  const postTime = Date.parse(broadcast.post_date);
  const sendAt =
    broadcast.broadcast === 'scheduled'
      ? new Date(postTime > now ? postTime : now + 60_000).toISOString()
      : null;
  const kitId =
    (await kit.findBroadcast(description)) ??
    (await kit.createBroadcast({
      subject: broadcast.subject,
      previewText: broadcast.preview_text,
      description,
      html: broadcast.html,
      sendAt,
    }));
  await markBroadcastMade(store, broadcast.post_id, { kitId, sendAt, now });
}

/**
 * A post's mark in its broadcast's description in Kit, by the post's id: how a try knows the
 * post's broadcast. A post from before ids has its file name as its id, so its mark is the one
 * its broadcast was made with.
 */
export const broadcastMark = (postId: string) => `Post on the site: ${postId}`;
