import { publicConfig } from '../config';
import { consentDecided, readConsent, subscribeConsent } from './consent';
import { addTrackingSink, type TrackingCall } from './tracking';

/**
 * The analytics tag (GA4) and the ad pixel (Meta), loaded from their companies only after the
 * visitor consents to their category (D20), and only when their IDs are configured
 * (integrations.md). Each becomes a sink of the one tracking module (D19), which then replays
 * the events that waited for the choice. Withdrawn consent is passed on to the tag and its
 * cookies are removed; a script already loaded cannot be unloaded, so it is told to stop.
 */

type Command = (...args: unknown[]) => void;

interface Pixel extends Command {
  callMethod?: Command;
  queue: unknown[];
  push: Pixel;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Command;
    fbq?: Pixel;
    _fbq?: Pixel;
  }
}

const denied = 'denied';
const granted = 'granted';

function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Removes the cookies a tag set (on this host and any parent domain it may have chosen). */
function removeCookies(prefixes: readonly string[]): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => prefixes.some((prefix) => name.startsWith(prefix)));
  const labels = window.location.hostname.split('.');
  const domains = labels.map((_, index) => labels.slice(index).join('.'));
  for (const name of names) {
    for (const domain of ['', ...domains.map((domain) => `; domain=${domain}`)]) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox; these names come from document.cookie itself.
      document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
    }
  }
}

function startAnalytics(measurementId: string): Command {
  window.dataLayer ??= [];
  const gtag: Command = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from the data layer, not arrays.
    window.dataLayer?.push(arguments);
  };
  window.gtag = gtag;
  // Consent Mode v2: everything denied before the tag, then what the visitor granted.
  gtag('consent', 'default', {
    ad_storage: denied,
    ad_user_data: denied,
    ad_personalization: denied,
    analytics_storage: denied,
  });
  gtag('js', new Date());
  // Page views come through the tracking module (replayed after the choice), not the tag.
  gtag('config', measurementId, { send_page_view: false });
  gtag('consent', 'update', { analytics_storage: granted });
  loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
  addTrackingSink('analytics', (call: TrackingCall) => gtag('event', call.analytics, call.params));
  return gtag;
}

function startPixel(pixelId: string): Pixel {
  // Meta's own stub: calls queue until fbevents.js arrives and takes them over.
  const fbq = function pixel() {
    // biome-ignore lint/complexity/noArguments: the pixel's queue holds Arguments objects, as Meta's snippet does.
    const args = arguments;
    if (fbq.callMethod) fbq.callMethod.apply(fbq, [...args]);
    else fbq.queue.push(args);
  } as Pixel;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq ??= fbq;
  fbq('consent', 'revoke');
  fbq('init', pixelId);
  fbq('consent', 'grant');
  loadScript('https://connect.facebook.net/en_US/fbevents.js');
  addTrackingSink('advertising', (call: TrackingCall) =>
    fbq(call.custom ? 'trackCustom' : 'track', call.pixel, call.params, {
      eventID: call.eventId,
    }),
  );
  return fbq;
}

export function startTags(ids = publicConfig.tracking): void {
  let gtag: Command | null = null;
  let fbq: Pixel | null = null;
  const apply = () => {
    if (!consentDecided()) return;
    const choice = readConsent();
    if (ids.gaMeasurementId) {
      if (choice.analytics && !gtag) gtag = startAnalytics(ids.gaMeasurementId);
      else gtag?.('consent', 'update', { analytics_storage: choice.analytics ? granted : denied });
    }
    if (ids.metaPixelId) {
      if (choice.advertising && !fbq) fbq = startPixel(ids.metaPixelId);
      else fbq?.('consent', choice.advertising ? 'grant' : 'revoke');
    }
    // Cookies left by an earlier visit, when consent has since been withdrawn.
    if (!choice.analytics) removeCookies(['_ga']);
    if (!choice.advertising) removeCookies(['_fbp', '_fbc']);
  };
  subscribeConsent(apply);
  apply();
}
