import type { Store } from '../../db/store';
import type { PublishHook } from '../room';
import { newslettersIn } from './broadcast';
import { nextNewsletters } from './next-broadcasts';
import { queueBroadcasts } from './store';

/**
 * What a publish starts for the writing (docs/decisions/028-writing.md): each post marked to go
 * out as the newsletter is queued as a Kit broadcast with the version that publishes it, and the
 * room lists the ones the next Publish would start. `origin`: the site's address the emails'
 * links are made on; `kit`: whether Kit is set up to receive them.
 */
export function newsletterHook({
  store,
  origin,
  kit,
}: {
  store: Store;
  origin: string;
  kit: boolean;
}): PublishHook {
  return {
    async starts(renderInput) {
      const newsletters = await newslettersIn(renderInput, origin);
      return async (trx, { now, confirmed }) => {
        const { held } = await queueBroadcasts(trx, newsletters, { kit, now, confirmed });
        return held.map(({ id, subject }) => ({ id, title: subject }));
      };
    },
    upcoming: (dir, now) => nextNewsletters({ store, dir, kit, now }),
  };
}
