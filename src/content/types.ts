import type { ImageAsset } from '../../contracts/content/fields';

/** A picture as a page renders it (the content's image, resolved by the build). */
export type { ImageAsset };

/** Shapes shared by the content modules. Content is data: no JSX, no behaviour. */

export interface PageMeta {
  /** The document title. */
  title: string;
  /** The meta description: one sentence, under ~160 characters. */
  description: string;
  /** Visual theme (design brief): the sellable-business pages use the premium variant. */
  theme: 'main' | 'premium';
  /**
   * The words of the page's share image (Open Graph, X). Every page with a canonical address
   * has one (contracts/routes.ts; the build fails without it).
   */
  card?: SocialCard;
}

/** A share image, drawn at build beside the founder's name (src/seo/social-card.tsx). */
export interface SocialCard {
  /** The small label above the headline. */
  kicker: string;
  headline: string;
  /** One short line under the headline. */
  detail?: string;
  /** Artwork beside the words: an SVG image, drawn from its file at build. */
  art?: ImageAsset;
  /** Without artwork: a figure set large on the accent disc ("£49", "11") and its label. */
  badge?: { value: string; label: string };
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

/** Labels of the carousel controls (WAI-ARIA carousel pattern). */
export interface CarouselLabels {
  region: string;
  previous: string;
  next: string;
  /** "{slide}" stands for the slide number. */
  goTo: string;
  /** "{slide}" and "{total}" stand for the numbers. */
  slide: string;
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

/** A sign-up form's words as a content module gives them: what each SignUpForm is handed whole. */
export interface SignUpFormContent {
  id: string;
  emailLabel: string;
  emailPlaceholder: string;
  copy: FormCopy;
  /** Asks for a first name too (the waitlist page). */
  firstNameLabel?: string;
  /** After a sign-up, the way on to the thank-you page with the visitor's share code. */
  bonusLink?: { label: string; href: string };
}

/** A video box's words and media: the player URL (configuration; null = poster only). */
export interface VideoContent {
  title: string;
  url: string | null;
  poster: ImageAsset;
  /** The play button's accessible name. */
  play: string;
}
