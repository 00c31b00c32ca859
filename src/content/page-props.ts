import type { Content } from '../../contracts/content';
import type { Resolved } from '../../contracts/content/fields';

/** The owner's content as pages receive it: validated, images resolved, facts filled in. */
export type SiteContent = Resolved<Content>;

/** What every page component is given: the whole content and the moment it is rendered for. */
export interface PageProps {
  content: SiteContent;
  /** Milliseconds since the epoch: what is to come and what has passed is decided from it. */
  now: number;
}
