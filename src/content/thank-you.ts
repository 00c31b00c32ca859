import type { PageMeta } from './types';

export const meta: PageMeta = {
  title: "You're in — here's your bonus",
  description: 'Your bonus is ready to download. Share with two friends to unlock a second bonus.',
  theme: 'main',
  noindex: true,
};

export const hero = {
  headline: "You're in. Here's your bonus",
  downloadLabel: 'Download',
  teaserLabel: 'Play 60-sec teaser',
  ps: 'PS: Share this with 2 friends to unlock a second bonus.',
} as const;
