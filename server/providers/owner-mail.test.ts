import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createOwnerMail, smtpOptions } from './owner-mail';
import { ProviderError } from './provider-error';

const contact = {
  id: 'c-1',
  createdAt: '2026-01-15T09:30:00.000Z',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'Could you speak at our conference?',
  page: 'localhost/whatsstoppingyou',
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

  it('names the page the enquiry was sent from, and says nothing of one not recorded', async () => {
    const sent: SendMailOptions[] = [];
    const mail = createOwnerMail({
      transport: { sendMail: async (message) => sent.push(message) },
      to: 'owner@example.com',
    });
    await mail.notify(contact, 'job-1');
    await mail.digest([{ ...contact, page: null }], 'job-2');
    expect(sent[0]?.text).toContain('\nPage: localhost/whatsstoppingyou\n');
    expect(sent[1]?.text).not.toContain('Page:');
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

  it('never speaks SMTP without TLS: no password or enquiry to a server that offers no STARTTLS', async () => {
    const received: string[] = [];
    const server = createServer((socket) => {
      socket.write('220 plain.example ESMTP\r\n');
      socket.on('data', (chunk) => {
        for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
          received.push(line);
          if (/^EHLO/i.test(line)) socket.write('250-plain.example\r\n250 AUTH PLAIN LOGIN\r\n');
          else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // Even a URL that asks to skip TLS gets it required.
    const transport = nodemailer.createTransport(
      smtpOptions(`smtp://owner:s3cret@127.0.0.1:${port}/?ignoreTLS=true&requireTLS=false`),
    );
    const mail = createOwnerMail({ transport, to: 'owner@example.com' });
    await expect(mail.notify(contact, 'job-1')).rejects.toBeInstanceOf(ProviderError);
    transport.close();
    server.close();
    expect(received[0]).toMatch(/^EHLO/);
    expect(received.join('\n')).not.toMatch(/AUTH|MAIL FROM|RCPT|DATA|s3cret/i);
  });

  it('reads SMTP_URL as TLS from the start (smtps) or STARTTLS required (smtp)', () => {
    expect(smtpOptions('smtps://u:p%40ss@mail.example')).toMatchObject({
      host: 'mail.example',
      port: 465,
      secure: true,
      requireTLS: true,
      auth: { user: 'u', pass: 'p@ss' },
    });
    expect(smtpOptions('smtp://mail.example')).toMatchObject({
      port: 587,
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
      tls: { rejectUnauthorized: true },
    });
  });
});
