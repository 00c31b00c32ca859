import { markWaitlistJoined } from '../../lib/waitlist-joined';
import { notify } from '../notify';

/**
 * What a form does besides its message once the server confirmed a lead. Data, not callbacks,
 * because a form is an island and its props cross into the browser as JSON.
 */
export type SuccessEffect =
  /** The newsletter sign-up's toast (product brief §5). */
  | { kind: 'toast'; title: string; description: string }
  /** The home waitlist form sets `ws_joined` (product brief §3, §4). */
  | { kind: 'remember-waitlist-join' }
  /** The handbook form takes the visitor to the handbook PDF (product brief §7, D9). */
  | { kind: 'go-to'; href: string };

export function runSuccessEffect(effect: SuccessEffect): void {
  switch (effect.kind) {
    case 'toast':
      void notify(effect.title, effect.description);
      return;
    case 'remember-waitlist-join':
      markWaitlistJoined();
      return;
    case 'go-to':
      window.location.assign(effect.href);
      return;
  }
}
