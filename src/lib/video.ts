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
