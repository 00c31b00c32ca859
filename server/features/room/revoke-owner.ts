import type { Store } from '../../db/store';
import { recordAudit } from './audit-log';
import { ownerName, revokeOwnerAndInvites } from './owner-invites';
import { forgetPasskeysOf } from './passkeys';
import { endSessionsOf } from './sessions';

/**
 * Takes an owner's way in away: their passkeys, sessions and unused invites go at once, in one
 * transaction. Each of the room's sign-in tables is changed by the module that owns it
 * (docs/decisions/031-features-in-folders.md, "One writer per table"); the steps are put
 * together here, not in owner-invites.ts, because the passkeys' module spends invites and so
 * imports that one: the invites reaching back for the passkeys would close a circle.
 * Answers false when no active owner has that name.
 */
export async function revokeOwner(store: Store, rawName: string, now: number): Promise<boolean> {
  const name = ownerName(rawName);
  return store.write(async (trx) => {
    const owner = await revokeOwnerAndInvites(trx, name, now);
    if (!owner) return false;
    await forgetPasskeysOf(trx, owner.id);
    await endSessionsOf(trx, owner.id, now);
    await recordAudit(trx, null, 'revoke', { owner: owner.name }, now);
    return true;
  });
}
