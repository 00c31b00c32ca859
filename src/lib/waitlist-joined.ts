/** Product brief §3: `ws_joined` is set to true after a home-page waitlist join (nothing reads it back). */
export const waitlistJoinedKey = 'ws_joined';

export function markWaitlistJoined(): void {
  try {
    window.localStorage.setItem(waitlistJoinedKey, 'true');
  } catch {
    // Storage blocked (private mode, quota): the join itself already succeeded.
  }
}
