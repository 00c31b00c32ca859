/**
 * D19: every tracking call goes through this module, and only these events exist. Each event
 * maps to the ad pixel's name and the analytics tag's name; the tracking issue registers the
 * providers as sinks (after consent, D20). Parameters are a closed set with no personal data:
 * never a name, an email or a message.
 */
export const trackingEvents = {
  pageView: { pixel: 'PageView', analytics: 'page_view', custom: false },
  ctaClick: { pixel: 'CTAClick', analytics: 'cta_click', custom: true },
  /** A sign-up the server confirmed. */
  lead: { pixel: 'Lead', analytics: 'generate_lead', custom: false },
  /** A contact submission the server confirmed. */
  contact: { pixel: 'Contact', analytics: 'contact_form_success', custom: false },
} as const;

export type TrackingEventName = keyof typeof trackingEvents;

export interface TrackingParams {
  button_name?: string;
  button_location?: string;
  page_path?: string;
  source?: string;
}

export interface TrackingCall {
  pixel: string;
  /** The pixel event is custom (`trackCustom`) rather than standard. */
  custom: boolean;
  analytics: string;
  params: Required<Pick<TrackingParams, 'page_path'>> & TrackingParams;
}

export type TrackingSink = (call: TrackingCall) => void;

const sinks = new Set<TrackingSink>();

/** For the providers (tracking issue) and tests. Returns the unregister function. */
export function addTrackingSink(sink: TrackingSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

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
  return { ...trackingEvents[event], params: clean };
}

export function track(event: TrackingEventName, params: TrackingParams = {}): void {
  if (typeof window === 'undefined') return;
  const call = trackingCall(event, params, window.location.pathname);
  if (import.meta.env.DEV) console.debug('[tracking]', call);
  for (const sink of sinks) sink(call);
}
