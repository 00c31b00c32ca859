import { publicConfig } from '../config';
import type { SiteContent } from '../content/page-props';
import type { SocialLink } from '../content/types';

/**
 * The founder's profiles in the footer's order (product brief §2.2): the names from
 * content/site.yaml, the addresses from configuration (product decision D18). TikTok shows in
 * the header on phones only.
 */
export function socialLinksOf(
  site: SiteContent['site'],
): ReadonlyArray<SocialLink & { mobileOnly?: boolean }> {
  const { links } = publicConfig;
  const { socialLabels: label } = site;
  return [
    { network: 'instagram', label: label.instagram, href: links.instagram, external: true },
    { network: 'x', label: label.x, href: links.x, external: true },
    { network: 'youtube', label: label.youtube, href: links.youtube, external: true },
    {
      network: 'tiktok',
      label: label.tiktok,
      href: links.tiktok,
      external: true,
      mobileOnly: true,
    },
    { network: 'linkedin', label: label.linkedin, href: links.linkedin, external: true },
  ];
}
