import { afterEach, expect, it } from 'vitest';
import { intakeSeatsKey } from '../../../contracts/cohort-intakes';
import type { Store } from '../../db/store';
import { parseEnv } from '../../env';
import { createLogger } from '../../logger';
import { createTestApp, testIpHashKey } from '../../testing/app';
import { applyingCohort, applyingSite } from '../../testing/cohort';
import { seedApplication } from '../../testing/cohort-applications';
import { describeEachStore } from '../../testing/stores';
import { testReferences, testWebhookSecret } from '../../testing/stripe';
import {
  type AppWithStandInStripe,
  appWithStandInStripe,
  ownCheckoutSettings,
} from '../../testing/workshop-checkout';
import { forgetApplications } from './applications';
import { applicationStatusCommand } from './commands/review';
import { offerCheckoutRouter } from './offer-checkout';
import { offerLinks } from './offer-links';
import { type CohortOffer, cohortSeatsTaken } from './offers';

/**
 * An offer's link through the app (docs/decisions/033-cohort-applications.md, "The offer that
 * pays"), with the stand-in Stripe posting its signed events to the app's own webhook, on both
 * databases: one Checkout Session for the applicant, however often and from however many links
 * at once; the offer page's word when there is none to open.
 */

const intake = '2027-01-11';
const origin = 'http://sellablebusiness.localhost';
const page = (outcome: string) => `${origin}/offer#${outcome}`;
/** The offer page for a Checkout Session, which says "You're in" only once it paid (offer-page.ts). */
const paidPage = (session: string) => `${origin}/offer?checkout=${session}`;
const links = offerLinks(testIpHashKey);
const quiet = { warn: () => {} };

/** The cohort served with `seats` in the applications' intake. */
const servedWith = (seats: number) =>
  applyingCohort({ intakes: [{ starts: intake, applyBy: '2026-12-14', seats }] });

