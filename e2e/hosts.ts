import type { SiteId } from '../src/routes';

/** Origins of the four sites as the e2e server serves them (default *.localhost hosts). */
const port = Number(process.env.E2E_PORT ?? 4173);

export const siteOrigin: Record<SiteId, string> = {
  main: `http://localhost:${port}`,
  'sellable-business': `http://${process.env.SELLABLE_BUSINESS_HOST ?? 'sellablebusiness.localhost'}:${port}`,
  waitlist: `http://${process.env.WAITLIST_HOST ?? 'waitlist.localhost'}:${port}`,
  book: `http://${process.env.BOOK_HOST ?? 'whatsstoppingyou.localhost'}:${port}`,
};
