import {
  type Experiment,
  type ExperimentGoal,
  variantId,
} from '../../../contracts/content/experiments';
import { type PageId, resolveRoute } from '../../../contracts/routes';
import type { NamedHosts } from '../../../contracts/sites';
import type { StaticFile } from '../../http/static-files';
import type { Site } from '../../site';

/**
 * What the owner's commands and the room need of the experiments the site serves now: the
 * server's render, or the one `npm run leads` follows (scripts/leads/served.ts).
 */
export interface ServedExperiments {
  /** The experiments of the content served now. */
  list(): readonly Experiment[];
  /** A variant's page as served now ("control" is the page as it is), if there is one. */
  variantPage(experiment: Experiment, variant: string): StaticFile | undefined;
  /** The pages an experiment may test now, with the goals each can be measured by. */
  testable(): ReadonlyArray<{ page: PageId; goals: readonly ExperimentGoal[] }>;
  /** The page a site's host name and a path show, if any (the funnel counts by host and path). */
  pageAt(host: string, path: string): PageId | null;
}

/** The experiments a site serves, as the room reads them (`site` is the render served now, whose fields a publish swaps). */
export function servedExperiments(
  site: Pick<Site, 'experiments' | 'pages' | 'routes'>,
  hosts: NamedHosts,
): ServedExperiments {
  return {
    list: () => site.experiments.list,
    variantPage: (experiment, variant) =>
      site.pages.get(
        variant === 'control'
          ? (experiment.page as PageId)
          : variantId(experiment.page as PageId, experiment.name, variant),
      ),
    testable: () => site.experiments.testable,
    pageAt: (host, path) => {
      const route = resolveRoute(host, path, hosts, site.routes.ownerRoutes);
      return route.status === 200 ? route.page : null;
    },
  };
}
