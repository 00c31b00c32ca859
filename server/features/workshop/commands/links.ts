import { workshopLinksSchema } from '../../../../contracts/room/workshop';
import { ownerCommand } from '../../../commands/command';
import { audit } from '../../room';
import { knownSession } from '../owner-data';
import { ensureSession, setSessionLinks } from '../sessions';
import { unknownSession } from './attendees';
import type { Refused, WorkshopDeps } from './sessions';

/** What a link became, for the audit log: never the link itself, which is private. */
const change = (link: string | null | undefined) =>
  link === undefined ? undefined : link === null ? 'cleared' : 'set';

/**
 * A session's joining link and replay link, private to the database
 * (docs/decisions/032-workshop-delivered.md): only the attendees' emails carry them. A link left
 * out stays as it was; an empty one is cleared. Its row is made first for a session nobody has
 * bought yet, so the owner can enter the link before the first sale.
 */
export const workshopLinksCommand = ownerCommand({
  input: workshopLinksSchema,
  async run(
    {
      store,
      published,
      now,
      ownerId,
    }: WorkshopDeps & {
      /** Who, for the audit log: none from the terminal. */ ownerId: string | null;
    },
    { session: id, joining, replay },
  ): Promise<{ session: string; joiningLink: string | null; replayLink: string | null } | Refused> {
    const session = await knownSession(store, published, id);
    if (!session) return unknownSession(id);
    const at = now.toISOString();
    await store.write((trx) => ensureSession(trx, { id, start: session.start }, at));
    const row = await setSessionLinks(store, id, { joining, replay }, at);
    if (!row) return unknownSession(id);
    await audit(
      store,
      ownerId,
      'workshop-links',
      { session: id, joining: change(joining), replay: change(replay) },
      now.getTime(),
    );
    return { session: id, joiningLink: row.joining_link, replayLink: row.replay_link };
  },
});
