import type { SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createOwnerMail } from './owner-mail';
import { ProviderError } from './provider-error';

const contact = {
  id: 'c-1',
  createdAt: '2026-01-15T09:30:00.000Z',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'Could you speak at our conference?',
  verified: true,
};

describe('owner notification', () => {
  it('mails the owner the enquiry, with Reply-To set to the enquirer', async () => {
    const sent: SendMailOptions[] = [];
    const mail = createOwnerMail({
      transport: { sendMail: async (message) => sent.push(message) },
      to: 'owner@example.com',
    });
    await mail.notify(contact, 'job-1');
    expect(sent).toEqual([
      expect.objectContaining({
        from: 'owner@example.com',
        to: 'owner@example.com',
        replyTo: { name: 'Ada Lovelace', address: 'ada@example.com' },
        // The outbox job's id: a resend is recognisably the same message.
        messageId: '<job-1@example.com>',
        subject: 'New enquiry from Ada Lovelace',
        text: expect.stringContaining('Could you speak at our conference?'),
      }),
    ]);
  });

  it('reports SMTP 5xx replies as permanent and other failures as temporary', async () => {
    const failing = (error: unknown) =>
      createOwnerMail({
        transport: {
          sendMail: async () => {
            throw error;
          },
        },
        to: 'owner@example.com',
      }).notify(contact, 'job-1');
    await expect(failing(Object.assign(new Error('no'), { responseCode: 550 }))).rejects.toEqual(
      expect.objectContaining({ permanent: true, message: 'SMTP failed with 550' }),
    );
    const temporary = await failing(new Error('ECONNREFUSED')).catch((error: unknown) => error);
    expect(temporary).toBeInstanceOf(ProviderError);
    expect(temporary).toMatchObject({ permanent: false });
  });
});
