import type { SubscriptionList } from '../../contracts/subscription';
import {
  type ConsentCategory,
  type ConsentChoice,
  consentDecided,
  readConsent,
  subscribeConsent,
} from './consent';
import { pageTrafficSource } from './traffic-source';

/**
 * D19: every tracking call goes through this module, and only these events exist. Each event
 * maps to the ad pixel's name and the analytics tag's name; the providers register as sinks
 * once the visitor consents (D20). Parameters are a closed set with no personal data: never a
 * name, an email or a message.
 */
export const trackingEvents = {
  pageView: { pixel: 'PageView', analytics: 'page_view', custom: false },
  ctaClick: { pixel: 'CTAClick', analytics: 'cta_click', custom: true },
  /** A sign-up the server confirmed. */
  lead: { pixel: 'Lead', analytics: 'generate_lead', custom: false },
  /** A contact submission the server confirmed. */
  contact: { pixel: 'Contact', analytics: 'contact_form_success', custom: false },
  /** A cohort application the server stored (docs/decisions/033-cohort-applications.md). */
  application: { pixel: 'SubmitApplication', analytics: 'submit_application', custom: false },
  /** A click on to the paid checkout (D19: value and currency). */
  checkout: { pixel: 'InitiateCheckout', analytics: 'begin_checkout', custom: false },
} as const;

export type TrackingEventName = keyof typeof trackingEvents;

/**
 * Where a call to action sits: a closed list, so reports group by the same names everywhere.
 * Sections declare theirs (TrackedLink / TrackedButton); form ids name form locations.
 */
export const ctaLocations = [
  'top-banner',
  'hero',
  'home-book',
  'speaking',
  'work-with-me',
  'book-hero',
  'book-bonus-claim',
  'exit-intent',
  'thank-you',
  'workshop-hero',
  'workshop-problem',
  'workshop-paid',
  'workshop-price',
  'cohort-hero',
  'cohort-story',
  'cohort-pain',
  'cohort-details',
  'cohort-ready',
  // The owner's own pages (src/pages/composed/): the page's path tells them apart.
  'page-hero',
  'page-cta',
  'page-checkout',
  'page-book',
] as const;
export type CtaLocation = (typeof ctaLocations)[number];

export interface TrackingParams {
  button_name?: string;
  button_location?: string;
  page_path?: string;
  source?: string;
  /** The list a confirmed sign-up joined (generate_lead / Lead). */
  list?: SubscriptionList;
  /** The checkout's price (begin_checkout / InitiateCheckout). */
  value?: number;
  currency?: string;
}

export interface TrackingCall {
  pixel: string;
  /** The pixel event is custom (`trackCustom`) rather than standard. */
  custom: boolean;
  analytics: string;
  params: Required<Pick<TrackingParams, 'page_path'>> & TrackingParams;
  /** One id per event, sent with the pixel's copy so a later Conversions API can de-duplicate. */
  eventId?: string;
}

export type TrackingSink = (call: TrackingCall) => void;

/** The consent category each kind of sink needs: the pixel is advertising, the tag analytics. */
export type SinkCategory = Extract<ConsentCategory, 'analytics' | 'advertising'>;
const sinkCategories: readonly SinkCategory[] = ['analytics', 'advertising'];

const paramKeys = ['button_name', 'button_location', 'page_path', 'source'] as const;

/** Builds the call: copies only the known keys, so nothing else can leak through a cast. */
export function trackingCall(
  event: TrackingEventName,
  params: TrackingParams,
  pagePath: string,
): TrackingCall {
  const clean: TrackingCall['params'] = { page_path: pagePath };
  for (const key of paramKeys) {
    const value = params[key];
    if (typeof value === 'string' && value !== '') clean[key] = value.slice(0, 100);
  }
  if (params.list) clean.list = params.list;
  if (typeof params.value === 'number' && Number.isFinite(params.value)) clean.value = params.value;
  if (params.currency && /^[A-Z]{3}$/.test(params.currency)) clean.currency = params.currency;
  return { ...trackingEvents[event], params: clean };
}

/** Events kept per category until a sink may have them: enough for one page's early calls. */
const maxPending = 50;

export interface ConsentSource {
  decided: () => boolean;
  choice: () => ConsentChoice;
  subscribe: (listener: () => void) => () => void;
}

/**
 * The dispatcher. An event fired before the visitor has chosen (the first page view above all)
 * waits; once they choose, it goes to the sinks of every category they accepted (now, or when
 * that sink finishes loading) and is dropped for the categories they refused. After the choice,
 * events go straight to the accepted categories' sinks, still waiting if a sink is loading.
 */
export function createTracker(consent: ConsentSource) {
  const sinks: Record<SinkCategory, Set<TrackingSink>> = {
    analytics: new Set(),
    advertising: new Set(),
  };
  const pending: Record<SinkCategory, TrackingCall[]> = { analytics: [], advertising: [] };

  function flush() {
    if (!consent.decided()) return;
    const choice = consent.choice();
    for (const category of sinkCategories) {
      if (!choice[category]) {
        pending[category] = [];
        continue;
      }
      if (sinks[category].size === 0) continue;
      const calls = pending[category];
      pending[category] = [];
      for (const call of calls) for (const sink of sinks[category]) sink(call);
    }
  }

  // Listens to consent changes from the first use on (not at import: tests and the prerender).
  let listening = false;
  const listen = () => {
    if (listening) return;
    listening = true;
    consent.subscribe(flush);
  };
  return {
    dispatch(call: TrackingCall) {
      listen();
      const queue = (category: SinkCategory) => {
        if (pending[category].length < maxPending) pending[category].push(call);
      };
      for (const category of sinkCategories) queue(category);
      flush();
    },
    /** For the providers (after consent) and tests. Returns the unregister function. */
    addSink(category: SinkCategory, sink: TrackingSink): () => void {
      listen();
      sinks[category].add(sink);
      flush();
      return () => sinks[category].delete(sink);
    },
  };
}

const tracker = createTracker({
  decided: consentDecided,
  choice: readConsent,
  subscribe: subscribeConsent,
});

export const addTrackingSink = tracker.addSink;

/** randomUUID exists only in secure contexts; the fallback is as random, just longer to write. */
function eventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Sends an event to every sink the visitor's consent allows (now or after their choice). Every
 * event carries the page's traffic source (D4: "with every tracking event of that page").
 */
export function track(event: TrackingEventName, params: TrackingParams = {}): void {
  if (typeof window === 'undefined') return;
  const call = trackingCall(
    event,
    { ...params, source: params.source ?? pageTrafficSource() },
    window.location.pathname,
  );
  const withId = { ...call, eventId: eventId() };
  if (import.meta.env.DEV) console.debug('[tracking]', withId);
  tracker.dispatch(withId);
}

/**
 * Calls to action are declared in markup (TrackedLink, TrackedButton write `data-cta`), so a
 * static, never-hydrated section still reports its clicks: one listener on the document reads
 * the declaration of the clicked element.
 */
export function trackDeclaredCtas(): void {
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-cta]') : null;
    if (!(target instanceof HTMLElement)) return;
    const declared = {
      button_name: target.dataset.ctaName ?? target.textContent?.trim(),
      button_location: target.dataset.cta,
    };
    track('ctaClick', declared);
    // A paid checkout also reports its price (D19).
    const { checkoutValue, checkoutCurrency } = target.dataset;
    if (checkoutValue) {
      track('checkout', { ...declared, value: Number(checkoutValue), currency: checkoutCurrency });
    }
  });
}
