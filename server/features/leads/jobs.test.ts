import type { SendMailOptions } from 'nodemailer';
import { expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createForwarding } from '../../forwarding';
import { createOwnerMail } from '../../providers/owner-mail';
import { describeEachStore } from '../../testing/stores';
import { addContactSubmission } from '.';

describeEachStore('an enquiry through the outbox', ({ store }) => {
  it('emails the owner the enquiry with the page it was sent from, site and path', async () => {
    const mails: SendMailOptions[] = [];
    const forwarding = createForwarding(parseEnv({ SITE_URL: 'https://jamie.example' }), {
      kit: null,
      ownerMail: createOwnerMail({
        transport: { sendMail: async (mail) => mails.push(mail) },
        to: 'owner@jamie.example',
      }),
    });
    const meta = { ipHash: 'h', verified: true, host: 'whatsstoppingyou.example' };
    const message = 'A talk in March?';
    await addContactSubmission(
      store(),
      { name: 'Ada', email: 'ada@example.com', message, page: '/whatsstoppingyou' },
      meta,
      ['owner-notify'],
    );
    // Sent before the page's script ran: no page to name.
    await addContactSubmission(store(), { name: 'Bo', email: 'bo@example.com', message }, meta, [
      'owner-notify',
    ]);
    const jobs = await store().db.selectFrom('outbox_jobs').selectAll().execute();
    for (const job of jobs) await forwarding.deliver(store(), job);
    const pageOf = (subject: string) =>
      String(mails.find((mail) => mail.subject === subject)?.text).match(/^Page: .*$/m)?.[0];
    expect(pageOf('New enquiry from Ada')).toBe('Page: whatsstoppingyou.example/whatsstoppingyou');
    expect(pageOf('New enquiry from Bo')).toBeUndefined();
    expect(mails).toHaveLength(2);
  });
});
