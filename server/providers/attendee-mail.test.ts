import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env';
import { createLogger } from '../logger';
import { type FakeSmtp, startFakeSmtp } from '../testing/fake-smtp';
import { type AttendeeMessage, createAttendeeMail } from './attendee-mail';
import { providersFromEnv, workshopPartsOff } from './from-env';
import { smtpOptions } from './owner-mail';
import { ProviderError } from './provider-error';

const message: AttendeeMessage = {
  to: { name: 'Ada Lovelace', address: 'ada@example.com' },
  subject: "You're in",
  text: 'Join here: https://zoom.example/j/1',
  html: '<p>Join here: <a href="https://zoom.example/j/1">https://zoom.example/j/1</a></p>',
  invite: { method: 'REQUEST', ics: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n' },
};

describe("the attendees' mail", () => {
  let relay: FakeSmtp;
  beforeAll(async () => {
    relay = await startFakeSmtp({ refuse: (address) => address === 'gone@example.com' });
  });
  afterAll(() => relay.stop());

  /** The mail as the server makes it from these settings. */
  const mailFrom = (settings: Record<string, string>) =>
    providersFromEnv(
      parseEnv({ SMTP_URL: relay.url, SMTP_CA_FILE: relay.caFile, ...settings }),
      createLogger({ LOG_LEVEL: 'silent' }),
    ).attendeeMail;

  it('sends over STARTTLS, from MAIL_FROM, with the invite as a calendar part and a file', async () => {
    const mail = mailFrom({ MAIL_FROM: 'Jamie Castell <hello@jamie.example>' });
    await mail?.send(message, 'workshop-reminder-day:cs_test_1');
    const {
      mail: received,
      secure,
      envelope,
    } = await relay.waitFor(({ envelope }) => envelope.to.includes('ada@example.com'));
    expect(secure).toBe(true);
    expect(envelope.from).toBe('hello@jamie.example');
    expect(received.from?.value).toEqual([
      { name: 'Jamie Castell', address: 'hello@jamie.example' },
    ]);
    expect(received.to && 'value' in received.to ? received.to.value : []).toEqual([
      { name: 'Ada Lovelace', address: 'ada@example.com' },
    ]);
    // The job's id, the same on a resend; a colon is not allowed in one.
    expect(received.messageId).toBe('<workshop-reminder-day-cs_test_1@jamie.example>');
    expect(received.text?.trim()).toBe(message.text);
    expect(received.html).toContain('<a href="https://zoom.example/j/1">');
    const invite = received.attachments.find((part) => part.filename === 'invite.ics');
    expect(invite?.content.toString()).toBe(message.invite?.ics);
    expect(received.attachments.some((part) => /text\/calendar/.test(part.contentType))).toBe(true);
  });

  it('is from NOTIFY_EMAIL when MAIL_FROM is unset, and off with neither, as boot says', async () => {
    const mail = mailFrom({ NOTIFY_EMAIL: 'owner@jamie.example' });
    expect(mail?.from).toEqual({ name: null, address: 'owner@jamie.example' });
    expect(mailFrom({})).toBeNull();
    expect(workshopPartsOff(parseEnv({ SMTP_URL: relay.url }))).toContain(
      'attendee emails off (neither MAIL_FROM nor NOTIFY_EMAIL set)',
    );
    expect(
      workshopPartsOff(parseEnv({ SMTP_URL: relay.url, NOTIFY_EMAIL: 'owner@jamie.example' })),
    ).not.toContain('attendee emails off (neither MAIL_FROM nor NOTIFY_EMAIL set)');
  });

  it('refuses a relay whose certificate it cannot check, and may try again later', async () => {
    // Without SMTP_CA_FILE the stand-in's own certificate is not trusted: nothing is sent.
    const before = relay.messages().length;
    const unchecked = createAttendeeMail({
      transport: nodemailer.createTransport(smtpOptions(relay.url)),
      from: { name: null, address: 'hello@jamie.example' },
    });
    const sent = unchecked.send(message, 'job-1');
    await expect(sent).rejects.toBeInstanceOf(ProviderError);
    await expect(sent).rejects.toMatchObject({ permanent: false });
    expect(relay.messages()).toHaveLength(before);
  });

  it('gives up at once on a 5xx answer', async () => {
    const mail = mailFrom({ MAIL_FROM: 'hello@jamie.example' });
    const sent = mail?.send({ ...message, to: { name: null, address: 'gone@example.com' } }, 'j');
    await expect(sent).rejects.toMatchObject({ permanent: true, message: 'SMTP failed with 550' });
  });

  it('keeps a line break in a name out of the headers', async () => {
    const mail = mailFrom({ MAIL_FROM: 'hello@jamie.example' });
    await mail?.send(
      {
        ...message,
        to: { name: 'Eve\r\nBcc: victim@example.com', address: 'eve@example.com' },
        subject: 'Hello\r\nBcc: victim@example.com',
      },
      'job-eve',
    );
    const { mail: received, envelope } = await relay.waitFor(({ envelope }) =>
      envelope.to.includes('eve@example.com'),
    );
    expect(envelope.to).toEqual(['eve@example.com']);
    expect(received.bcc).toBeUndefined();
    expect(received.subject).toBe('Hello Bcc: victim@example.com');
  });
});

describe('MAIL_FROM and SMTP_CA_FILE', () => {
  it('reads a sender as an address or "Name <address>"', () => {
    expect(parseEnv({ MAIL_FROM: 'hello@jamie.example' }).MAIL_FROM).toEqual({
      name: null,
      address: 'hello@jamie.example',
    });
    expect(parseEnv({ MAIL_FROM: '"Jamie Castell" <hello@jamie.example>' }).MAIL_FROM).toEqual({
      name: 'Jamie Castell',
      address: 'hello@jamie.example',
    });
  });

  it('refuses a sender that is no address, or whose name holds a line break', () => {
    for (const value of ['Jamie', 'Jamie <not-an-address>', 'Ja\rmie <hello@jamie.example>']) {
      expect(() => parseEnv({ MAIL_FROM: value }), value).toThrow(EnvError);
    }
    expect(() => parseEnv({ MAIL_FROM: 'Jamie' })).toThrow(
      /MAIL_FROM: an address, or "Name <address>"/,
    );
  });

  it('refuses a certificate file that is missing or holds no certificate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'smtp-ca-'));
    writeFileSync(join(dir, 'empty.pem'), 'nothing here');
    for (const path of [join(dir, 'missing.pem'), join(dir, 'empty.pem')]) {
      expect(() => parseEnv({ SMTP_CA_FILE: path })).toThrow(/SMTP_CA_FILE: a readable PEM file/);
    }
  });
});
