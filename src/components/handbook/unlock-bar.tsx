import type { SiteContent } from '../../content/page-props';
import { cn } from '../../lib/cn';
import { formatWindow, type UnlockWindowConfig, unlockSecondsLeft } from '../../lib/unlock-window';
import { useNow } from '../../lib/use-now';

export type UnlockBarProps = SiteContent['handbook']['bar'] & {
  window: UnlockWindowConfig;
  /** Shown in the prerender, before the browser knows the time. */
  prerenderSeconds: number;
};

/**
 * The handbook's red top bar (product brief §2.6, §4, §9): 56 px tall, "Unlock window ends in N s",
 * falling each second; at zero it pulses (not under reduced motion: the global reset stops it).
 * Nothing at all when the window is off (D11).
 */
export function UnlockBar({ label, prefix, units, window, prerenderSeconds }: UnlockBarProps) {
  const now = useNow();
  if (window.mode === 'off') return null;
  const seconds = unlockSecondsLeft(window, now) ?? prerenderSeconds;
  return (
    <aside
      aria-label={label}
      className={cn(
        'sticky top-0 z-30 flex h-14 items-center justify-center bg-alert px-5 text-center text-step-0 font-bold text-white',
        seconds === 0 && 'animate-pulse',
      )}
    >
      <p>
        {prefix}{' '}
        <span className="font-display text-step-1 font-normal tabular-nums">
          {formatWindow(seconds, units)}
        </span>
      </p>
    </aside>
  );
}
