import type { SiteContent } from '../../content/page-props';
import { dayHasCome } from '../../lib/facts';

/**
 * The book page's words that depend on `now`: before release day (content/site.yaml
 * book.releaseDate) those of `preOrder`, from it those of `outNow` (content/book.yaml). The page,
 * its head and its structured data all take them from here, so they change together.
 */
export function releaseCopy(content: SiteContent, now: number) {
  const released = dayHasCome(content.site.book.releaseDate, now);
  return { released, ...(released ? content.book.outNow : content.book.preOrder) };
}

/** The FAQ at `now`: the questions whose answers change on release day first, then the rest. */
export function bookFaq(content: SiteContent, now: number) {
  return [...releaseCopy(content, now).faq, ...content.book.faq.items];
}
