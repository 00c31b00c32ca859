/**
 * The pages (docs/decisions/004-route-table.md, 026-owner-pages.md): every page of the three sites and the owner's own,
 * each served as prerendered, with its redirects, robots.txt and sitemap.xml per host, the
 * search files, and the calendar that renders a page again when one of its dates passes. What the
 * rest of the server may use of it: its routes (`pageRoutes`, `searchRoutes`, last in the app's
 * list, as they answer every other GET), and the calendar (`startCalendar`, `loadRenderer`), which
 * boot and the publisher start.
 */
export {
  type Calendar,
  calendarHook,
  loadRenderer,
  logCalendar,
  startCalendar,
} from './calendar';
export { pageRoutes, searchRoutes } from './routes';
