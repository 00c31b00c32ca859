import { expect, it } from 'vitest';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import type { Store } from '../../db/store';
import type { AttendeeMail } from '../../providers/attendee-mail';
import { createTestApp, expectApiError } from '../../testing/app';
import { applyingCohort } from '../../testing/cohort';
import { seedApplication } from '../../testing/cohort-applications';
import { roomHeaders, signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';

/**
 * Accepting in the room makes the offer (docs/decisions/033-cohort-applications.md, "The offer
 * that pays"): within the served intake's seats, or refused in the room with the counts; a move
 * away withdraws it and queues the decision's email; a paid application is not moved.
 */

const intake = '2027-01-11';
const mail: AttendeeMail = {
  from: { name: null, address: 'hello@jamie.example' },
  send: async () => {},
};

async function room(store: Store, seats: number) {
  const cohort = applyingCohort({ intakes: [{ starts: intake, applyBy: '2026-12-14', seats }] });
  const app = createTestApp(
    store,
    {},
    { kit: null, ownerMail: null, attendeeMail: mail },
    undefined,
    { ...siteWithRoom, cohort },
  );
  const { token } = await signedIn(store);
  return (application: string, status: string) =>
    app.request(`${ownerPaths.api}${roomApi.applicationsStatus}`, {
      method: 'POST',
      headers: roomHeaders(token),
      body: JSON.stringify({ application, status }),
    });
}

const offerOf = (store: Store, application: string) =>
  store.db
    .selectFrom('cohort_offers')
    .select(['id', 'status'])
    .where('application_id', '=', application)
    .execute();
const jobKinds = async (store: Store) =>
  (await store.db.selectFrom('outbox_jobs').select('kind').orderBy('kind').execute()).map(
    (job) => job.kind,
  );

describeEachStore('accepting in the room', ({ store }) => {
  it('offers the intake’s seats and no more: past them the move is refused in the room, with the counts', async () => {
    const move = await room(store(), 1);
    const ada = await seedApplication(store(), { email: 'ada@example.com' });
    const grace = await seedApplication(store(), { email: 'grace@example.com' });
    expect((await move(ada, 'accepted')).status).toBe(200);
    expect(await offerOf(store(), ada)).toEqual([{ id: expect.any(String), status: 'open' }]);
    expect(await jobKinds(store())).toEqual(['cohort-offer']);

    const refused = await expectApiError(await move(grace, 'accepted'), 409);
    expect(refused.error).toBe(
      'No seat is left in this intake: 0 enrolled and 1 offer open. Waitlist the application, or raise the seats in the content.',
    );
    const row = await store()
      .db.selectFrom('cohort_applications')
      .select('status')
      .where('id', '=', grace)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('new');
    expect(await offerOf(store(), grace)).toEqual([]);

    // Declining Ada withdraws her offer and says so to her: the seat is Grace's to have.
    expect((await move(ada, 'declined')).status).toBe(200);
    expect(await offerOf(store(), ada)).toEqual([{ id: expect.any(String), status: 'withdrawn' }]);
    expect((await move(grace, 'accepted')).status).toBe(200);
    expect(await jobKinds(store())).toEqual(['cohort-declined', 'cohort-offer', 'cohort-offer']);

    // Paid, Grace is not moved until the payment is refunded.
    await store()
      .db.updateTable('cohort_offers')
      .set({ status: 'enrolled' })
      .where('application_id', '=', grace)
      .execute();
    const paid = await expectApiError(await move(grace, 'waitlisted'), 409);
    expect(paid.error).toBe(
      'This applicant has paid and is enrolled: refund the payment in Stripe first.',
    );
  });

  it('refuses to accept an application whose intake the content no longer has', async () => {
    const move = await room(store(), 5);
    const later = await seedApplication(store(), {
      email: 'ada@example.com',
      intake: '2027-04-12',
    });
    const refused = await expectApiError(await move(later, 'accepted'), 409);
    expect(refused.error).toBe(
      'No intake starting 12 April 2027 is in the content: add it back with its seats, or waitlist the application.',
    );
  });
});
