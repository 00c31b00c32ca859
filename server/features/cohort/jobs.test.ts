import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { loadContent } from '../../../contracts/content/load';
import type { CohortSlice } from '../../../contracts/render-slices';
import { siteOrigins } from '../../../contracts/sites';
import { enqueue, listJobs } from '../../db/outbox';
import type { OutboxJobKind } from '../../db/schema';
import { namedHosts, parseEnv } from '../../env';
import { createForwarding } from '../../forwarding';
import type { Providers } from '../../outbox/forwarding';
import { type OutboxWorker, startOutboxWorker } from '../../outbox/worker';
import { createAttendeeMail } from '../../providers/attendee-mail';
import { type FakeKitScript, startFakeKit } from '../../providers/fake-kit';
import { createKit } from '../../providers/kit';
import { smtpOptions } from '../../providers/owner-mail';
import { applyingCohort, testOffer } from '../../testing/cohort';
import { seedApplication } from '../../testing/cohort-applications';
import { type SeededOffer, seedOffer } from '../../testing/cohort-offers';
import { type FakeSmtp, type ReceivedMail, startFakeSmtp } from '../../testing/fake-smtp';
import { describeEachStore } from '../../testing/stores';
import { changeApplicationStatus, forgetApplications } from './applications';
import { offerLinks } from './offer-links';

const env = parseEnv({
  SITE_URL: 'https://jamie.example',
  SELLABLE_BUSINESS_HOST: 'sellablebusiness.example',
});
const origins = siteOrigins(env.SITE_URL, namedHosts(env));
const serverSecret = 'cohort-jobs-secret';
const fast = { pollMs: 10, baseDelayMs: 5, maxDelayMs: 40, rateLimitPauseMs: 30, maxAttempts: 3 };
/** The moment the jobs run at: the offers below lapse on a Monday evening, in winter. */
const now = Date.parse('2026-12-12T10:00:00.000Z');
const expiresAt = '2026-12-14T18:00:00.000Z';
const intake = '2027-01-11';

let relay: FakeSmtp;
let kit: Awaited<ReturnType<typeof startFakeKit>>;
let contentOffer: CohortSlice['offer'];
beforeAll(async () => {
  relay = await startFakeSmtp();
  kit = await startFakeKit('cohort-kit-key');
  contentOffer =
    (await loadContent(resolve(import.meta.dirname, '../../../content'))).cohort.offer ?? null;
});
afterAll(async () => {
  await relay.stop();
  await kit.close();
});

/** Every line the worker logged, as written. */
const logLines: string[] = [];
const logger = pino({ level: 'trace' }, { write: (line: string) => logLines.push(line) });

const providers = (kitUrl = kit.url): Providers => ({
  kit: createKit({
    apiKey: 'cohort-kit-key',
    baseUrl: kitUrl,
    oauthToken: 'cohort-kit-key-oauth',
  }),
  ownerMail: null,
  attendeeMail: createAttendeeMail({
    transport: nodemailer.createTransport(
      smtpOptions(relay.url, readFileSync(relay.caFile, 'utf8')),
    ),
    from: { name: 'Jamie Castell', address: 'hello@jamie.example' },
  }),
});

/** Each applicant gets an address of their own, so each test reads only its own mail. */
let counter = 0;

