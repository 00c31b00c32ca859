import { expect, it } from 'vitest';
import type { Store } from '../../server/db/store';
import { addContactSubmission, addSubscriber } from '../../server/features/leads/store';
import { addCheckoutClick, readSaleEvent, recordStripeEvent } from '../../server/features/sales';
import { addPageViews } from '../../server/page-views/store';
import { seedApplication } from '../../server/testing/cohort-applications';
import { type SeededOffer, seedOffer } from '../../server/testing/cohort-offers';
import { describeEachStore } from '../../server/testing/stores';
import {
  chargeRefundedEvent,
  checkoutSessionEvent,
  testReferences,
} from '../../server/testing/stripe';
import { leadsOn } from './testing';

describeEachStore('npm run leads -- stats', ({ store, database }) => {
  const stats = (...argv: string[]) =>
    leadsOn(database(), {}, ['stats', ...argv], new Date('2026-11-20T12:00:00Z'));

  const view = (day: string, host: string, path: string, source: string, visitor: string) => ({
    day,
    host,
    path,
    source,
    visitor,
  });

  async function signUp(
    target: Store,
    email: string,
    host: string,
    page: string,
    source: string,
    at: string,
  ) {
    const { id } = await addSubscriber(
      target,
      { list: 'waitlist', email, page, source },
      { ipHash: 'h', verified: true, host },
      [],
    );
    await target.db
      .updateTable('subscribers')
      .set({ created_at: at })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Two days of visits on two sites. Visitor v1 comes back the next day (two visitor-days);
   * a visitor sent a hostile path and source; a visit from before the period is left out.
   */
  async function seed() {
    await addPageViews(store(), [
      { ...view('2026-11-19', 'localhost', '/', 'Direct', 'v1'), views: 3 },
      { ...view('2026-11-19', 'localhost', '/', 'google.com', 'v2'), views: 1 },
      { ...view('2026-11-20', 'localhost', '/', 'Direct', 'v1'), views: 2 },
      { ...view('2026-11-20', 'waitlist.localhost', '/ig', 'Instagram', 'v3'), views: 4 },
      { ...view('2026-11-20', 'waitlist.localhost', '/<script>', '=cmd|calc', 'v4'), views: 1 },
      { ...view('2026-10-01', 'localhost', '/', 'Direct', 'v9'), views: 100 },
    ]);
    await signUp(
      store(),
      'a@example.com',
      'waitlist.localhost',
      '/ig',
      'Instagram',
      '2026-11-20T09:00:00.000Z',
    );
    await signUp(store(), 'b@example.com', 'localhost', '/', 'Direct', '2026-11-19T23:59:59.000Z');
    await signUp(
      store(),
      'c@example.com',
      'localhost',
      '/',
      'google.com',
      '2026-11-20T08:00:00.000Z',
    );
    await signUp(
      store(),
      'old@example.com',
      'localhost',
      '/',
      'Direct',
      '2026-10-01T08:00:00.000Z',
    );
    // Kit reported one of them confirmed (decision 021).
    await store()
      .db.updateTable('subscribers')
      .set({ confirmed_at: '2026-11-20T09:05:00.000Z' })
      .where('email', '=', 'a@example.com')
      .execute();
    const contact = await addContactSubmission(
      store(),
      { name: 'Ada', email: 'ada@example.com', message: 'Hello', page: '/' },
      { ipHash: 'h', verified: true, host: 'localhost' },
      [],
    );
    await store()
      .db.updateTable('contact_submissions')
      .set({ created_at: '2026-11-20T10:00:00.000Z' })
      .where('id', '=', contact)
      .execute();
  }

  /** The table's lines, each squeezed to single spaces. */
  const lines = (text: string) => text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());

  it('prints the funnel by page as a table: views, visitors, sign-ups, confirmed, enquiries, conversion', async () => {
    await seed();
    const { code, stdout } = await stats();
    expect(code).toBe(0);
    expect(lines(stdout)).toEqual(
      expect.arrayContaining([
        'Funnel by page, 2026-10-21 to 2026-11-20 (UTC days)',
        'page views visitors sign-ups confirmed contacts conversion checkouts sales revenue applications offers enrolments cohort-revenue',
        'localhost/ 6 3 2 0 1 66.7% 0 0 — 0 0 0 —',
        'waitlist.localhost/ig 4 1 1 1 0 100.0% 0 0 — 0 0 0 —',
        'waitlist.localhost/<script> 1 1 0 0 0 0.0% 0 0 — 0 0 0 —',
        'total 11 5 3 1 1 60.0% 0 0 — 0 0 0 —',
      ]),
    );
    // Counted in the table, so no note of them under it.
    expect(stdout).not.toContain('Contact submissions in this period');
    // Most visitors first.
    expect(stdout.indexOf('localhost/ ')).toBeLessThan(stdout.indexOf('waitlist.localhost/ig'));
  });

  it('groups by source, day and host', async () => {
    await seed();
    expect(lines((await stats('--by', 'source')).stdout)).toEqual(
      expect.arrayContaining([
        'Direct 5 2 1 0 50.0% 0 0 — 0 0 0 —',
        'Google 1 1 1 0 100.0% 0 0 — 0 0 0 —',
        'Instagram 4 1 1 1 100.0% 0 0 — 0 0 0 —',
        '=cmd|calc 1 1 0 0 0.0% 0 0 — 0 0 0 —',
        // The contact form keeps no source: its enquiries are only a total here.
        expect.stringContaining('Contact submissions in this period: 1'),
      ]),
    );
    const days = lines((await stats('--by', 'day', '--since', '2026-11-18')).stdout);
    expect(days).toEqual(
      expect.arrayContaining([
        'day views visitors sign-ups confirmed contacts conversion checkouts sales revenue applications offers enrolments cohort-revenue',
        '2026-11-18 0 0 0 0 0 – 0 0 — 0 0 0 —',
        '2026-11-19 4 2 1 0 0 50.0% 0 0 — 0 0 0 —',
        '2026-11-20 7 3 2 1 1 66.7% 0 0 — 0 0 0 —',
        'total 11 5 3 1 1 60.0% 0 0 — 0 0 0 —',
      ]),
    );
    expect(lines((await stats('--by', 'host')).stdout)).toEqual(
      expect.arrayContaining([
        'localhost 6 3 2 0 1 66.7% 0 0 — 0 0 0 —',
        'waitlist.localhost 5 2 1 1 0 50.0% 0 0 — 0 0 0 —',
      ]),
    );
  });

  it('counts rows stored under an older spelling of a source with today’s', async () => {
    await addPageViews(store(), [
      { ...view('2026-11-20', 'localhost', '/', 'instagram', 'v1'), views: 2 },
      { ...view('2026-11-20', 'localhost', '/ig', 'Instagram', 'v2'), views: 1 },
      { ...view('2026-11-20', 'localhost', '/', 'l.instagram.com', 'v3'), views: 1 },
    ]);
    await store()
      .db.insertInto('subscribers')
      .values({
        id: 'old-spelling',
        created_at: '2026-11-20T09:00:00.000Z',
        list: 'waitlist',
        email: 'a@example.com',
        first_name: null,
        source: 'IG',
        page: '/',
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        ip_hash: 'h',
        host: 'localhost',
        referral_code: null,
        referred_by: null,
        verified: 1,
        mailbox: 'a@example.com',
        confirmed_at: null,
        unsubscribed_at: null,
        bounced_at: null,
        complained_at: null,
      })
      .execute();
    const { stdout } = await stats('--by', 'source');
    expect(lines(stdout)).toContain('Instagram 4 3 1 0 33.3% 0 0 — 0 0 0 —');
    expect(stdout).not.toMatch(/instagram\.com|^IG /m);
  });

  it('ends the period on --until', async () => {
    await seed();
    const { stdout } = await stats('--by', 'day', '--since', '2026-11-18', '--until', '2026-11-19');
    expect(lines(stdout)).toEqual(
      expect.arrayContaining([
        'Funnel by day, 2026-11-18 to 2026-11-19 (UTC days)',
        'total 4 2 1 0 0 50.0% 0 0 — 0 0 0 —',
      ]),
    );
  });

  it('prints formula-safe CSV and JSON with the same figures', async () => {
    await seed();
    const csv = await stats('--by', 'source', '--format', 'csv');
    const [header, ...rows] = csv.stdout.trim().split('\r\n');
    expect(header).toBe(
      '"source","views","visitors","sign_ups","confirmed","conversion","checkouts","sales","applications","offers","enrolments"',
    );
    expect(rows).toContain(`"'=cmd|calc","1","1","0","0","0.0000","0","0","0","0","0"`);
    expect(rows).toContain('"Direct","5","2","1","0","0.5000","0","0","0","0","0"');

    const json = JSON.parse((await stats('--by', 'day', '--format', 'json')).stdout);
    expect(json).toMatchObject({ by: 'day', from: '2026-10-21', to: '2026-11-20' });
    expect(json.rows).toHaveLength(31);
    expect(json.rows.at(-1)).toEqual({
      day: '2026-11-20',
      views: 7,
      visitors: 3,
      signUps: 2,
      confirmed: 1,
      contacts: 1,
      checkouts: 0,
      sales: 0,
      revenue: {},
      applications: 0,
      offers: 0,
      enrolments: 0,
      cohortRevenue: {},
      conversion: 2 / 3,
    });
    expect(json.total).toEqual({
      day: 'total',
      views: 11,
      visitors: 5,
      signUps: 3,
      confirmed: 1,
      contacts: 1,
      checkouts: 0,
      sales: 0,
      revenue: {},
      applications: 0,
      offers: 0,
      enrolments: 0,
      cohortRevenue: {},
      conversion: 0.6,
    });
  });

  it('prints a self-contained HTML report with a chart, escaping what visitors sent', async () => {
    await seed();
    for (const by of ['page', 'day']) {
      const { code, stdout } = await stats('--by', by, '--format', 'html');
      expect(code).toBe(0);
      expect(stdout).toMatch(/^<!doctype html>/);
      expect(stdout).toMatch(/<svg [^>]*role="img" aria-labelledby="chart-title chart-desc"/);
      expect(stdout).toContain('<caption>');
      expect(stdout).toContain('<th scope="col">');
      // No script, no external resource: it opens from a file.
      expect(stdout).not.toMatch(/<script|<link|src=|@import|url\(/i);
    }
    const report = (await stats('--format', 'html')).stdout;
    expect(report).toContain('waitlist.localhost/&lt;script&gt;');
    expect(report).toContain(
      '<th scope="row">localhost/</th><td>6</td><td>3</td><td>2</td><td>0</td><td>1</td>',
    );
  });

  it('prints zeros, not an error, before anything was counted', async () => {
    const { code, stdout } = await stats();
    expect(code).toBe(0);
    expect(lines(stdout)).toContain('total 0 0 0 0 0 – 0 0 — 0 0 0 —');
    expect((await stats('--by', 'source')).stdout).toContain(
      'Contact submissions in this period: 0',
    );
    expect((await stats('--format', 'html')).stdout).toContain(
      'No visits or sign-ups in this period.',
    );
  });

  it('adds checkouts started, sales and revenue by source, page and day; refunds subtract', async () => {
    const instagram = {
      day: '2026-11-20',
      host: 'localhost',
      path: '/assetworkshop',
      source: 'Instagram',
    };
    await addCheckoutClick(store(), instagram);
    await addCheckoutClick(store(), instagram);
    await addCheckoutClick(store(), { ...instagram, source: 'Direct' });
    const created = Date.parse('2026-11-20T10:00:00Z') / 1000;
    const record = (event: object) => {
      const parsed = readSaleEvent(JSON.stringify(event), event, testReferences.read);
      if (parsed.kind !== 'record') throw new Error('not a sale event');
      return recordStripeEvent(store(), parsed.event, () => []);
    };
    const sale = (session: string, reference: string | null, extra = {}) =>
      record(
        checkoutSessionEvent('checkout.session.completed', {
          session,
          reference,
          created,
          ...extra,
        }),
      );
    await sale('cs_1', testReferences.make(instagram, 'abcdEFGH'));
    await sale('cs_2', testReferences.make(instagram, 'bcdeFGHI'));
    // Refunded in full: no longer a sale, nothing earned.
    await record(chargeRefundedEvent({ charge: 'ch_2', paymentIntent: 'pi_2', refunded: 4900 }));
    // A partial refund of a sale in dollars, with no reference of ours.
    await sale('cs_3', null, { currency: 'usd', amount: 6000 });
    await record(chargeRefundedEvent({ charge: 'ch_3', paymentIntent: 'pi_3', refunded: 1000 }));
    // Not paid yet: no sale.
    await sale('cs_4', testReferences.make(instagram, 'cdefGHIJ'), { paymentStatus: 'unpaid' });

    const bySource = lines((await stats('--by', 'source')).stdout);
    expect(bySource).toContain('Instagram 0 0 0 0 – 2 1 £49.00 0 0 0 —');
    expect(bySource).toContain('Direct 0 0 0 0 – 1 0 — 0 0 0 —');
    expect(bySource).toContain('(not recorded) 0 0 0 0 – 0 1 US$50.00 0 0 0 —');
    expect(bySource).toContain('total 0 0 0 0 – 3 2 £49.00 + US$50.00 0 0 0 —');
    expect(lines((await stats('--by', 'page')).stdout)).toContain(
      'localhost/assetworkshop 0 0 0 0 0 – 3 1 £49.00 0 0 0 —',
    );
    expect(lines((await stats('--by', 'day', '--since', '2026-11-20')).stdout)).toContain(
      '2026-11-20 0 0 0 0 0 – 3 2 £49.00 + US$50.00 0 0 0 —',
    );
    const csv = (await stats('--by', 'source', '--format', 'csv')).stdout.trim().split('\r\n');
    expect(csv[0]).toBe(
      '"source","views","visitors","sign_ups","confirmed","conversion","checkouts","sales","revenue_gbp","revenue_usd","applications","offers","enrolments"',
    );
    expect(csv).toContain('"Instagram","0","0","0","0",,"2","1","49.00","0.00","0","0","0"');
  });

  it('counts the cohort’s applications, offers, enrolments and revenue where each application came from; its payment is no workshop sale', async () => {
    const at = '2026-11-20T09:00:00.000Z';
    const ada = await seedApplication(store(), { email: 'ada@example.com', at, variant: 'bold' });
    const bea = await seedApplication(store(), {
      email: 'bea@example.com',
      at,
      source: 'LinkedIn',
    });
    // Erased since, it keeps where it came from and still counts.
    const cy = await seedApplication(store(), { email: 'cy@example.com', at, variant: 'bold' });
    await store()
      .db.updateTable('cohort_applications')
      .set({ email: null, name: null, erased_at: at })
      .where('id', '=', cy)
      .execute();
    // Before the period: not counted.
    await seedApplication(store(), { email: 'old@example.com', at: '2026-09-01T09:00:00.000Z' });
    const offer = async (application: string, seed: Partial<SeededOffer>, changes = {}) => {
      const id = await seedOffer(store(), {
        applicationId: application,
        intake: '2027-01-11',
        ...seed,
      });
      await store()
        .db.updateTable('cohort_offers')
        .set({ created_at: '2026-11-20T10:00:00.000Z', ...changes })
        .where('id', '=', id)
        .execute();
    };
    // Ada: accepted, withdrawn, accepted again and paid (two offers, one enrolment).
    await offer(ada, { status: 'withdrawn' });
    const paid = { checkoutSession: 'cs_cohort', amount: 295_000, at: '2026-11-20T11:00:00.000Z' };
    await offer(ada, { status: 'enrolled', paid }, { payment_intent: 'pi_cohort' });
    // Bea: an offer still open. Cy: paid and refunded in full, so no enrolment.
    await offer(bea, {});
    await offer(cy, { status: 'refunded', paid: { ...paid, checkoutSession: 'cs_refunded' } });
    // Stripe's record of Ada's payment is a paid sale of its own, and a part of it was refunded.
    const record = (event: object) => {
      const parsed = readSaleEvent(JSON.stringify(event), event, testReferences.read);
      if (parsed.kind !== 'record') throw new Error('not a sale event');
      return recordStripeEvent(store(), parsed.event, () => []);
    };
    const created = Date.parse('2026-11-20T10:30:00Z') / 1000;
    await record(
      checkoutSessionEvent('checkout.session.completed', {
        session: 'cs_cohort',
        amount: 295_000,
        created,
        metadata: { cohort_offer: 'offer' },
      }),
    );
    await record(
      chargeRefundedEvent({
        charge: 'ch_c',
        paymentIntent: 'pi_cohort',
        refunded: 5000,
        amount: 295_000,
      }),
    );

    const json = async (by: string) =>
      JSON.parse((await stats('--by', by, '--format', 'json')).stdout) as {
        rows: Array<Record<string, unknown>>;
        total: Record<string, unknown>;
      };
    const cohort = ({
      applications,
      offers,
      enrolments,
      cohortRevenue,
      sales,
      revenue,
    }: Record<string, unknown>) => ({
      applications,
      offers,
      enrolments,
      cohortRevenue,
      sales,
      revenue,
    });
    const bySource = await json('source');
    expect(cohort(bySource.total)).toEqual({
      applications: 3,
      offers: 4,
      enrolments: 1,
      cohortRevenue: { gbp: 290_000 },
      // The cohort's payment is an enrolment, not a workshop sale.
      sales: 0,
      revenue: {},
    });
    const rowOf = (rows: Array<Record<string, unknown>>, key: string, by: string) =>
      cohort(rows.find((row) => row[by] === key) ?? {});
    expect(rowOf(bySource.rows, 'Instagram', 'source')).toEqual({
      applications: 2,
      offers: 3,
      enrolments: 1,
      cohortRevenue: { gbp: 290_000 },
      sales: 0,
      revenue: {},
    });
    expect(rowOf(bySource.rows, 'LinkedIn', 'source')).toMatchObject({
      applications: 1,
      offers: 1,
      enrolments: 0,
    });
    const byPage = await json('page');
    expect(
      rowOf(byPage.rows, 'sellablebusiness.localhost/sellablebusiness/apply', 'page'),
    ).toMatchObject({
      applications: 3,
      offers: 4,
      enrolments: 1,
    });
    // By variant, what an experiment's variant brought; what none showed is only in the total.
    const byVariant = await json('variant');
    expect(byVariant.rows.map((row) => row.variant)).toEqual(['apply-headline/bold']);
    expect(rowOf(byVariant.rows, 'apply-headline/bold', 'variant')).toMatchObject({
      applications: 2,
      offers: 3,
      enrolments: 1,
      cohortRevenue: { gbp: 290_000 },
    });
    expect(byVariant.total).toMatchObject({ applications: 3, contacts: 0 });
    const days = await json('day');
    expect(rowOf(days.rows, '2026-11-20', 'day')).toMatchObject({ applications: 3, enrolments: 1 });
    expect(lines((await stats('--by', 'source')).stdout)).toContain(
      'Instagram 0 0 0 0 – 0 0 — 2 3 1 £2,900.00',
    );
    const csv = (await stats('--by', 'variant', '--format', 'csv')).stdout.trim().split('\r\n');
    expect(csv[0]).toBe(
      '"variant","views","visitors","sign_ups","confirmed","conversion","checkouts","sales","applications","offers","enrolments","cohort_revenue_gbp"',
    );
    expect(csv[1]).toBe('"apply-headline/bold","0","0","0","0",,"0","0","2","3","1","2900.00"');
  });

  it('refuses a wrong --by, --format or --since', async () => {
    for (const wrong of [
      ['--by', 'country'],
      ['--format', 'pdf'],
      ['--since', 'last week'],
      ['extra'],
    ]) {
      const result = await stats(...wrong);
      expect(result.code, wrong.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage');
    }
  });
});
