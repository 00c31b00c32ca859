import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import type { ClientOf } from './forwarded';

/**
 * The hashes of the inline scripts in these page documents, as CSP sources: each page's entry,
 * written into its HTML by the build (decision 025). A publish renders pages with the same build's
 * entries, so the hashes of the build's pages hold for every version served.
 */
export function inlineScriptSources(
  documents: Iterable<Buffer>,
  /** Inline scripts no document holds yet: the owner's pages' entry before the first one. */
  scripts: Iterable<string> = [],
): string[] {
  const sources = new Set<string>();
  const add = (script: string) =>
    sources.add(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
  for (const document of documents) {
    for (const [, script] of document
      .toString('utf8')
      .matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
      add(script ?? '');
    }
  }
  for (const script of scripts) add(script);
  return [...sources].sort();
}

/**
 * Content-Security-Policy with only what the pages need (docs/product.md, "Rules:
 * Content-Security-Policy"): our own origin, the pages' own inline entries by hash, plus the tag
 * and video origins that configuration turns on. No 'unsafe-inline' scripts.
 */
export function contentSecurityPolicy(env: Env, scriptSources: readonly string[] = []): string {
  const script = ["'self'"];
  const img = ["'self'", 'data:'];
  const connect = ["'self'"];
  const frame: string[] = [];
  if (env.GA_MEASUREMENT_ID) {
    script.push('https://www.googletagmanager.com');
    img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
  }
  if (env.META_PIXEL_ID) {
    script.push('https://connect.facebook.net');
    img.push('https://www.facebook.com');
    connect.push('https://www.facebook.com');
  }
  for (const video of [env.HERO_VIDEO_URL, env.SPEAKING_VIDEO_URL, env.TEASER_VIDEO_URL]) {
    if (video) frame.push(new URL(video).origin);
  }
  return [
    "default-src 'self'",
    `script-src ${[...script, ...scriptSources].join(' ')}`,
    `img-src ${img.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    "style-src 'self'",
    "font-src 'self'",
    `frame-src ${frame.length > 0 ? [...new Set(frame)].join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Files a browser never renders as a document (scripts, styles, fonts, raster images): the
 * document-only headers would be ~0.5 KB of every one of a page's twenty-odd requests for
 * nothing. SVG and everything else keep them, since an SVG opened directly is a document.
 */
const subresource = /\/assets\/[^/]+\.(?:js|css|woff2?|png|jpe?g|webp|avif)$/;

export function securityHeaders(
  env: Env,
  clientOf: ClientOf,
  /** The pages' inline scripts (inlineScriptSources). */
  scriptSources: readonly string[] = [],
): MiddlewareHandler {
  const csp = contentSecurityPolicy(env, scriptSources);
  // An https SITE_URL is served over HTTPS whatever the request looks like here (a proxy whose
  // headers are not believed, server/plain-http-watch.ts); a browser ignores HSTS over plain HTTP.
  const httpsSite = new URL(env.SITE_URL).protocol === 'https:';
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    // For a visit over HTTPS (directly, or through a trusted proxy), or to an https site.
    if (httpsSite || clientOf(c).protocol === 'https') {
      headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
    if (subresource.test(c.req.path)) return;
    // A page with a policy of its own keeps it: only the owner's content editor has one
    // (server/features/room/policy.ts, inline styles for Keystatic); every page of the site
    // gets this one.
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', csp);
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    );
    headers.set('X-Frame-Options', 'DENY');
    // No Cross-Origin-Opener-Policy: on navigation it swaps the browsing context group, and
    // Lighthouse (so PageSpeed Insights) then failed about one run in fifteen with NO_NAVSTART.
    // On public pages without accounts it guards nothing; links out open with noopener.
  };
}
