/**
 * The funnel: the figures the owner reads from the page views (counted by the server with every
 * page it serves, server/page-views/, docs/decisions/013-page-view-counting.md), the leads and
 * the sales: views, visitors, sign-ups, confirmations, checkouts and sales, and the cohort's
 * applications, offers and enrolments, by source, page, day, host and experiment's variant. What
 * the rest of the server may use of it: the figures (`funnel`, and `statsCommand`, which the
 * room's funnel, `npm run leads stats` and the posts' figures run), the weekly report
 * (`startWeeklyReports`, `weeklyReport`) and the room's funnel (`funnelRoomRouter`).
 * It writes no table of its own; its job: owner-weekly-report.
 */
export { statsCommand } from './commands/stats';
export { funnelJobs } from './jobs';
export { funnelRoomRouter } from './room-router';
export { type FunnelDimension, type FunnelRow, funnel } from './store';
export { startWeeklyReports, weeklyReport } from './weekly-report';
