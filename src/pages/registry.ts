import type { ComponentType } from 'react';
import * as book from '../content/book';
import * as cohort from '../content/cohort';
import * as handbook from '../content/handbook';
import * as home from '../content/home';
import { cookies, privacy, terms } from '../content/legal';
import * as notFound from '../content/not-found';
import * as thankYou from '../content/thank-you';
import type { PageMeta } from '../content/types';
import * as waitlist from '../content/waitlist';
import * as workshop from '../content/workshop';
import type { PageId } from '../../contracts/routes';
import { BookPage } from './book/book-page';
import { CohortPage } from './cohort/cohort-page';
import { CookiesPage } from './cookies/cookies-page';
import { HandbookPage } from './handbook/handbook-page';
import { HomePage } from './home/home-page';
import { NotFoundPage } from './not-found/not-found-page';
import { PrivacyPage } from './privacy/privacy-page';
import { TermsPage } from './terms/terms-page';
import { ThankYouPage } from './thank-you/thank-you-page';
import { WaitlistPage } from './waitlist/waitlist-page';
import { WorkshopPage } from './workshop/workshop-page';

/** Server-side only (prerender): every page's component and head data. Client entries import their own page. */
export const pageRegistry: Record<PageId, { Component: ComponentType; meta: PageMeta }> = {
  home: { Component: HomePage, meta: home.meta },
  waitlist: { Component: WaitlistPage, meta: waitlist.meta },
  book: { Component: BookPage, meta: book.meta },
  'thank-you': { Component: ThankYouPage, meta: thankYou.meta },
  handbook: { Component: HandbookPage, meta: handbook.meta },
  workshop: { Component: WorkshopPage, meta: workshop.meta },
  cohort: { Component: CohortPage, meta: cohort.meta },
  terms: { Component: TermsPage, meta: terms.meta },
  privacy: { Component: PrivacyPage, meta: privacy.meta },
  cookies: { Component: CookiesPage, meta: cookies.meta },
  'not-found': { Component: NotFoundPage, meta: notFound.meta },
};
