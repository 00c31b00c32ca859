import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { ceremonySchema, okSchema, ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import { type ApiResult, postJson } from '../lib/api-client';
import { words } from './words';

/**
 * The room's passkey ceremonies, browser side: ask the server for options, let the browser make
 * or use the passkey, send the answer back. Each resolves to null when done, or the message to
 * show; a ceremony the owner cancels is said plainly, not as an error.
 */

const api = ownerPaths.api;

/** The browser's "the person said no (or took too long)" when asked for a passkey. */
const cancelled = (error: unknown) => error instanceof Error && error.name === 'NotAllowedError';

export async function signIn(): Promise<string | null> {
  if (!browserSupportsWebAuthn()) return words.noPasskeys;
  const ceremony = await postJson(`${api}${roomApi.signInOptions}`, {}, ceremonySchema);
  if (!ceremony.ok) return ceremony.error;
  let credential: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    credential = await startAuthentication({
      optionsJSON: ceremony.data.options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    return cancelled(error) ? words.signIn.cancelled : words.failed;
  }
  const answer = await postJson(
    `${api}${roomApi.signIn}`,
    { challengeId: ceremony.data.challengeId, credential },
    okSchema,
  );
  return answer.ok ? null : answer.error;
}

/**
 * A change to the owner's passkeys. The server answers 428 when this browser's sign-in is more
 * than ten minutes old (decision 023): the owner proves a passkey again (a sign-in, which
 * replaces this browser's session) and the call is made once more. A cancelled check answers
 * the message to show instead.
 */
async function afterFreshSignIn<T>(
  call: () => Promise<ApiResult<T>>,
): Promise<ApiResult<T> | string> {
  const first = await call();
  if (first.ok || first.status !== 428) return first;
  const failed = await signIn();
  return failed ?? call();
}

/** Makes a passkey: through an invite (`invite`), or another one from a session. */
export async function makePasskey(label: string, invite?: string): Promise<string | null> {
  if (!browserSupportsWebAuthn()) return words.noPasskeys;
  const ceremony = invite
    ? await postJson(`${api}${roomApi.welcomeOptions}`, { invite }, ceremonySchema)
    : await afterFreshSignIn(() =>
        postJson(`${api}${roomApi.passkeysOptions}`, {}, ceremonySchema),
      );
  if (typeof ceremony === 'string') return ceremony;
  if (!ceremony.ok) return ceremony.error;
  let credential: Awaited<ReturnType<typeof startRegistration>>;
  try {
    credential = await startRegistration({
      optionsJSON: ceremony.data.options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'InvalidStateError') return words.alreadyEnrolled;
    return cancelled(error) ? words.welcome.cancelled : words.failed;
  }
  const body = { challengeId: ceremony.data.challengeId, label, credential };
  const answer = await postJson(
    `${api}${invite ? roomApi.welcome : roomApi.passkeys}`,
    invite ? { ...body, invite } : body,
    okSchema,
  );
  return answer.ok ? null : (answer.fields?.label ?? answer.error);
}

/** Removes one of the owner's passkeys (the server keeps the last one). */
export async function removePasskey(id: string): Promise<string | null> {
  const answer = await afterFreshSignIn(() =>
    postJson(`${api}${roomApi.passkeysRemove}`, { id }, okSchema),
  );
  if (typeof answer === 'string') return answer;
  return answer.ok ? null : answer.error;
}
