import type { ComponentType } from 'react';
import type { PageId } from '../../contracts/routes';
import type { PageProps } from '../content/page-props';
import type { PageMeta } from '../content/types';
import { BookPage, bookMeta } from './book/book-page';
import { CohortPage, cohortMeta } from './cohort/cohort-page';
import { HandbookPage, handbookMeta } from './handbook/handbook-page';
import { HomePage, homeMeta } from './home/home-page';
import { legalPage } from './legal-page';
import { NotFoundPage, notFoundMeta } from './not-found/not-found-page';
import { ThankYouPage, thankYouMeta } from './thank-you/thank-you-page';
import { WaitlistPage, waitlistMeta } from './waitlist/waitlist-page';
import { WorkshopPage, workshopMeta } from './workshop/workshop-page';

/**
 * Server-side only (prerender): every page's component and its head data, both from the content
 * at the moment rendered for. Client entries import their own page.
 */
export const pageRegistry: Record<
  PageId,
  { Component: ComponentType<PageProps>; meta: (props: PageProps) => PageMeta }
> = {
  home: { Component: HomePage, meta: homeMeta },
  waitlist: { Component: WaitlistPage, meta: waitlistMeta },
  book: { Component: BookPage, meta: bookMeta },
  'thank-you': { Component: ThankYouPage, meta: thankYouMeta },
  handbook: { Component: HandbookPage, meta: handbookMeta },
  workshop: { Component: WorkshopPage, meta: workshopMeta },
  cohort: { Component: CohortPage, meta: cohortMeta },
  terms: legalPage('terms'),
  privacy: legalPage('privacy'),
  cookies: legalPage('cookies'),
  'not-found': { Component: NotFoundPage, meta: notFoundMeta },
};
