/**
 * Countdowns are pure functions of time (style.md, principle 14): the workshop's start
 * (D16) and the handbook's deadline. A target in the past gives zeros and `done`.
 */
export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

export function countdown(target: number, now: number): Countdown {
  const left = Math.max(0, Math.floor((target - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

/** Whole seconds from now until the target, never negative. */
export function secondsUntil(target: number, now: number): number {
  return Math.max(0, Math.ceil((target - now) / 1000));
}

/**
 * "BST" or "GMT": the UK's clock at that instant, from the real Europe/London offset (so the
 * label follows the date, D16: 22 September is BST, 22 November GMT).
 */
export function ukZoneLabel(at: number): 'BST' | 'GMT' {
  const name = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    timeZoneName: 'short',
  })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name === 'BST' || name === 'GMT+1' ? 'BST' : 'GMT';
}

const ordinal = (day: number) => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
};

/**
 * An instant as the workshop eyebrow writes it (D16): "September 22nd @ 18:00 UK (BST)", in
 * London time, the zone following the date ("GMT" in winter).
 */
export function ukEventLabel(at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month} ${ordinal(Number(parts.day))} @ ${parts.hour}:${parts.minute} UK (${ukZoneLabel(at)})`;
}
