/**
 * A browser as the visitor key knows it (decision 013, docs/decisions/027-experiments.md): its
 * family, its major version and its platform. A browser's minor updates change the raw
 * User-Agent several times a month; they must not make the same visitor a new one. And a client
 * that rotates the raw string (one build number after another) gets one key, not one per
 * string, so it cannot shop among keys for the variant it wants.
 */

/** Checked in order: browsers built on Chromium name Chrome too, so they come first. */
const families: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
  ['opera', /\b(?:OPR|OPT|Opera)\/(\d+)/],
  ['samsung', /\bSamsungBrowser\/(\d+)/],
  ['firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['chrome', /\b(?:Chrome|CriOS|Chromium)\/(\d+)/],
  // Safari gives its own version as Version/; Safari/ carries the WebKit build.
  ['safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

const platforms: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['android', /\bAndroid\b/],
  ['ios', /\b(?:iPhone|iPad|iPod)\b/],
  ['windows', /\bWindows\b/],
  ['mac', /\bMacintosh\b/],
  ['cros', /\bCrOS\b/],
  ['linux', /\bLinux\b/],
];

/** At most this much of an unknown User-Agent is kept in the key's input. */
const maxUnknownLength = 64;

/**
 * `family/major platform` for a browser we know, as `chrome/131 windows`; for anything else, its
 * first product token without version digits (an app's web view, a rare browser), so that it too
 * keeps its key across updates.
 */
export function browserOf(userAgent: string): string {
  const platform = platforms.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'other';
  for (const [family, pattern] of families) {
    const major = pattern.exec(userAgent)?.[1];
    if (major) return `${family}/${Number(major)} ${platform}`;
  }
  const product = userAgent.trim().split(/\s/, 1)[0] ?? '';
  return `${product.replace(/[\d.]+/g, '').slice(0, maxUnknownLength)} ${platform}`;
}
