import { systemPageIds } from '../../contracts/routes';
import type { Store } from '../db/store';
import { inviteOwner, startSession } from '../features/room';
import { staticFile } from '../http/static-files';
import type { Site } from '../site';
import { testSite } from './site';

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

/** The room's page as tests build it: one document, its script draws the room. */
export const roomPage = '<!doctype html><title>Owner’s room</title><div id="room"></div>';
/**
 * A built site for tests of the room's routes: the room's page, and every page as a stub, so a
 * request that falls through to the site is visibly not the room.
 */
export const siteWithRoom: Site = testSite({
  pages: new Map(
    systemPageIds.map((id) => [id, staticFile(`${id}.html`, Buffer.from(`page:${id}`))]),
  ),
  room: staticFile('room.html', Buffer.from(roomPage)),
});
