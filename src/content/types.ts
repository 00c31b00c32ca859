import type { z } from 'zod';
import type {
  carouselLabels,
  ImageAsset,
  Resolved,
  shareCard,
} from '../../contracts/content/fields';
import type { formCopy } from '../../contracts/content/site';

/** A picture as a page renders it (the content's image, resolved by the build). */
export type { ImageAsset };

/**
 * Shapes the components share: most are the content schemas' own types (contracts/content/), so
 * a component's props cannot drift from the files; the rest add what code decides (an address, a
 * theme, an id).
 */

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
export type SocialCard = Resolved<z.output<typeof shareCard>>;

export interface Link {
  label: string;
  href: string;
  /** External destinations open in a new tab with rel="noopener noreferrer". */
  external?: boolean;
}

export interface SocialLink extends Link {
  network: 'instagram' | 'x' | 'linkedin' | 'youtube' | 'tiktok';
}

/** Labels of the carousel controls (WAI-ARIA carousel pattern), as the content gives them. */
export type CarouselLabels = z.output<typeof carouselLabels>;

/** The visible words of a lead form: its states and messages (product brief §4, §8). */
export type FormCopy = z.output<typeof formCopy>;

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
  /** Shown on the poster until the visitor allows videos (content/site.yaml consent). */
  consent: { ask: string; hint: string };
}
