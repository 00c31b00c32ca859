import type { ConsentCategory } from '../lib/consent';

/**
 * D20: the consent banner's words. Accept and reject are equally prominent; the settings list
 * each category that loads something from another company, and what it is for.
 */
export const consentBanner = {
  heading: 'Your choice of cookies',
  body: 'We load analytics, advertising and video players from other companies only if you say yes. Nothing else on this site needs them.',
  noticeLink: { label: 'Cookie notice', href: '/cookies' },
  acceptAll: 'Accept all',
  rejectAll: 'Reject all',
  settings: 'Settings',
  save: 'Save my choices',
  categoriesLegend: 'Choose what may load',
  categories: [
    {
      id: 'analytics',
      label: 'Analytics',
      description: 'Google Analytics counts visits and shows us which pages help.',
    },
    {
      id: 'advertising',
      label: 'Advertising',
      description: 'The Meta Pixel measures our Instagram and Facebook ads.',
    },
    {
      id: 'media',
      label: 'Videos',
      description: 'YouTube or Vimeo players, which set their own cookies.',
    },
  ] satisfies ReadonlyArray<{ id: ConsentCategory; label: string; description: string }>,
  /** The footer's way back to the choice (and the cookie notice's button). */
  reopen: 'Cookie settings',
  /** Said to screen readers once a choice is saved. */
  saved: 'Your cookie choices are saved.',
} as const;

/** A video box whose player waits for consent to videos. */
export const videoConsent = {
  ask: 'Allow videos to play',
  hint: 'The player comes from another company and sets its own cookies.',
} as const;
