import type { Content } from '../../contracts/content';
import type { ImageAsset, Resolved } from '../../contracts/content/fields';

/** The pictures of one post's text, by the names its text gives them. */
export type PostPictures = Readonly<Record<string, ImageAsset>>;

/**
 * The owner's content as pages receive it: validated, images resolved, facts filled in; the
 * pictures of the posts' texts, by post.
 */
export type SiteContent = Resolved<Content> & {
  postPictures: Readonly<Record<string, PostPictures>>;
};

/** What every page component is given: the whole content and the moment it is rendered for. */
export interface PageProps {
  content: SiteContent;
  /** Milliseconds since the epoch: what is to come and what has passed is decided from it. */
  now: number;
}
