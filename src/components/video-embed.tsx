import { useState } from 'react';
import type { VideoContent } from '../content/types';
import { cn } from '../lib/cn';
import { useConsent } from '../lib/use-consent';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { playerUrl } from '../lib/video';
import { Play } from './icons';
import { Image } from './ui/image';

/**
 * A video box (D20, D22): the poster always sits in the box, in its exact size, so nothing
 * shifts. The third-party player replaces it only with a configured URL and the visitor's
 * consent to media; `ambient` videos then start muted by themselves (not under reduced
 * motion), others on a click. Without that consent the box offers it: its button opens the
 * consent settings at "Videos" (lib/consent-banner.ts), and is the same element once granted,
 * so keyboard focus stays on it.
 */
export function VideoEmbed({
  video: { title, url, poster, play: playLabel, consent: consentWords },
  ambient = false,
  priority = false,
  className,
}: {
  video: VideoContent;
  ambient?: boolean;
  /** The poster is the page's first big image: load it eagerly. */
  priority?: boolean;
  className?: string;
}) {
  const consented = useConsent('media');
  const reducedMotion = useReducedMotion();
  const [clicked, setClicked] = useState(false);
  const autoplays = ambient && !reducedMotion;
  const playerAllowed = url !== null && consented;
  const showPlayer = playerAllowed && (autoplays || clicked);

  return (
    <div className={cn('relative aspect-video overflow-hidden bg-night', className)}>
      <Image
        image={poster}
        priority={priority}
        className="absolute inset-0 size-full object-cover"
      />
      {showPlayer && url ? (
        <iframe
          src={playerUrl(url, { ambient: autoplays && !clicked })}
          title={title}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          className="absolute inset-0 size-full border-0"
        />
      ) : null}
      {url !== null && !showPlayer ? (
        <button
          type="button"
          onClick={consented ? () => setClicked(true) : undefined}
          data-consent-open={consented ? undefined : 'media'}
          aria-label={consented ? playLabel : undefined}
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4"
        >
          <span className="flex size-20 items-center justify-center rounded-full bg-accent text-on-accent shadow-[var(--shadow-card)] transition-transform hover:scale-105">
            <Play className="size-8" />
          </span>
          {consented ? null : (
            <span className="max-w-xs rounded-card bg-night/85 px-4 py-2 text-center text-step--1 text-cream">
              <span className="block font-semibold">{consentWords.ask}</span>
              <span className="block opacity-85">{consentWords.hint}</span>
            </span>
          )}
        </button>
      ) : null}
    </div>
  );
}
