import { ownerPaths } from '../../../contracts/owner';
import { inviteOwner, listOwners, ownerName } from '../../../server/features/room/owner-invites';
import { revokeOwner } from '../../../server/features/room/revoke-owner';
import { type LeadsCommand, refuseExtraWords, UsageError } from './command';

/**
 * Who may enter the owner's room (docs/decisions/018-owner-sign-in.md): a one-time invite link
 * to make a passkey, the list of owners, and revoking one. Also the way back for an owner who
 * lost every passkey: a new invite for the same name adds one.
 */
export const ownerCli: LeadsCommand = {
  name: 'owner',
  usage: `  owner invite --name NAME
      Print a link that lets NAME make a passkey for the owner's room (/owner on the main site).
      It works once, for 15 minutes. An existing owner's name adds a passkey to that owner.
  owner list
      The owners, their passkeys and open sessions.
  owner revoke --name NAME
      End NAME's sessions and remove their passkeys and invites at once.`,
  options: { name: { type: 'string' } },
  parse({ words, options }) {
    refuseExtraWords(words, 1);
    const [action] = words;
    if (action === 'list') {
      return async ({ io, now, store }) => {
        const owners = await listOwners(await store(), now.getTime());
        if (owners.length === 0)
          io.stdout('No owners yet: `npm run leads -- owner invite --name NAME`.\n');
        for (const owner of owners) {
          const state = owner.revokedAt
            ? `revoked ${owner.revokedAt}`
            : `${owner.passkeys} passkey(s), ${owner.openSessions} open session(s)`;
          io.stdout(`${owner.name}\tsince ${owner.createdAt}\t${state}\n`);
        }
      };
    }
    if (action !== 'invite' && action !== 'revoke') {
      throw new UsageError('owner needs "invite", "list" or "revoke".');
    }
    if (typeof options.name !== 'string')
      throw new UsageError(`owner ${action} needs --name NAME.`);
    let name: string;
    try {
      name = ownerName(options.name);
    } catch (error) {
      throw new UsageError(`--name ${error instanceof Error ? error.message : String(error)}`);
    }
    if (action === 'revoke') {
      return async ({ io, now, store }) => {
        if (!(await revokeOwner(await store(), name, now.getTime()))) {
          throw new Error(`No active owner is called "${name}".`);
        }
        io.stdout(`Revoked ${name}: their sessions ended and their passkeys were removed.\n`);
      };
    }
    return async ({ io, now, store }) => {
      const invite = await inviteOwner(await store(), name, now.getTime());
      // The token rides in the fragment, which browsers never send to a server.
      const link = new URL(`${ownerPaths.welcome}#${invite.token}`, io.env().SITE_URL).href;
      io.stdout(
        `${invite.isNew ? 'New owner' : 'Another passkey for'} ${invite.owner.name}. Send them this link (works once, until ${invite.expiresAt}):\n\n  ${link}\n\n`,
      );
    };
  },
};
