import { utcDay } from '../../../contracts/funnel-figures';
import { roomApi } from '../../../contracts/room/api';
import { leadExportQuerySchema } from '../../../contracts/room/leads';
import type { Store } from '../../db/store';
import { audit, type BodyOf, queryOf, roomApiRouter } from '../room';
import { exportCommand, exportCsv } from './commands/export';
import { forgetCommand } from './commands/forget';
import { latestLeadsCommand } from './commands/leads';

/**
 * The room's leads (contracts/room/leads.ts), behind its session check: the latest leads, the
 * export as CSV and erasure, each through the same command as `npm run leads`. What takes leads
 * out of the site (export, erasure) is written to the audit log.
 */
export function leadsRoomRouter({
  store,
  bodyOf,
  clock,
}: {
  store: Store;
  bodyOf: BodyOf;
  clock: () => number;
}) {
  const app = roomApiRouter();

  app.get(roomApi.leads, async (c) => {
    const query = queryOf(c, latestLeadsCommand.input);
    if ('answer' in query) return query.answer;
    return c.json(await latestLeadsCommand.run({ store }, query.data));
  });

  app.get(roomApi.leadsCsv, async (c) => {
    const query = queryOf(c, leadExportQuerySchema);
    if ('answer' in query) return query.answer;
    const now = clock();
    const exported = await exportCommand.run({ store, now: new Date(now) }, query.data);
    await audit(
      store,
      c.var.session.id,
      'export',
      { leads: exported.leads, rows: exported.rows.length },
      now,
    );
    return c.body(exportCsv(exported), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exported.leads}-${utcDay(new Date(now))}.csv"`,
    });
  });

  app.post(roomApi.erasure, async (c) => {
    const body = await bodyOf(c, forgetCommand.input);
    if ('answer' in body) return body.answer;
    const erased = await forgetCommand.run({ store }, body.data);
    // What was erased, never whose: the log must not keep the address it was asked to forget.
    await audit(store, c.var.session.id, 'erase', { ...erased }, clock());
    return c.json(erased);
  });

  return app;
}
