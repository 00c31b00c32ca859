/** Shapes shared by the content modules. Content is data: no JSX, no behaviour. */

export interface PageMeta {
  /** The document title. */
  title: string;
  /** The meta description: one sentence, under ~160 characters. */
  description: string;
  /** Visual theme (design brief): the sellable-business pages use the premium variant. */
  theme: 'main' | 'premium';
  /** Pages that should stay out of search results. */
  noindex?: boolean;
}

export interface Link {
  label: string;
  href: string;
  /** External destinations open in a new tab with rel="noopener noreferrer". */
  external?: boolean;
}

export interface SocialLink extends Link {
  network: 'instagram' | 'x' | 'linkedin' | 'youtube' | 'tiktok';
}

export interface Section {
  id?: string;
  heading: string;
  body?: string;
}
