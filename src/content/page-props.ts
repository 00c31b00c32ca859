import type { Content } from '../../contracts/content';
import type { ImageAsset, Resolved } from '../../contracts/content/fields';

/**
 * The owner's content as pages receive it: validated, images resolved, facts filled in; the
 * pictures of the posts' texts by their file names.
 */
export type SiteContent = Resolved<Content> & {
  postPictures: Readonly<Record<string, ImageAsset>>;
};

/** What every page component is given: the whole content and the moment it is rendered for. */
export interface PageProps {
  content: SiteContent;
  /** Milliseconds since the epoch: what is to come and what has passed is decided from it. */
  now: number;
}
