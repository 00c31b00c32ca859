import { useEffect, useRef, useState } from 'react';
import { waitlistRemainingSchema } from '../../../contracts/waitlist';
import { getJson } from '../../lib/api-client';
import { onLeadConfirmed } from '../../lib/lead-events';
import {
  initialSpaces,
  nextTickDelay,
  type SpacesMode,
  type SpacesRules,
  spacesAfterSignUp,
  spacesStorageKey,
  tickSpaces,
} from '../../lib/spaces-counter';
import { fillTemplate } from '../../lib/template';
import { startTicker } from '../../lib/ticker';

export interface SpacesBannerProps {
  /** The landmark's name. */
  label: string;
  lead: string;
  remainingLabel: string;
  endsLabel: string;
  /** "{count}" stands for the number. */
  announcement: string;
  mode: SpacesMode;
  rules: SpacesRules;
}

function remember(count: number) {
  try {
    window.localStorage.setItem(spacesStorageKey, String(count));
  } catch {
    // Storage blocked: the counter still works for this visit.
  }
}

function stored(): string | null {
  try {
    return window.localStorage.getItem(spacesStorageKey);
  } catch {
    return null;
  }
}

/** Live mode (D11): the server's count of real places; null when it cannot be had. */
async function fetchRemaining(): Promise<number | null> {
  const result = await getJson('/api/waitlist/remaining', waitlistRemainingSchema);
  return result.ok ? result.data.remaining : null;
}

/**
 * The waitlist's sticky banner (product brief §2.3, §4, D11) with the spaces-remaining count. The
 * prerender shows the starting count (simulated) or none (live, until the server answers). The
 * number changes quietly while it ticks; screen readers hear it only when the visitor's own
 * sign-up takes a space (a polite announcement), not on every tick.
 */
export function SpacesBanner({
  label,
  lead,
  remainingLabel,
  endsLabel,
  announcement,
  mode,
  rules,
}: SpacesBannerProps) {
  const [count, setCount] = useState<number | null>(mode === 'simulated' ? rules.start : null);
  const [announced, setAnnounced] = useState('');
  const dropped = useRef(false);

  useEffect(() => {
    if (mode === 'live') {
      void fetchRemaining().then(setCount);
      return onLeadConfirmed(({ list }) => {
        if (list !== 'waitlist') return;
        void fetchRemaining().then((remaining) => {
          setCount(remaining);
          if (remaining !== null) setAnnounced(fillTemplate(announcement, { count: remaining }));
        });
      });
    }
    let current = initialSpaces(stored(), rules);
    const show = (next: number) => {
      current = next;
      setCount(next);
      remember(next);
    };
    show(current);
    const stopTicker = startTicker({
      nextDelay: () => nextTickDelay(rules, Math.random()),
      onTick: () => show(tickSpaces(current, rules, Math.random())),
    });
    const stopListening = onLeadConfirmed(({ list }) => {
      if (list !== 'waitlist') return;
      show(spacesAfterSignUp(current, dropped.current, rules));
      dropped.current = true;
      setAnnounced(fillTemplate(announcement, { count: current }));
    });
    return () => {
      stopTicker();
      stopListening();
    };
  }, [mode, rules, announcement]);

  return (
    <aside
      aria-label={label}
      className="band-dark sticky top-0 z-30 px-5 py-3 text-center text-step--1 font-semibold uppercase tracking-wider"
    >
      <p>
        {lead}
        {count !== null ? (
          <>
            {' · '}
            <strong className="font-display text-step-1 font-normal tracking-wide text-accent tabular-nums">
              {count.toLocaleString('en-GB')}
            </strong>{' '}
            {remainingLabel}
          </>
        ) : null}
        {' · '}
        <span className="text-accent">{endsLabel}</span>
      </p>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
    </aside>
  );
}