describeEachStore('an offer’s link', ({ store }) => {
  let running: AppWithStandInStripe | undefined;
  afterEach(() => running?.stop());

  /** The app listening, with the stand-in posting its events to the app's webhook. */
  async function start(seats = 20) {
    const site = applyingSite(servedWith(seats));
    running = await appWithStandInStripe((stripe) =>
      createTestApp(
        store(),
        { STRIPE_WEBHOOK_SECRET: testWebhookSecret, ...ownCheckoutSettings(stripe.url) },
        undefined,
        undefined,
        site,
      ),
    );
    const { app, stripe } = running;
    const accept = async (application: string) => {
      const offers = { cohort: site.cohort, jobs: [], expire: null, logger: quiet };
      const deps = { store: store(), now: new Date(), ownerId: null, offers };
      const answer = await applicationStatusCommand.run(deps, { application, status: 'accepted' });
      if ('refused' in answer) throw new Error(answer.refused);
      return offerOf(store(), application);
    };
    const click = (offer: string) => app.request(links.link(origin, offer));
    return { app, stripe, site, accept, click };
  }

  it('opens a Checkout Session for the applicant only: their address fixed, the content’s price, signed for where they came from', async () => {
    const { stripe, accept, click } = await start();
    const ada = await seedApplication(store(), { email: 'ada@example.com', variant: 'bold' });
    const offer = await accept(ada);
    const answer = await click(offer.id);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const [made] = stripe.sessions();
    expect(answer.headers.get('location')).toBe(made?.url);
    expect(made).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      amount_total: 295000,
      customer_email: 'ada@example.com',
      allow_promotion_codes: false,
      success_url: paidPage('{CHECKOUT_SESSION_ID}'),
      cancel_url: `${origin}/`,
      metadata: {
        product: 'cohort',
        cohort_offer: offer.id,
        intake,
        page: '/sellablebusiness/apply',
        source: 'Instagram',
        variant: 'bold',
      },
    });
    expect(testReferences.read(made?.client_reference_id)).toEqual({
      day: '2026-11-26',
      host: 'sellablebusiness.localhost',
      path: '/sellablebusiness/apply',
      source: 'Instagram',
      experiment: { name: 'apply-headline', variant: 'bold' },
    });
    // Its product is the offer's intake, as the content names it.
    const hosted = await (await fetch(made?.url ?? '')).text();
    expect(hosted).toContain('The cohort starting 11 January 2027');
    // Within Stripe's longest (24 hours) of the 72 the offer has; the offer keeps its own end.
    expect((made?.expires_at ?? 0) * 1000).toBeLessThanOrEqual(Date.now() + 23 * 3_600_000);
    expect((made?.expires_at ?? 0) * 1000).toBeGreaterThan(Date.now() + 22.9 * 3_600_000);
    const stored = await offerOf(store(), ada);
    expect(stored).toMatchObject({ checkout_session: made?.id, expires_at: offer.expires_at });
    expect(stripe.calls()).toEqual([
      expect.objectContaining({ idempotencyKey: `cohort-offer:${offer.id}:first`, answer: 200 }),
    ]);
    // Clicked again, the same session, not another.
    expect((await click(offer.id)).headers.get('location')).toBe(made?.url);
    expect(stripe.calls()).toHaveLength(1);
  });

  it('answers 200 clicks of one link at once with one Checkout Session', async () => {
    const { stripe, accept, click } = await start();
    const offer = await accept(await seedApplication(store(), { email: 'ada@example.com' }));
    const answers = await Promise.all(Array.from({ length: 200 }, () => click(offer.id)));
    const [made] = stripe.sessions();
    expect(new Set(answers.map((answer) => answer.headers.get('location')))).toEqual(
      new Set([made?.url]),
    );
    expect(stripe.sessions()).toHaveLength(1);
    // One flight in this process: Stripe is asked once, not 200 times.
    expect(stripe.calls()).toHaveLength(1);
  });

  it('expires at Stripe a checkout made while the owner withdrew the offer, and says it has closed', async () => {
    const { accept } = await start();
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    const offer = await accept(ada);
    const expired: string[] = [];
    const router = offerCheckoutRouter({
      store: store(),
      logger: createLogger(parseEnv({ LOG_LEVEL: 'silent' })),
      ipHashKey: testIpHashKey,
      site: applyingSite(servedWith(20)),
      origins: { main: 'http://localhost', 'sellable-business': origin, waitlist: '', book: '' },
      siteHosts: { of: () => 'sellablebusiness.localhost' },
      stripe: {
        // The owner declines Ada while Stripe makes her checkout.
        async create() {
          const offers = { cohort: servedWith(20), jobs: [], expire: null, logger: quiet };
          const deps = { store: store(), now: new Date(), ownerId: null, offers };
          await applicationStatusCommand.run(deps, { application: ada, status: 'declined' });
          return {
            id: 'cs_test_late',
            url: 'https://checkout.stripe.com/c/pay/cs_test_late',
            expiresAt: Math.floor(Date.now() / 1000) + 1800,
          };
        },
        async expire(id) {
          expired.push(id);
        },
      },
    });
    const answer = await router.request(`/${links.link(origin, offer.id).split('/').at(-1)}`);
    expect(answer.headers.get('location')).toBe(page('expired'));
    expect(expired).toEqual(['cs_test_late']);
    expect(await offerOf(store(), ada)).toMatchObject({
      status: 'withdrawn',
      checkout_session: null,
    });
  });

  it('says a link cut short or not ours is not whole; the offer has closed when withdrawn, past its time or erased; "You’re in" once paid', async () => {
    const { stripe, accept, click, app } = await start();
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    const offer = await accept(ada);
    const location = async (answer: Response | Promise<Response>) =>
      (await answer).headers.get('location');
    const forged = links.link(origin, offer.id).replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    // No offer is known by these: none is said to be over (docs/decisions/034-selling-that-cannot-be-gamed.md).
    expect(await location(app.request(forged))).toBe(page('invalid'));
    expect(await location(app.request(`${origin}/go/offer/${offer.id}`))).toBe(page('invalid'));
    expect(await location(app.request(links.link(origin, offer.id).slice(0, -5)))).toBe(
      page('invalid'),
    );
    expect(await location(click('00000000-0000-4000-8000-000000000000'))).toBe(page('invalid'));
    await setOffer(store(), offer.id, { expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(await location(click(offer.id))).toBe(page('expired'));
    // Past its own window, a checkout opened in time keeps it only for that checkout's payment.
    await setOffer(store(), offer.id, {
      checkout_session: 'cs_test_gone',
      checkout_url: null,
      checkout_expires_at: new Date(Date.now() - 60_000).toISOString(),
      expires_at: new Date(Date.now() + 4 * 60_000).toISOString(),
    });
    expect(await location(click(offer.id))).toBe(page('expired'));
    await setOffer(store(), offer.id, { expires_at: offer.expires_at, status: 'withdrawn' });
    expect(await location(click(offer.id))).toBe(page('expired'));
    await setOffer(store(), offer.id, { status: 'open', checkout_expires_at: null });
    await store().write((trx) =>
      forgetApplications(trx, 'ada@example.com', new Date().toISOString()),
    );
    // Erasure withdrew it; were it open, nobody is left to pay it either.
    expect(await offerOf(store(), ada)).toMatchObject({ status: 'withdrawn' });
    await setOffer(store(), offer.id, { status: 'open' });
    expect(await location(click(offer.id))).toBe(page('expired'));
    expect(stripe.calls()).toEqual([]);
    // Paid: the page for the session that paid it, which the page's server checks again.
    await setOffer(store(), offer.id, { status: 'enrolled', checkout_session: 'cs_test_paid' });
    expect(await location(click(offer.id))).toBe(paidPage('cs_test_paid'));
  });

  it('says try again while Stripe is down, and the offer keeps its seat', async () => {
    const { stripe, accept, click } = await start();
    const offer = await accept(await seedApplication(store(), { email: 'ada@example.com' }));
    // The library tries once more after a failure: both fail.
    stripe.failNext(2, 'error');
    expect((await click(offer.id)).headers.get('location')).toBe(page('retry'));
    expect(await seats(store())).toEqual({ sold: 0, held: 1, cancelled: false });
    expect((await offerOf(store(), offer.application_id)).checkout_session).toBeNull();
    const again = await click(offer.id);
    expect(again.headers.get('location')).toBe(stripe.sessions()[0]?.url);
  });

  it('says try again while the server has no Stripe key to open a checkout with', async () => {
    const { accept } = await start();
    const offer = await accept(await seedApplication(store(), { email: 'ada@example.com' }));
    const site = applyingSite(servedWith(20));
    const withoutStripe = createTestApp(store(), {}, undefined, undefined, site);
    const answer = await withoutStripe.request(links.link(origin, offer.id));
    expect(answer.headers.get('location')).toBe(page('retry'));
    expect(await seats(store())).toEqual({ sold: 0, held: 1, cancelled: false });
  });

  it('the last seat: 200 offers’ links clicked at once open one Checkout Session, and paying every session enrols one applicant', async () => {
    const { stripe, site, accept, click } = await start(200);
    const offers: CohortOffer[] = [];
    for (let n = 0; n < 200; n++) {
      offers.push(await accept(await seedApplication(store(), { email: `a${n}@example.com` })));
    }
    // The owner lowers the seats to one: 200 offers open, and one seat for them.
    site.cohort = servedWith(1);
    const answers = await Promise.all(offers.map((offer) => click(offer.id)));
    const locations = answers.map((answer) => answer.headers.get('location') ?? '');
    const made = stripe.sessions();
    expect(made).toHaveLength(1);
    expect(locations.filter((location) => location === made[0]?.url)).toHaveLength(1);
    expect(locations.filter((location) => location === page('full'))).toHaveLength(199);
    // The seat is the earliest offer's, whichever link came first.
    const first = [...offers].sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
    )[0];
    expect(made[0]?.metadata?.cohort_offer).toBe(first?.id);

    for (const session of stripe.sessions()) {
      await stripe.pay(session.id, { email: session.customer_email ?? '', name: 'Applicant' });
    }
    await stripe.settled();
    const enrolled = await store()
      .db.selectFrom('cohort_offers')
      .select('id')
      .where('status', '=', 'enrolled')
      .execute();
    expect(enrolled).toEqual([{ id: first?.id }]);
    expect((await seats(store()))?.sold).toBe(1);
    // Paid: its link now leads to the page for the session that paid it.
    expect((await click(first?.id ?? '')).headers.get('location')).toBe(
      paidPage(made[0]?.id ?? ''),
    );
  });
});

const offerOf = (store: Store, application: string) =>
  store.db
    .selectFrom('cohort_offers')
    .selectAll()
    .where('application_id', '=', application)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

/** A test's own change to an offer: a state the clock or another instance would bring. */
const setOffer = (store: Store, id: string, changes: Partial<CohortOffer>) =>
  store.db.updateTable('cohort_offers').set(changes).where('id', '=', id).execute();

const seats = async (store: Store) =>
  (await cohortSeatsTaken(store, new Date().toISOString()))[intakeSeatsKey(intake)];
