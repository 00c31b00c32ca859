import { applicationPages, type ExperimentGoal } from '../../../contracts/content/experiments';
import { addDays, daysIn, funnelPageKey } from '../../../contracts/funnel-figures';
import type { Plan } from '../../../contracts/room/experiments';
import type { PageId } from '../../../contracts/routes';
import type { Store } from '../../db/store';
import { funnel } from '../funnel';
import { sampleSizePerVariant } from './statistics';

/** How many complete days before today the plan reads a page's conversion from. */
export const planDays = 28;

/**
 * The sample each variant of the next experiment on each testable page would need
 * (docs/decisions/027-experiments.md): the page's visitors and conversions over the last four
 * complete weeks give its rate, and Fleiss' formula the visitors a variant needs to detect
 * `liftPercent` on it. A funnel row is a site host and a path; `pageAt` says which page it was,
 * so every path a page answers on counts for it. The funnel counts checkout clicks rather than
 * the visitors who clicked, so a checkout rate reads a little high and its sample a little low.
 * The cohort page's applications are those sent from the application page it leads to.
 */
export async function planOf({
  store,
  testable,
  pageAt,
  liftPercent,
  today,
}: {
  store: Store;
  testable: ReadonlyArray<{ page: PageId; goals: readonly ExperimentGoal[] }>;
  pageAt: (host: string, path: string) => PageId | null;
  liftPercent: number;
  /** Today's UTC day: the period ends the day before. */
  today: string;
}): Promise<Plan> {
  const to = addDays(today, -1);
  const from = addDays(to, 1 - planDays);
  const byPage = await funnel(store, { by: 'page', from, to });
  const totals = new Map<string, { visitors: number } & Record<ExperimentGoal, number>>();
  for (const row of byPage.rows) {
    const counted = funnelPageKey.parse(row.key);
    const page = counted?.host ? pageAt(counted.host, counted.path) : null;
    if (!page) continue;
    const total = totals.get(page) ?? {
      visitors: 0,
      signUps: 0,
      checkouts: 0,
      sales: 0,
      applications: 0,
    };
    total.visitors += row.visitors;
    total.signUps += row.signUps;
    total.checkouts += row.checkouts;
    total.sales += row.sales;
    total.applications += row.applications;
    totals.set(page, total);
  }
  // Applications are sent from the application page's form, which the cohort's page leads to:
  // the cohort page's conversions are the applications sent there.
  const conversionsOf = (page: PageId, goal: ExperimentGoal) =>
    goal === 'applications' && page === applicationPages.from
      ? (totals.get(applicationPages.form)?.applications ?? 0)
      : (totals.get(page)?.[goal] ?? 0);
  const lift = liftPercent / 100;
  const days = daysIn(from, to);
  return {
    from,
    to,
    lift: liftPercent,
    pages: testable.flatMap(({ page, goals }) =>
      goals.map((goal) => {
        const visitors = totals.get(page)?.visitors ?? 0;
        const conversions = Math.min(conversionsOf(page, goal), visitors);
        const rate = visitors > 0 ? conversions / visitors : null;
        const proposable = rate !== null && rate > 0 && rate * (1 + lift) < 1;
        const sampleSize = proposable ? sampleSizePerVariant(rate, lift) : null;
        return {
          page,
          goal,
          visitors,
          conversions,
          rate,
          sampleSize,
          days: sampleSize === null ? null : Math.ceil((2 * sampleSize * days) / visitors),
        };
      }),
    ),
  };
}
