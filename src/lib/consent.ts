/**
 * D20: the visitor's consent choice, stored in localStorage. Nothing third-party loads until a
 * category is granted; the consent banner (lib/consent-banner.ts) calls `saveConsent`. Islands
 * read it through `useConsent`, the tags (lib/tags.ts) through `subscribeConsent`.
 */
export const consentCategories = ['analytics', 'advertising', 'media'] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export type ConsentChoice = Record<ConsentCategory, boolean>;

export const consentStorageKey = 'consent';

export const noConsent: ConsentChoice = { analytics: false, advertising: false, media: false };

/** A stored value -> a choice; anything unreadable counts as no consent. */
export function parseConsent(raw: string | null): ConsentChoice {
  if (!raw) return noConsent;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return noConsent;
    const record = value as Record<string, unknown>;
    return {
      analytics: record.analytics === true,
      advertising: record.advertising === true,
      media: record.media === true,
    };
  } catch {
    return noConsent;
  }
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; choice: ConsentChoice } | null = null;
/** The choice made on this page when storage is blocked: honoured until the page closes. */
let unsaved: string | null = null;

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(consentStorageKey) ?? unsaved;
  } catch {
    return unsaved; // Storage blocked: no choice yet, or the one made on this page.
  }
}

/** Whether the visitor has chosen yet (accepted or refused anything); before that, events wait. */
export function consentDecided(): boolean {
  return typeof window !== 'undefined' && readStorage() !== null;
}

/** The current choice; the same object until it changes (for useSyncExternalStore). */
export function readConsent(): ConsentChoice {
  if (typeof window === 'undefined') return noConsent;
  const raw = readStorage();
  if (cached?.raw !== raw) cached = { raw, choice: parseConsent(raw) };
  return cached.choice;
}

export function saveConsent(choice: ConsentChoice): void {
  const raw = JSON.stringify(choice);
  try {
    window.localStorage.setItem(consentStorageKey, raw);
  } catch {
    unsaved = raw; // Blocked storage: the banner asks again on the next page.
  }
  for (const listener of listeners) listener();
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key === consentStorageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