describeEachStore("the cohort's outbox jobs", ({ store }) => {
  const workers: OutboxWorker[] = [];
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
  });

  /** The worker of a site serving `cohort` (the test offer's words unless said). */
  function startWorker({
    cohort = applyingCohort(),
    withProviders = providers(),
  }: {
    cohort?: CohortSlice | null;
    withProviders?: Providers;
  } = {}) {
    const served = () => ({ experiments: { list: [], testable: [] }, workshop: null, cohort });
    const forwarding = createForwarding(env, withProviders, {
      served,
      links: { origins, serverSecret },
      clock: () => now,
    });
    const worker = startOutboxWorker(store(), forwarding, logger, fast);
    workers.push(worker);
    return worker;
  }

  /** An applicant, and, unless `offer` is null, their offer as `offer` says it stands. */
  async function applicant(offer: Partial<SeededOffer> | null = {}) {
    const email = `applicant${++counter}@example.com`;
    const applicationId = await seedApplication(store(), { email, name: 'Ada Lovelace', intake });
    const offerId = offer
      ? await seedOffer(store(), { applicationId, intake, expiresAt, ...offer })
      : null;
    return { email, applicationId, offerId: offerId ?? '' };
  }

  const queue = (leadId: string, kinds: OutboxJobKind[]) =>
    store().write((trx) => enqueue(trx, leadId, kinds, new Date().toISOString()));
  const decide = (id: string, status: 'declined' | 'waitlisted' | 'shortlisted') =>
    store().write((trx) =>
      changeApplicationStatus(trx, { id, status, at: new Date().toISOString(), ownerId: null }),
    );
  const mailTo = (email: string) => relay.waitFor((mail) => mail.envelope.to.includes(email));
  const mailsTo = (email: string) =>
    relay.messages().filter((mail) => mail.envelope.to.includes(email));
  const settled = async (status: 'sent' | 'failed', count: number) =>
    vi.waitFor(async () => expect(await listJobs(store(), [status])).toHaveLength(count), {
      timeout: 5_000,
    });
  /** The offer link an email carries, and the offer it opens. */
  const linkIn = ({ mail }: ReceivedMail) => {
    const link = /https?:\/\/\S+\/go\/offer\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
    return { link, opens: offerLinks(serverSecret).read(link.split('/').at(-1)) };
  };

  it('sends the offer: its price, its expiry in UK time, the intake it is for and its own link', async () => {
    const ada = await applicant();
    await queue(ada.offerId, ['cohort-offer']);
    startWorker();
    const offer = await mailTo(ada.email);
    expect(offer.mail.subject).toBe('Your seat until Monday 14 December, 6:00pm');
    expect(offer.mail.text).toMatch(/^Hi Ada Lovelace,\n\nPay £2,950 here: https:\/\/\S+\n/);
    expect(offer.mail.text).toContain('It starts on 11 January 2027.');
    const { link, opens } = linkIn(offer);
    expect(link.startsWith('https://sellablebusiness.example/go/offer/')).toBe(true);
    expect(opens).toBe(ada.offerId);
    expect(offer.mail.html).toContain(`<a href="${link}">`);
    await settled('sent', 1);
    // Neither the applicant's address, name nor link is in any log line.
    const logged = logLines.join('\n');
    for (const secret of [ada.email, 'Ada Lovelace', link.split('/').at(-1) ?? '']) {
      expect(logged).not.toContain(secret);
    }
  });

  it("fills every fact of the content's own words", async () => {
    const ada = await applicant();
    const bo = await applicant(null);
    await decide(bo.applicationId, 'waitlisted');
    await queue(ada.offerId, ['cohort-offer']);
    await queue(bo.applicationId, ['cohort-waitlisted']);
    startWorker({ cohort: applyingCohort({ offer: contentOffer }) });
    const offer = await mailTo(ada.email);
    expect(offer.mail.subject).toBe(
      'Your seat in the cohort: the offer is yours until Monday 14 December, 6:00pm',
    );
    expect(offer.mail.text).toContain('the cohort that starts on 11 January 2027');
    expect(offer.mail.text).toContain('To take it, pay here (£2,950):');
    expect(linkIn(offer).opens).toBe(ada.offerId);
    const waitlisted = await mailTo(bo.email);
    expect(waitlisted.mail.text).toContain('the intake starting 11 January 2027 is taken');
    for (const { mail } of [offer, waitlisted]) {
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\{\w+\}/);
    }
  });

  it('sends nothing to an erased applicant, of a withdrawn offer, or an offer past its window', async () => {
    const erased = await applicant();
    const withdrawn = await applicant({ status: 'withdrawn' });
    const lapsed = await applicant({ expiresAt: new Date(now - 60_000).toISOString() });
    await store().write((trx) => forgetApplications(trx, erased.email, new Date().toISOString()));
    await queue(erased.offerId, ['cohort-offer', 'kit-cohort-accepted', 'cohort-enrolled']);
    await queue(erased.applicationId, ['cohort-declined', 'kit-cohort-applicant']);
    await queue(withdrawn.offerId, ['cohort-offer', 'kit-cohort-accepted']);
    await queue(lapsed.offerId, ['cohort-offer']);
    const [mails, subscribers] = [relay.messages().length, kit.subscribers.size];
    startWorker();
    // Done, not failed: there is nothing to send, to anyone.
    await settled('sent', 8);
    expect(relay.messages()).toHaveLength(mails);
    expect(kit.subscribers.size).toBe(subscribers);
  });

  it('sends a decision while the application stands there, and none the content leaves out', async () => {
    const declined = await applicant(null);
    const waitlisted = await applicant(null);
    const movedOn = await applicant(null);
    const quiet = await applicant(null);
    await decide(declined.applicationId, 'declined');
    await decide(waitlisted.applicationId, 'waitlisted');
    await decide(movedOn.applicationId, 'declined');
    await decide(movedOn.applicationId, 'shortlisted');
    await queue(declined.applicationId, ['cohort-declined']);
    await queue(waitlisted.applicationId, ['cohort-waitlisted']);
    await queue(movedOn.applicationId, ['cohort-declined']);
    startWorker();
    expect((await mailTo(declined.email)).mail).toMatchObject({
      subject: 'Your application',
      text: 'Hi Ada Lovelace, not this time.',
    });
    expect((await mailTo(waitlisted.email)).mail.subject).toBe('The waitlist');
    await settled('sent', 3);
    expect(mailsTo(movedOn.email)).toEqual([]);

    // The owner's content sends no decline: the job is done without one.
    await workers.splice(0)[0]?.stop();
    await decide(quiet.applicationId, 'declined');
    await queue(quiet.applicationId, ['cohort-declined']);
    const { declined: _, ...emails } = testOffer.emails;
    startWorker({ cohort: applyingCohort({ offer: { ...testOffer, emails } }) });
    await settled('sent', 4);
    expect(mailsTo(quiet.email)).toEqual([]);
  });

  it('confirms an enrolment, and not one refunded before the email went', async () => {
    const paid = { checkoutSession: 'cs_test_paid', amount: 295_000, at: expiresAt };
    const enrolled = await applicant({ status: 'enrolled', paid });
    const refunded = await applicant({
      status: 'refunded',
      paid: { ...paid, checkoutSession: 'cs_test_refunded' },
    });
    await queue(enrolled.offerId, ['cohort-enrolled']);
    await queue(refunded.offerId, ['cohort-enrolled']);
    startWorker();
    expect((await mailTo(enrolled.email)).mail.text).toBe(
      'Hi Ada Lovelace, we start on 11 January 2027.',
    );
    await settled('sent', 2);
    expect(mailsTo(refunded.email)).toEqual([]);
  });

  it('tags applicants, accepted and enrolled in Kit with the names the content gives', async () => {
    const kitTags = { applicant: 'applied-jan', accepted: 'offered-jan', enrolled: 'member-jan' };
    const paid = { checkoutSession: 'cs_test_tagged', amount: 295_000, at: expiresAt };
    const ada = await applicant({ status: 'enrolled', paid });
    await queue(ada.applicationId, ['kit-cohort-applicant']);
    await queue(ada.offerId, ['kit-cohort-accepted', 'kit-cohort-enrolled']);
    startWorker({ cohort: applyingCohort({ offer: { ...testOffer, kitTags } }) });
    await settled('sent', 3);
    for (const tag of Object.values(kitTags)) {
      expect(kit.taggings.get(tag)?.has(ada.email), tag).toBe(true);
    }
    // Made a subscriber to be tagged, but inactive: no newsletter without opting in.
    expect(kit.subscribers.get(ada.email)?.state).toBe('inactive');
  });

  it("records the enrolment as Kit's purchase of what was paid, once", async () => {
    const paid = { checkoutSession: `cs_test_cohort_${counter}`, amount: 250_000, at: expiresAt };
    const ada = await applicant({ status: 'enrolled', paid });
    const open = await applicant();
    await queue(ada.offerId, ['kit-cohort-purchase']);
    await queue(open.offerId, ['kit-cohort-purchase']);
    startWorker();
    await settled('sent', 2);
    await queue(ada.offerId, ['kit-cohort-purchase']);
    await settled('sent', 3);
    const made = kit.purchases.filter(
      (purchase) => purchase.email_address === ada.email || purchase.email_address === open.email,
    );
    expect(made).toEqual([
      expect.objectContaining({
        email_address: ada.email,
        transaction_id: paid.checkoutSession,
        status: 'paid',
        total: 2500,
        currency: 'GBP',
        transaction_time: expiresAt,
        products: [
          expect.objectContaining({
            pid: `cohort-${intake}`,
            name: 'The cohort starting 11 January 2027',
            unit_price: 2500,
          }),
        ],
      }),
    ]);
  });

  it('tries a provider again after a failure, and gives up without the served words', async () => {
    const down = await startFakeKit('cohort-kit-key', ((index) =>
      index === 0 ? 503 : 200) satisfies FakeKitScript);
    try {
      const ada = await applicant(null);
      await queue(ada.applicationId, ['kit-cohort-applicant']);
      startWorker({ withProviders: providers(down.url) });
      await settled('sent', 1);
      const [job] = await listJobs(store(), ['sent']);
      expect(job?.attempts).toBe(2);
      expect(down.taggings.get('cohort-applicant')?.has(ada.email)).toBe(true);
    } finally {
      await down.close();
    }
    await workers.splice(0)[0]?.stop();
    const bo = await applicant();
    await queue(bo.offerId, ['cohort-offer']);
    startWorker({ cohort: null });
    await settled('failed', 1);
    const [failed] = await listJobs(store(), ['failed']);
    // Given up at once: no retry brings the words.
    expect(failed).toMatchObject({
      attempts: 1,
      last_error: expect.stringMatching(/no cohort offer words/),
    });
    expect(mailsTo(bo.email)).toEqual([]);
  });
});
