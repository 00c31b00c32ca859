import type { Store } from '../db/store';
import { inviteOwner } from '../owner/owner-invites';
import { startSession } from '../owner/sessions';
import type { Site } from '../site';
import { staticFile } from '../static-files';

/**
 * An owner with an open session, as after a passkey sign-in (the ceremony itself runs in the
 * browser test): the owner and the cookie's token.
 */
export async function signedIn(store: Store, name = 'Jamie', at = Date.now()) {
  const { owner } = await inviteOwner(store, name, at);
  return { owner, token: await startSession(store, owner, 'sign-in', at) };
}

/** The headers of a signed-in owner's same-origin call to the room on http://localhost. */
export const roomHeaders = (token: string) => ({
  Cookie: `owner_session=${token}`,
  Origin: 'http://localhost',
  'Content-Type': 'application/json',
});

/** The app with the room's page built (a stand-in document), for tests of the room's routes. */
export const roomPage = '<!doctype html><title>Owner’s room</title><div id="room"></div>';
export const siteWithRoom: Site = {
  pages: new Map(),
  files: new Map(),
  privateFiles: new Map(),
  friendsGoal: 2,
  room: staticFile('room.html', Buffer.from(roomPage)),
};
