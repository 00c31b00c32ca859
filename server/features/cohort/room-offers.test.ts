import { expect, it } from 'vitest';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import {
  type ApplicationStatus,
  applicationShowAnswerSchema,
  applicationsAnswerSchema,
} from '../../../contracts/room/cohort';
import type { Store } from '../../db/store';
import { createTestApp } from '../../testing/app';
import { applyingCohort, dayFromNow } from '../../testing/cohort';
import { seedApplication } from '../../testing/cohort-applications';
import { seedOffer } from '../../testing/cohort-offers';
import { roomHeaders, signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';

/**
 * What the room's Applications view says of the offers (docs/decisions/033-cohort-applications.md,
 * "The room and the funnel"), on both databases: each intake's seats under the served content's
 * capacity, each application's last offer as it stands now, and who is next on the waitlist
 * while a seat is free. The offers are seeded as their writer leaves them (offers.ts is tested
 * on its own).
 */

const api = (path: string) => `${ownerPaths.api}${path}`;
const hour = 3_600_000;
const intake = dayFromNow(30);

async function room(store: Store) {
  // An intake of three seats, and one that has started: the room counts the seats to come.
  const cohort = applyingCohort({
    intakes: [
      { starts: dayFromNow(-3), applyBy: dayFromNow(-10), seats: 5 },
      { starts: intake, applyBy: dayFromNow(20), seats: 3 },
    ],
  });
  const app = createTestApp(store, {}, undefined, undefined, { ...siteWithRoom, cohort });
  const { token } = await signedIn(store);
  const get = (path: string) => app.request(api(path), { headers: roomHeaders(token) });
  return {
    list: async () =>
      applicationsAnswerSchema.parse(await (await get(roomApi.applications)).json()),
    show: async (id: string) =>
      applicationShowAnswerSchema.parse(
        await (await get(`${roomApi.applicationsShow}?application=${id}`)).json(),
      ).application,
  };
}

/** An application of the intake moved to a status at a moment, as the owner's move leaves it. */
async function applicant(
  store: Store,
  name: string,
  status: ApplicationStatus,
  decidedAt: string | null = null,
) {
  const id = await seedApplication(store, {
    email: `${name.toLowerCase()}@example.com`,
    name,
    intake,
  });
  await store.db
    .updateTable('cohort_applications')
    .set({ status, decided_at: decidedAt })
    .where('id', '=', id)
    .execute();
  return id;
}

describeEachStore('the room’s seats and offers', ({ store }) => {
  it('counts the seats of each intake to come, and names who is next on its waitlist while one is free', async () => {
    const now = Date.now();
    const ada = await applicant(store(), 'Ada', 'accepted');
    await seedOffer(store(), {
      applicationId: ada,
      intake,
      status: 'enrolled',
      paid: { checkoutSession: 'cs_ada', amount: 295_000, at: new Date(now - hour).toISOString() },
    });
    const bea = await applicant(store(), 'Bea', 'accepted');
    await seedOffer(store(), { applicationId: bea, intake, expiresAt: iso(now + 24 * hour) });
    // Expired unpaid: its seat is free again, though its row still says open.
    const cy = await applicant(store(), 'Cy', 'accepted');
    await seedOffer(store(), { applicationId: cy, intake, expiresAt: iso(now - hour) });
    const gus = await applicant(store(), 'Gus', 'accepted');
    await seedOffer(store(), {
      applicationId: gus,
      intake,
      status: 'refunded',
      paid: { checkoutSession: 'cs_gus', amount: 295_000, at: iso(now - 2 * hour) },
    });
    // Waitlisted first but erased: nobody is left to offer the seat to.
    const erased = await applicant(store(), 'Erased', 'waitlisted', iso(now - 9 * hour));
    await store()
      .db.updateTable('cohort_applications')
      .set({ erased_at: iso(now), name: null, email: null })
      .where('id', '=', erased)
      .execute();
    const eve = await applicant(store(), 'Eve', 'waitlisted', iso(now - 2 * hour));
    const dee = await applicant(store(), 'Dee', 'waitlisted', iso(now - 5 * hour));
    await applicant(store(), 'Fay', 'waitlisted', iso(now - 8 * hour)).then((id) =>
      // Another intake's waitlist is not this one's.
      store()
        .db.updateTable('cohort_applications')
        .set({ intake: '2031-01-06' })
        .where('id', '=', id)
        .execute(),
    );

    const { list } = await room(store());
    const first = await list();
    expect(first.intakes).toStrictEqual([
      {
        intake,
        seats: 3,
        enrolled: 1,
        offersOpen: 1,
        left: 1,
        next: { id: dee, name: 'Dee', email: 'dee@example.com' },
      },
    ]);

    // The last seat offered: none is left, and nobody is suggested.
    await seedOffer(store(), { applicationId: eve, intake, expiresAt: iso(now + hour) });
    expect((await list()).intakes).toMatchObject([
      { enrolled: 1, offersOpen: 2, left: 0, next: null },
    ]);
  });

  it('says where each application’s last offer stands, in the list and when opened', async () => {
    const now = Date.now();
    const states = {
      open: await applicant(store(), 'Open', 'accepted'),
      expired: await applicant(store(), 'Expired', 'accepted'),
      enrolled: await applicant(store(), 'Enrolled', 'accepted'),
      withdrawn: await applicant(store(), 'Withdrawn', 'declined'),
      refunded: await applicant(store(), 'Refunded', 'accepted'),
    };
    const none = await applicant(store(), 'None', 'new');
    const until = iso(now + 24 * hour);
    await seedOffer(store(), { applicationId: states.open, intake, expiresAt: until });
    const lapsed = iso(now - hour);
    await seedOffer(store(), { applicationId: states.expired, intake, expiresAt: lapsed });
    const paidAt = iso(now - 2 * hour);
    const paid = { checkoutSession: 'cs_paid', amount: 280_000, at: paidAt };
    // An earlier offer withdrawn, then a new one paid: the last is the one said.
    await seedOffer(store(), { applicationId: states.enrolled, intake, status: 'withdrawn' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await seedOffer(store(), {
      applicationId: states.enrolled,
      intake,
      status: 'enrolled',
      paid,
    });
    await seedOffer(store(), { applicationId: states.withdrawn, intake, status: 'withdrawn' });
    await seedOffer(store(), {
      applicationId: states.refunded,
      intake,
      status: 'refunded',
      paid: { ...paid, checkoutSession: 'cs_refunded' },
    });

    const { list, show } = await room(store());
    const offers = Object.fromEntries(
      (await list()).applications.map((each) => [each.name, each.offer]),
    );
    expect(offers).toStrictEqual({
      Open: { state: 'open', at: until, paid: null },
      Expired: { state: 'expired', at: lapsed, paid: null },
      Enrolled: { state: 'enrolled', at: paidAt, paid: { amount: 280_000, currency: 'gbp' } },
      Withdrawn: { state: 'withdrawn', at: expect.any(String), paid: null },
      Refunded: {
        state: 'refunded',
        at: expect.any(String),
        paid: { amount: 280_000, currency: 'gbp' },
      },
      None: null,
    });
    expect((await show(states.enrolled)).offer).toStrictEqual(offers.Enrolled);
    expect((await show(none)).offer).toBeNull();
  });
});

const iso = (time: number) => new Date(time).toISOString();
