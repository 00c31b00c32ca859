import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  checkoutQuery,
  type ProvenOutcome,
  provenMarkup,
  unproven,
} from '../../contracts/proven-outcome';
import { resolveRoute, type SystemPageId } from '../../contracts/routes';
import type { NamedHosts } from '../../contracts/sites';
import type { PageViewCounter } from '../page-views/counter';
import type { Site } from '../site';
import type { ClientOf } from './forwarded';
import { sendFile } from './send-file';
import { type StaticFile, staticFile } from './static-files';

/**
 * A prerendered page that says a payment only where the server proved it
 * (contracts/proven-outcome.ts; docs/decisions/034-selling-that-cannot-be-gamed.md). A request
 * for the page with `?checkout=cs_…` asks the feature that sold it (`prove`), which reads its
 * own store; an outcome it proves is served as the same document with that outcome's attribute
 * set, private and never stored by a cache. Anything else (no query, a session not the page's,
 * an older build) goes on to the pages, which serve the document as it was prerendered: the
 * words for anyone.
 */
export interface ProvenPage {
  /** The system page whose addresses this is (its paths on each site: contracts/routes.ts). */
  page: SystemPageId;
  /** What the store holds of the Checkout Session the address names, for this page. */
  prove(checkoutSession: string): Promise<ProvenOutcome | null>;
}

export interface ProvenPageDeps {
  site: Pick<Site, 'pages' | 'routes'>;
  hosts: NamedHosts;
  clientOf: ClientOf;
  /** Counts the view as the pages do; none when counting is off. */
  pageViews?: Pick<PageViewCounter, 'record'>;
}

/** Stripe's Checkout Session ids: `cs_` (then `test_` or `live_`) and base62. */
const sessionPattern = /^cs_[A-Za-z0-9_]{1,250}$/;

export function provenPageRoutes(deps: ProvenPageDeps, proven: ProvenPage): Hono {
  return new Hono().on(['GET', 'HEAD'], '*', async (c, next) => {
    const session = c.req.query(checkoutQuery);
    if (!session || !sessionPattern.test(session)) return next();
    const route = resolveRoute(
      c.req.header('host'),
      c.req.path,
      deps.hosts,
      deps.site.routes.ownerRoutes,
    );
    if (route.status !== 200 || route.page !== proven.page) return next();
    const outcome = await proven.prove(session);
    const page = deps.site.pages.get(proven.page);
    const shown = outcome && page ? withProvenOutcome(page, outcome) : null;
    if (!shown) return next();
    countView(deps, c);
    // One buyer's page: no shared cache keeps it, and no browser shows it again unasked.
    return sendFile(c, shown, 200, 'private, no-store');
  });
}

function countView({ pageViews, clientOf }: ProvenPageDeps, c: Context) {
  pageViews?.record(c.req.raw, clientOf(c).address);
}

/** The documents with an outcome shown, made once per prerendered document and outcome. */
const shownDocuments = new WeakMap<StaticFile, Map<ProvenOutcome, StaticFile | null>>();

/**
 * The prerendered document with `outcome` shown: its one unproven attribute set. Null when the
 * document has not exactly one (a build made before outcomes were proven): it is served as it
 * is. A calendar's render replaces the document, and with it what was made from it.
 */
export function withProvenOutcome(page: StaticFile, outcome: ProvenOutcome): StaticFile | null {
  const made = shownDocuments.get(page) ?? new Map<ProvenOutcome, StaticFile | null>();
  shownDocuments.set(page, made);
  if (!made.has(outcome)) made.set(outcome, showOutcome(page, outcome));
  return made.get(outcome) ?? null;
}

function showOutcome(page: StaticFile, outcome: ProvenOutcome): StaticFile | null {
  const html = page.body.toString('utf8');
  const parts = html.split(provenMarkup(unproven));
  if (parts.length !== 2) return null;
  const body = Buffer.from(parts.join(provenMarkup(outcome)));
  const file = staticFile('page.html', body);
  file.gzip = gzipSync(body);
  return file;
}
