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

/** An image the project ships (src/assets), with its intrinsic size so nothing shifts. */
export interface ImageAsset {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** Labels of the carousel controls (WAI-ARIA carousel pattern). */
export interface CarouselLabels {
  region: string;
  previous: string;
  next: string;
  goTo: (slide: number) => string;
  slide: (slide: number, total: number) => string;
  pause: string;
  play: string;
}

/** The visible words of a lead form: its states and messages (spec §4, §8). */
export interface FormCopy {
  submit: string;
  submitting: string;
  success: string;
  error: string;
}
