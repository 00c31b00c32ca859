import { z } from 'zod';
import { line, link, pageMeta } from './fields';

/** content/not-found.yaml: the page of every address the site does not have (brief §2.9). */
export const notFound = z.strictObject({
  meta: pageMeta,
  /** Set large, as the page's picture. */
  heading: line,
  text: line,
  homeLink: link,
});
