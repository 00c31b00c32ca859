import type { ComponentType } from 'react';
import type { OwnerPageId, PageId, SystemPageId } from '../../contracts/routes';
import { isWritingPage } from '../../contracts/writing';
import type { PageProps } from '../content/page-props';
import type { PageMeta } from '../content/types';
import { afterCheckoutPage } from './after-checkout';
import { BookPage, bookMeta } from './book/book-page';
import { CohortPage, cohortMeta } from './cohort/cohort-page';
import { CohortApplyPage, cohortApplyMeta } from './cohort-apply/cohort-apply-page';
import { CohortOfferPage, cohortOfferMeta } from './cohort-offer/cohort-offer-page';
import { ComposedPage, composedMeta, slugOf } from './composed/composed-page';
import { HandbookPage, handbookMeta } from './handbook/handbook-page';
import { HomePage, homeMeta } from './home/home-page';
import { legalPage } from './legal-page';
import { NotFoundPage, notFoundMeta } from './not-found/not-found-page';
import { ThankYouPage, thankYouMeta } from './thank-you/thank-you-page';
import { WaitlistPage, waitlistMeta } from './waitlist/waitlist-page';
import { WorkshopPage, workshopMeta } from './workshop/workshop-page';
import { writingPage } from './writing/writing-pages';

/**
 * Server-side only (prerender): every page's component and its head data, both from the content
 * at the moment rendered for. Client entries import their own page.
 */
interface RegisteredPage {
  Component: ComponentType<PageProps>;
  meta: (props: PageProps) => PageMeta;
}

export const pageRegistry: Record<SystemPageId, RegisteredPage> = {
  home: { Component: HomePage, meta: homeMeta },
  waitlist: { Component: WaitlistPage, meta: waitlistMeta },
  book: { Component: BookPage, meta: bookMeta },
  'thank-you': { Component: ThankYouPage, meta: thankYouMeta },
  handbook: { Component: HandbookPage, meta: handbookMeta },
  workshop: { Component: WorkshopPage, meta: workshopMeta },
  'workshop-booked': afterCheckoutPage('booked'),
  'workshop-sold-out': afterCheckoutPage('soldOutPage'),
  'workshop-retry': afterCheckoutPage('retry'),
  cohort: { Component: CohortPage, meta: cohortMeta },
  'cohort-apply': { Component: CohortApplyPage, meta: cohortApplyMeta },
  'cohort-offer': { Component: CohortOfferPage, meta: cohortOfferMeta },
  terms: legalPage('terms'),
  privacy: legalPage('privacy'),
  cookies: legalPage('cookies'),
  'not-found': { Component: NotFoundPage, meta: notFoundMeta },
};

/**
 * Any page's component and head: a system page's from the registry, a page of the writing
 * (src/pages/writing/) or one of the owner's pages (src/pages/composed/) from its content.
 * Throws for a page the content does not have.
 */
export function registeredPage(page: PageId, props: PageProps): RegisteredPage {
  if (page in pageRegistry) return pageRegistry[page as SystemPageId];
  if (isWritingPage(page)) return writingPage(page, props);
  const slug = slugOf(page as OwnerPageId);
  const content = props.content.pages[slug];
  if (!content) throw new Error(`No page "${page}" in the content`);
  return {
    // biome-ignore lint/correctness/noComponentHookFactories: the prerender renders it once, as the whole page: there is no state to lose between calls.
    Component: (pageProps: PageProps) => <ComposedPage {...pageProps} page={content} slug={slug} />,
    meta: () => composedMeta(content, props.content.site),
  };
}
