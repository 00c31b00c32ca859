import { expect, it } from 'vitest';
import {
  type DocumentId,
  type Experiment,
  variantId,
} from '../../../contracts/content/experiments';
import { ownerRoutes } from '../../../contracts/routes';
import { parseEnv } from '../../env';
import { type StaticFile, staticFile } from '../../http/static-files';
import { createLogger } from '../../logger';
import { createPageViewCounter } from '../../page-views/counter';
import type { Site } from '../../site';
import { siteHosts } from '../../site-hosts';
import { createTestApp, postJson, solvedProof } from '../../testing/app';
import { applyingSite, testApplication } from '../../testing/cohort';
import { describeEachStore } from '../../testing/stores';
import { experimentsCommand } from './commands/standing';
import { createExposures } from './exposures';

/**
 * An experiment counting the cohort's applications (docs/decisions/033-cohort-applications.md):
 * the form is on the application page, the experiment on the cohort's page that leads there. An
 * application carries the variant its visitor's key draws on the cohort page, and counts for it
 * only where that key was shown it that day and the form's checks passed, on both databases.
 */

const env = parseEnv({ LOG_LEVEL: 'silent' });
const browser =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const host = env.SELLABLE_BUSINESS_HOST;

const headline = (page: 'cohort' | 'cohort-apply', name: string) =>
  ({
    name,
    page,
    goal: 'applications',
    controlShare: 50,
    variants: [{ name: 'bold', share: 50, changes: [{ field: 'hero.heading', text: 'Bold' }] }],
    sampleSize: 100,
  }) satisfies Experiment;

/** A site taking applications whose pages (and their variants) say which they are. */
function siteWith(experiments: ReadonlyArray<ReturnType<typeof headline>>): Site {
  const page = (text: string) => staticFile('page.html', Buffer.from(`<h1>${text}</h1>`));
  const pages = new Map<DocumentId, StaticFile>();
  for (const experiment of experiments) {
    pages.set(experiment.page, page(experiment.page));
    pages.set(variantId(experiment.page, experiment.name, 'bold'), page(`${experiment.page} bold`));
  }
  return {
    ...applyingSite(),
    pages,
    routes: {
      redirects: [],
      ownerRoutes: ownerRoutes({ pages: {}, cohort: { admission: 'application' } }),
    },
    experiments: { list: [...experiments], testable: [] },
  };
}

describeEachStore('an experiment counting applications', ({ store }) => {
  function appFor(experiments: ReadonlyArray<ReturnType<typeof headline>>) {
    const logger = createLogger(env);
    const counter = createPageViewCounter({ store: store(), logger, siteHosts: siteHosts(env) });
    const exposures = createExposures({ store: store(), logger });
    const app = createTestApp(
      store(),
      { SITE_URL: env.SITE_URL, LEAD_RATE_LIMIT: '0' },
      undefined,
      undefined,
      siteWith(experiments),
      { pageViews: counter, exposures },
    );
    const as = (address: string) => ({
      headers: { host, 'user-agent': browser },
      address,
    });
    return {
      flush: () => Promise.all([counter.flush(), exposures.flush()]),
      /** The cohort's page as a visitor gets it: which variant it shows. */
      visit: async (address: string) => {
        const response = await app.request(
          '/',
          { headers: as(address).headers },
          { incoming: { socket: { remoteAddress: address } } },
        );
        return (await response.text()).includes('bold') ? 'bold' : 'control';
      },
      apply: async (address: string, email: string, proof = true) => {
        const response = await postJson(
          app,
          '/api/cohort/applications',
          {
            ...testApplication,
            email,
            page: '/apply',
            ...(proof && { altcha: await solvedProof(app) }),
          },
          as(address),
        );
        expect(response.status).toBe(201);
      },
    };
  }

  const carried = async (email: string) =>
    store()
      .db.selectFrom('cohort_applications')
      .select(['experiment', 'variant'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  it('counts an application from the application page under the cohort page’s variant its visitor was shown', async () => {
    const experiment = headline('cohort', 'cohort-headline');
    const { visit, apply, flush } = appFor([experiment]);
    const shown = new Map<string, number>();
    for (let index = 0; index < 16; index++) {
      const address = `203.0.113.${index}`;
      const variant = await visit(address);
      const email = `founder${index}@example.com`;
      await apply(address, email);
      // The variant its visitor was shown on the cohort page, worked out again on the server.
      expect(await carried(email)).toEqual({ experiment: experiment.name, variant });
      shown.set(variant, (shown.get(variant) ?? 0) + 1);
    }
    expect([...shown.keys()].sort()).toEqual(['bold', 'control']);
    // Visitors who looked and did not apply: each variant converts fewer than it was shown to.
    for (let index = 0; index < 12; index++) await visit(`192.0.2.${index}`);
    // Seen the page, but sent without the form's checks (a plain script): stored, not counted.
    await visit('198.51.100.1');
    await apply('198.51.100.1', 'script@example.com', false);
    // Never shown the cohort page: the application carries the key's variant, and counts for none.
    await apply('198.51.100.2', 'direct@example.com');
    expect((await carried('direct@example.com')).experiment).toBe(experiment.name);
    await flush();

    const [standing] = await experimentsCommand.run(
      { store: store(), experiments: [experiment], now: new Date() },
      {},
    );
    expect(standing?.goal).toBe('applications');
    const conversions = Object.fromEntries(
      (standing?.variants ?? []).map((variant) => [variant.name, variant.conversions]),
    );
    expect(conversions).toEqual({
      control: shown.get('control'),
      bold: shown.get('bold'),
    });
  });

  it('carries the application page’s own experiment when it runs one', async () => {
    const onCohort = headline('cohort', 'cohort-headline');
    const onForm = headline('cohort-apply', 'apply-intro');
    const { apply } = appFor([onCohort, onForm]);
    await apply('203.0.113.50', 'ada@example.com');
    expect((await carried('ada@example.com')).experiment).toBe(onForm.name);
  });
});
