import { useSyncExternalStore } from 'react';
import { type ConsentCategory, noConsent, readConsent, subscribeConsent } from './consent';

/** Whether the visitor granted a consent category. The prerendered HTML assumes not (D20). */
export function useConsent(category: ConsentCategory): boolean {
  return useSyncExternalStore(
    subscribeConsent,
    () => readConsent()[category],
    () => noConsent[category],
  );
}
