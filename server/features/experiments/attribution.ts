import { type Experiment, liveOn, splitOf } from '../../../contracts/content/experiments';
import { type PageId, resolveRoute } from '../../../contracts/routes';
import type { NamedHosts } from '../../../contracts/sites';
import type { PageViewCounter } from '../../page-views/counter';
import type { Site } from '../../site';
import { variantFor } from './assignment';

/** An experiment and the variant of it ("control" included) a visitor is shown. */
export interface Shown {
  name: string;
  variant: string;
}

/**
 * The one answer to which variant a visitor sees (docs/decisions/027-experiments.md): the
 * experiment live on `page` at `now`, and the variant the visitor's daily key draws in it
 * (assignment.ts); null when none is live there. The page served, a sign-up and a checkout click
 * all ask it, so they cannot disagree.
 */
export function experimentFor(
  experiments: readonly Experiment[],
  page: PageId,
  visitor: string,
  now: number,
): Shown | null {
  const experiment = liveOn(experiments, page, now);
  return experiment
    ? { name: experiment.name, variant: variantFor(visitor, experiment.name, splitOf(experiment)) }
    : null;
}

/**
 * The experiment on a lead's or a checkout click's page, the variant its visitor saw there, and
 * the visitor's daily key it was chosen by; or null. With `via`, the page that leads to the
 * lead's page is asked when the lead's own page runs none: the cohort's page, whose buttons lead
 * to the application page (docs/decisions/033-cohort-applications.md).
 */
export type ExperimentOf = (
  request: Pick<Request, 'headers'>,
  address: string,
  page: string | undefined,
  via?: PageId,
) => (Shown & { visitor: string }) | null;

/**
 * A sign-up or a checkout click is counted under the variant its visitor was shown
 * (docs/decisions/027-experiments.md): the server works it out again from the same daily visitor
 * key and the same experiment, so no form or link can claim a variant it was not shown (the key
 * is kept, and counts only with an exposure of that key: server/features/experiments/store.ts), and it works
 * without JavaScript. Only an experiment live on the page the form or the link was on, now, counts it.
 */
export function experimentAttribution(
  site: Pick<Site, 'experiments' | 'routes'>,
  pageViews: Pick<PageViewCounter, 'visitorKey'> | undefined,
  hosts: NamedHosts,
  clock: () => number = Date.now,
): ExperimentOf {
  return (request, address, page, via) => {
    if (!pageViews || !page || !site.experiments.list.length) return null;
    const host = request.headers.get('host') ?? undefined;
    const route = resolveRoute(host, page, hosts, site.routes.ownerRoutes);
    if (route.status !== 200) return null;
    const visitor = pageViews.visitorKey(request, address);
    if (!visitor) return null;
    // The variant is the visitor's of that day wherever it is asked: it counts only where an
    // exposure shows this key was shown it (store.ts), so a visitor who came straight to the
    // lead's page, never shown the page it was asked `via`, converts for no variant.
    const now = clock();
    const list = site.experiments.list;
    const shown =
      experimentFor(list, route.page, visitor, now) ??
      (via ? experimentFor(list, via, visitor, now) : null);
    return shown ? { ...shown, visitor } : null;
  };
}

/**
 * Whether a sale's click may credit the experiment its reference names: one of that name, with
 * that variant, was live at some time on the click's UTC day. A reference is signed, so this
 * only stops an old one (say, from before an experiment was renamed or its variant dropped)
 * crediting an experiment that never showed its visitor that variant.
 */
export function wasLiveOn(
  experiments: readonly Experiment[],
  shown: { name: string; variant: string },
  day: string,
): boolean {
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const dayEnd = dayStart + 86_400_000;
  return experiments.some(
    (experiment) =>
      experiment.name === shown.name &&
      splitOf(experiment).some(({ name }) => name === shown.variant) &&
      (!experiment.start || Date.parse(experiment.start) < dayEnd) &&
      (!experiment.end || dayStart < Date.parse(experiment.end)),
  );
}
