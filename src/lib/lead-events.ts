import type { SubscriptionList } from '../../contracts/subscription';

/**
 * Islands share what happens to a lead without a common React parent: a form announces a
 * sign-up the server confirmed, and any other island on the page (the waitlist's spaces
 * counter) reacts. A plain module-level listener set: every island chunk imports the same one.
 */
export interface LeadConfirmed {
  form: string;
  /** The list for sign-ups; absent for contact submissions. */
  list?: SubscriptionList;
}

const listeners = new Set<(event: LeadConfirmed) => void>();

export function announceLeadConfirmed(event: LeadConfirmed): void {
  for (const listener of listeners) listener(event);
}

export function onLeadConfirmed(listener: (event: LeadConfirmed) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
