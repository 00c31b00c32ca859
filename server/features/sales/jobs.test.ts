import type { SendMailOptions } from 'nodemailer';
import { expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createForwarding } from '../../forwarding';
import { subscribingKit } from '../../providers/fake-kit';
import type { KitSubscription } from '../../providers/kit';
import { createOwnerMail } from '../../providers/owner-mail';
import { describeEachStore } from '../../testing/stores';
import { testReferences, workshopSaleEvent } from '../../testing/stripe';
import { forgetPerson } from '../leads';
import { readSaleEvent, recordStripeEvent } from '.';

describeEachStore('a sale through the outbox (decision 020)', ({ store }) => {
  function setUp(settings: Record<string, string> = {}) {
    const mails: SendMailOptions[] = [];
    const subscriptions: KitSubscription[] = [];
    const forwarding = createForwarding(
      parseEnv({ SITE_URL: 'https://jamie.example', KIT_FORM_ID_BUYERS: '77', ...settings }),
      {
        kit: subscribingKit(async (subscription) => void subscriptions.push(subscription)),
        ownerMail: createOwnerMail({
          transport: { sendMail: async (mail) => mails.push(mail) },
          to: 'owner@jamie.example',
        }),
      },
    );
    return { forwarding, mails, subscriptions };
  }

  async function sell(forwarding: ReturnType<typeof setUp>['forwarding'], livemode = true) {
    const { event } = workshopSaleEvent('jamie.example', { email: 'bea@example.com', livemode });
    const parsed = readSaleEvent(JSON.stringify(event), event, testReferences.read);
    if (parsed.kind !== 'record') throw new Error('not a sale');
    await recordStripeEvent(store(), parsed.event, forwarding.jobsForSale);
    return store().db.selectFrom('outbox_jobs').selectAll().orderBy('kind').execute();
  }

  it('emails the owner the sale and adds the buyer to Kit’s buyers list, inactive until they confirm', async () => {
    const { forwarding, mails, subscriptions } = setUp();
    const jobs = await sell(forwarding);
    expect(jobs.map((job) => job.kind)).toEqual(['kit-buyer', 'owner-sale']);
    for (const job of jobs) await forwarding.deliver(store(), job);
    expect(mails).toEqual([
      expect.objectContaining({
        replyTo: 'bea@example.com',
        subject: 'New sale: £49.00',
        text: expect.stringMatching(/Source: Instagram[\s\S]*Page: jamie\.example\/assetworkshop/),
      }),
    ]);
    // Kit's upsert creates the subscriber inactive (server/providers/kit.ts); the form decides.
    expect(subscriptions).toEqual([
      {
        email: 'bea@example.com',
        firstName: null,
        formId: '77',
        referrer: 'https://jamie.example/assetworkshop',
      },
    ]);
  });

  it('says so when the payment was in Stripe’s test mode', async () => {
    const { forwarding, mails } = setUp({ KIT_FORM_ID_BUYERS: '' });
    const jobs = await sell(forwarding, false);
    expect(jobs.map((job) => job.kind)).toEqual(['owner-sale']);
    for (const job of jobs) await forwarding.deliver(store(), job);
    expect(mails[0]?.subject).toBe('[Stripe test mode] New sale: £49.00');
  });

  it('sends nothing for a buyer erased before the jobs ran', async () => {
    const { forwarding, mails, subscriptions } = setUp();
    const jobs = await sell(forwarding);
    await forgetPerson(store(), 'bea@example.com');
    for (const job of jobs) await forwarding.deliver(store(), job);
    expect(subscriptions).toEqual([]);
    expect(mails.every((mail) => !JSON.stringify(mail).includes('bea@'))).toBe(true);
  });
});
