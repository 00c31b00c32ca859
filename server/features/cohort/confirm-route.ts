import { Hono } from 'hono';
import { cohortOfferPage } from '../../../contracts/route-table';
import type { SiteId } from '../../../contracts/sites';
import type { Store } from '../../db/store';
import { type ConfirmOutcome, confirmResubmission } from './applications';
import { confirmLinks } from './confirm-links';

/**
 * GET /go/confirm/<token>, the link a resubmission's address was emailed
 * (docs/decisions/034-selling-that-cannot-be-gamed.md): opening it confirms the resubmission
 * (server/features/cohort/applications.ts `confirmResubmission`) and lands on the offer page's
 * section that says what it did, and no more: `#confirmed`, `#kept` or `#unconfirmed` for a link
 * that confirms nothing (not ours, altered, past its window, its application erased). A plain
 * redirect to a prerendered page, so it needs no script. Never cached.
 */

export interface ConfirmDeps {
  store: Store;
  /** The server's secret the links are signed from. */
  ipHashKey: string;
  /** The page it lands on is on the sellable-business site's origin, as the offer links'. */
  origins: Readonly<Record<SiteId, string>>;
  now?: () => number;
}

/** The offer page's section each outcome lands on (content/cohort.yaml `offer.page`). */
const sectionOf = {
  replaced: 'confirmed',
  kept: 'kept',
  invalid: 'unconfirmed',
} as const satisfies Record<ConfirmOutcome, string>;

export function confirmRouter({ store, ipHashKey, origins, now = Date.now }: ConfirmDeps): Hono {
  const links = confirmLinks(ipHashKey);
  return new Hono().get('/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = links.read(c.req.param('token'));
    const outcome = id
      ? await confirmResubmission(store, id, new Date(now()).toISOString())
      : 'invalid';
    return c.redirect(
      `${origins['sellable-business']}${cohortOfferPage()}#${sectionOf[outcome]}`,
      303,
    );
  });
}
