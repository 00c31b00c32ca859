import { expect, it } from 'vitest';
import { addDays } from '../../../contracts/funnel-figures';
import { ownerRoutes, resolveRoute } from '../../../contracts/routes';
import { namedHosts, parseEnv } from '../../env';
import { addPageViews, utcDay } from '../../page-views/store';
import { siteHosts } from '../../site-hosts';
import { seedApplication } from '../../testing/cohort-applications';
import { describeEachStore } from '../../testing/stores';
import { addSubscriber } from '../leads';
import { planDays, planOf } from './plan';
import { sampleSizePerVariant } from './statistics';

const env = parseEnv({ LOG_LEVEL: 'silent' });
const hosts = namedHosts(env);
const waitlistHost = siteHosts(env).of(env.WAITLIST_HOST);
const pageAt = (host: string, path: string) => {
  const route = resolveRoute(host, path, hosts);
  return route.status === 200 ? route.page : null;
};

describeEachStore('the plan of the next experiment', ({ store }) => {
  it("proposes each page's sample from its last four weeks, every path of the page counted", async () => {
    const today = addDays(utcDay(new Date()), 1);
    const yesterday = addDays(today, -1);
    // 400 visitors over two of the waitlist site's paths (it answers on every path), and one
    // visit today, which is not yet a complete day.
    const visits = Array.from({ length: 400 }, (_, index) => ({
      day: addDays(yesterday, -(index % planDays)),
      host: waitlistHost,
      path: index % 2 ? '/' : '/join',
      source: 'Direct',
      visitor: `visitor-${index}`,
      views: 1,
    }));
    await addPageViews(store(), [
      ...visits,
      { ...visits[0], day: today, visitor: 'today' } as (typeof visits)[number],
    ]);
    for (let index = 0; index < 40; index++) {
      await addSubscriber(
        store(),
        { list: 'waitlist', email: `reader${index}@example.com`, page: '/' },
        { ipHash: 'h', verified: true, host: waitlistHost },
        [],
      );
    }
    const plan = await planOf({
      store: store(),
      testable: [
        { page: 'waitlist', goals: ['signUps'] },
        { page: 'workshop', goals: ['signUps', 'checkouts', 'sales'] },
      ],
      pageAt,
      liftPercent: 20,
      today,
    });
    expect(plan).toMatchObject({ from: addDays(yesterday, 1 - planDays), to: yesterday, lift: 20 });
    const size = sampleSizePerVariant(0.1, 0.2);
    expect(plan.pages).toEqual([
      {
        page: 'waitlist',
        goal: 'signUps',
        visitors: 400,
        conversions: 40,
        rate: 0.1,
        sampleSize: size,
        // 400 visitors in 28 days; a control and one variant need 2 × size.
        days: Math.ceil((2 * size * planDays) / 400),
      },
      ...['signUps', 'checkouts', 'sales'].map((goal) => ({
        page: 'workshop',
        goal,
        visitors: 0,
        conversions: 0,
        rate: null,
        sampleSize: null,
        days: null,
      })),
    ]);
  });

  it('measures the cohort’s page by the applications sent from the application page it leads to', async () => {
    const today = addDays(utcDay(new Date()), 1);
    const yesterday = addDays(today, -1);
    const host = siteHosts(env).of(env.SELLABLE_BUSINESS_HOST);
    // The application page answers while the cohort takes applications.
    const routes = ownerRoutes({ pages: {}, cohort: { admission: 'application' } });
    const applying = (path: string) => {
      const route = resolveRoute(host, path, hosts, routes);
      return route.status === 200 ? route.page : null;
    };
    expect(applying('/apply')).toBe('cohort-apply');
    await addPageViews(
      store(),
      Array.from({ length: 200 }, (_, index) => ({
        day: yesterday,
        host,
        path: index < 150 ? '/' : '/apply',
        source: 'Direct',
        visitor: `visitor-${index}`,
        views: 1,
      })),
    );
    for (let index = 0; index < 6; index++) {
      await seedApplication(store(), {
        email: `founder${index}@example.com`,
        page: '/apply',
        at: `${yesterday}T10:00:00.000Z`,
      });
    }
    const plan = await planOf({
      store: store(),
      testable: [
        { page: 'cohort', goals: ['applications'] },
        { page: 'cohort-apply', goals: ['applications'] },
      ],
      pageAt: (visited, path) => (visited === host ? applying(path) : null),
      liftPercent: 20,
      today,
    });
    expect(
      plan.pages.map(({ page, visitors, conversions }) => [page, visitors, conversions]),
    ).toEqual([
      ['cohort', 150, 6],
      ['cohort-apply', 50, 6],
    ]);
  });
});
