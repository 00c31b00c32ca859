import type { Content } from '../../contracts/content';
import type { ImageAsset, Resolved } from '../../contracts/content/fields';
import type { SeatsTaken } from '../../contracts/workshop-sessions';

/** The pictures of one post's text, by the names its text gives them. */
export type PostPictures = Readonly<Record<string, ImageAsset>>;

/**
 * The owner's content as pages receive it: validated, images resolved, facts filled in; the
 * pictures of the posts' texts, by post.
 */
export type SiteContent = Resolved<Content> & {
  postPictures: Readonly<Record<string, PostPictures>>;
};

/**
 * What every page component is given: the whole content, the moment it is rendered for and the
 * workshop's seats the store knows then.
 */
export interface PageProps {
  content: SiteContent;
  /** Milliseconds since the epoch: what is to come and what has passed is decided from it. */
  now: number;
  /**
   * The seats taken of each session (docs/decisions/032-workshop-delivered.md): which session is
   * on sale, which is sold out, how many are left. Absent at build, which knows no store: every
   * seat free.
   */
  taken?: SeatsTaken;
}
