import { okSchema, ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import { postJson } from '../lib/api-client';

/**
 * Ends this session, or every session of the owner's (`everywhere`), then opens the sign-in
 * page; one that had ended already goes there too. Resolves with the message to show when the
 * server refused.
 */
export async function signOut(everywhere: boolean): Promise<string | null> {
  const path = everywhere ? roomApi.signOutEverywhere : roomApi.signOut;
  const answer = await postJson(`${ownerPaths.api}${path}`, {}, okSchema);
  if (answer.ok || answer.status === 401) {
    window.location.assign(ownerPaths.signIn);
    return null;
  }
  return answer.error;
}
