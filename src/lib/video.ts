import type { SiteContent } from '../content/page-props';
import type { VideoContent } from '../content/types';

/**
 * The embed URL of a configured video (D22): "ambient" is the hero's muted, looping autoplay; otherwise the visitor clicked play.
 * The flags cover the common players (YouTube: mute, Vimeo: muted); unknown ones are ignored.
 */
export function playerUrl(url: string, { ambient }: { ambient: boolean }): string {
  const player = new URL(url);
  if (ambient) {
    for (const [name, value] of [
      ['autoplay', '1'],
      ['mute', '1'],
      ['muted', '1'],
      ['playsinline', '1'],
      ['loop', '1'],
    ] as const) {
      player.searchParams.set(name, value);
    }
  } else {
    player.searchParams.set('autoplay', '1'); // Started by a click: play at once.
  }
  return player.href;
}

/**
 * A video box as the page hands it to the player island: the content file's words and poster,
 * the player's address from configuration (null: the poster only), and the site's words asking
 * for consent to videos.
 */
export function videoBox(
  video: Omit<VideoContent, 'url' | 'consent'>,
  url: string | null,
  site: SiteContent['site'],
): VideoContent {
  return { ...video, url, consent: { ask: site.consent.videoAsk, hint: site.consent.videoHint } };
}
