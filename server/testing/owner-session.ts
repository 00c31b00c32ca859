import type { Store } from '../db/store';
import { inviteOwner, startSession } from '../owner/access';

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
