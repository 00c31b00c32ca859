import { roomApi } from '../../../contracts/room/api';
import { funnelPeriod, funnelQuerySchema } from '../../../contracts/room/funnel';
import type { Store } from '../../db/store';
import { utcDay } from '../../page-views/store';
import { queryOf, refusedFields, roomApiRouter } from '../room';
import { statsCommand } from './commands/stats';
import type { FunnelDimension } from './store';

/**
 * The room's funnel (contracts/room/funnel.ts), behind its session check: GET /api/funnel, the
 * period's figures by source, by page, by day and by experiment's variant, through the same
 * command as `npm run leads stats`.
 */
export function funnelRoomRouter({ store, clock }: { store: Store; clock: () => number }) {
  return roomApiRouter().get(roomApi.funnel, async (c) => {
    const query = queryOf(c, funnelQuerySchema);
    if ('answer' in query) return query.answer;
    const now = new Date(clock());
    const period = funnelPeriod(query.data, utcDay(now));
    if ('problem' in period) return refusedFields(c, { from: period.problem });
    const input = { since: { date: new Date(period.from) }, until: { date: new Date(period.to) } };
    const funnelBy = (by: FunnelDimension) => statsCommand.run({ store, now }, { ...input, by });
    const [bySource, byPage, byDay, byVariant] = await Promise.all([
      funnelBy('source'),
      funnelBy('page'),
      funnelBy('day'),
      funnelBy('variant'),
    ]);
    return c.json({
      ...period,
      total: byDay.total,
      bySource: bySource.rows,
      byPage: byPage.rows,
      byDay: byDay.rows,
      byVariant: byVariant.rows,
    });
  });
}
