import { publicConfig } from '../config';
import type { Link, SocialLink } from './types';

/**
 * Shared site data. The founder and everyone quoted are fictional sample content (D21):
 * replace them here and in the page modules.
 */
export const founder = {
  name: 'Jamie Castell',
  tagline: 'Entrepreneur | Investor | Author | Excitable Adult',
} as const;

export const book = {
  title: "What's Stopping You?",
  author: founder.name,
  coverAlt: "What's Stopping You? - Book cover",
  /** Spec §9: the book is delivered from this day (D16). */
  releaseDate: '2026-01-15',
} as const;

const { links } = publicConfig;

/** Order used by the footer (spec §2.2). `mobileOnly` marks TikTok in the header. */
export const socialLinks: ReadonlyArray<SocialLink & { mobileOnly?: boolean }> = [
  { network: 'instagram', label: 'Instagram', href: links.instagram, external: true },
  { network: 'x', label: 'X (Twitter)', href: links.x, external: true },
  { network: 'youtube', label: 'YouTube', href: links.youtube, external: true },
  { network: 'tiktok', label: 'TikTok', href: links.tiktok, external: true, mobileOnly: true },
  { network: 'linkedin', label: 'LinkedIn', href: links.linkedin, external: true },
];

export const legalLinks: readonly Link[] = [
  { label: 'Terms', href: '/terms' },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Cookies', href: '/cookies' },
];

export const footer = {
  copyright: `© 2025 ${founder.name}. All rights reserved.`,
  legalLabel: 'Legal',
  socialLabel: 'Follow',
  sampleNotice: 'Sample content: the founder and all people quoted on this site are fictional.',
} as const;

export const a11y = {
  skipLink: 'Skip to content',
} as const;
