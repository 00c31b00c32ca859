const units = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** An age such as "365d", "12h" or "2w", in milliseconds; null when it is not one. */
export function parseAge(text: string): number | null {
  const match = /^(\d+)([hdw])$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * units[match[2] as keyof typeof units];
}

/** `--since`: an age back from now ("30d") or a date / date-time ("2026-01-31"). */
export function parseSince(text: string, now: Date): Date | null {
  const age = parseAge(text);
  if (age !== null) return new Date(now.getTime() - age);
  if (!/^\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:\d\d)?)?$/.test(text.trim())) return null;
  const date = new Date(text.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}
