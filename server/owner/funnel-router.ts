import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '../../contracts/api-error';
import { postIdOf } from '../../contracts/content/posts';
import { funnelPageKey } from '../../contracts/funnel-figures';
import {
  funnelApi,
  funnelPeriod,
  funnelQuerySchema,
  leadExportQuerySchema,
  type WritingAnswer,
} from '../../contracts/owner-funnel';
import { postsInOrder } from '../../contracts/writing';
import type { FunnelDimension, FunnelRow } from '../db/funnel';
import { utcDay } from '../db/page-views';
import { listPostBroadcasts } from '../db/post-broadcasts';
import type { Store } from '../db/store';
import type { FeedSource } from '../feeds';
import { audit } from './audit-log';
import { exportCommand, exportCsv } from './commands/export';
import { forgetCommand } from './commands/forget';
import { latestLeadsCommand } from './commands/leads';
import { outboxListCommand, outboxRetryCommand } from './commands/outbox';
import { statsCommand } from './commands/stats';
import type { BodyOf, RoomEnv } from './room-request';

/**
 * The room's first page (contracts/owner-funnel.ts): the funnel, the latest leads, the export,
 * the outbox and erasure. Mounted behind the room's session check, so every call here has an
 * owner; each runs the same command as `npm run leads`, and what changes or takes away leads
 * (export, erasure) is written to the audit log.
 */
export function funnelRouter({
  store,
  bodyOf,
  clock,
  writing,
}: {
  store: Store;
  /** The room's body reader: same origin, size and time limits, the schema. */
  bodyOf: BodyOf;
  clock: () => number;
  /** The writing the site serves now, and whether Kit receives its newsletters. */
  writing: { served: () => FeedSource | undefined; kit: boolean };
}) {
  const app = new Hono<RoomEnv>();

  /** The query string checked with its schema; or the 400 that names the field. */
  function queryOf<Schema extends z.ZodType>(
    c: Context,
    schema: Schema,
  ): { data: z.output<Schema> } | { answer: Response } {
    const parsed = schema.safeParse(c.req.query());
    return parsed.success
      ? { data: parsed.data }
      : { answer: refusedFields(c, fieldErrors(parsed.error)) };
  }
  const refusedFields = (c: Context, fields: Record<string, string>) =>
    c.json({ error: 'Check the request.', fields }, 400);

  app.get(funnelApi.funnel, async (c) => {
    const query = queryOf(c, funnelQuerySchema);
    if ('answer' in query) return query.answer;
    const now = new Date(clock());
    const period = funnelPeriod(query.data, utcDay(now));
    if ('problem' in period) return refusedFields(c, { from: period.problem });
    const input = { since: { date: new Date(period.from) }, until: { date: new Date(period.to) } };
    const funnelBy = (by: FunnelDimension) => statsCommand.run({ store, now }, { ...input, by });
    const [bySource, byPage, byDay] = await Promise.all([
      funnelBy('source'),
      funnelBy('page'),
      funnelBy('day'),
    ]);
    return c.json({
      ...period,
      total: byDay.total,
      bySource: bySource.rows,
      byPage: byPage.rows,
      byDay: byDay.rows,
    });
  });

  app.get(funnelApi.writing, async (c) => {
    const query = queryOf(c, funnelQuerySchema);
    if ('answer' in query) return query.answer;
    const now = new Date(clock());
    const period = funnelPeriod(query.data, utcDay(now));
    if ('problem' in period) return refusedFields(c, { from: period.problem });
    const served = writing.served();
    const [byPage, newsletters] = await Promise.all([
      statsCommand.run(
        { store, now },
        {
          since: { date: new Date(period.from) },
          until: { date: new Date(period.to) },
          by: 'page',
        },
      ),
      listPostBroadcasts(store),
    ]);
    const answer: WritingAnswer = {
      ...period,
      kit: writing.kit,
      posts: served ? writingFunnel(served, byPage.rows, newsletters) : [],
    };
    return c.json(answer);
  });

  app.get(funnelApi.leads, async (c) => {
    const query = queryOf(c, latestLeadsCommand.input);
    if ('answer' in query) return query.answer;
    return c.json(await latestLeadsCommand.run({ store }, query.data));
  });

  app.get(funnelApi.export, async (c) => {
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

  app.get(funnelApi.outbox, async (c) => c.json(await outboxListCommand.run({ store }, {})));

  app.post(funnelApi.retry, async (c) => {
    const body = await bodyOf(c, outboxRetryCommand.input);
    if ('answer' in body) return body.answer;
    const retried = await outboxRetryCommand.run({ store }, body.data);
    if (body.data.id !== undefined && retried.queued === 0) {
      return c.json({ error: 'No failed job has that id.' }, 404);
    }
    return c.json(retried);
  });

  app.post(funnelApi.erasure, async (c) => {
    const body = await bodyOf(c, forgetCommand.input);
    if ('answer' in body) return body.answer;
    const erased = await forgetCommand.run({ store }, body.data);
    // What was erased, never whose: the log must not keep the address it was asked to forget.
    await audit(store, c.var.session.id, 'erase', { ...erased }, clock());
    return c.json(erased);
  });

  return app;
}

/**
 * Each post with its page's funnel row, on whichever of the main site's hosts it was read, and its
 * newsletter's state. A post no longer on the site keeps its newsletter's row but is not listed.
 */
function writingFunnel(
  served: FeedSource,
  byPage: readonly FunnelRow[],
  newsletters: Awaited<ReturnType<typeof listPostBroadcasts>>,
): WritingAnswer['posts'] {
  const byPath = new Map<string, FunnelRow[]>();
  for (const row of byPage) {
    const path = funnelPageKey.parse(row.key)?.path;
    if (path) byPath.set(path, [...(byPath.get(path) ?? []), row]);
  }
  const newsletterOf = new Map(newsletters.map((row) => [row.post_id, row]));
  return postsInOrder(served.posts).map(({ slug, post }) => {
    const path = `${served.path}/${slug}`;
    const rows = byPath.get(path) ?? [];
    const sum = (pick: (row: FunnelRow) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    const newsletter = newsletterOf.get(postIdOf(slug, post));
    return {
      slug,
      title: post.title,
      date: post.date,
      path,
      views: sum((row) => row.views),
      visitors: sum((row) => row.visitors),
      signUps: sum((row) => row.signUps),
      confirmed: sum((row) => row.confirmed),
      newsletter: newsletter
        ? {
            state: newsletter.state,
            broadcast: newsletter.broadcast,
            sendAt: newsletter.send_at,
            madeAt: newsletter.made_at,
            problem: newsletter.state === 'waiting' ? newsletter.last_error : null,
          }
        : null,
    };
  });
}
