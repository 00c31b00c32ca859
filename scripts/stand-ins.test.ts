import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../server/env';
import { providersFromEnv, workshopPartsOff } from '../server/providers/from-env';
import { smtpOptions } from '../server/providers/owner-mail';
import { createCheckoutSessions } from '../server/providers/stripe-checkout';
import { type StandIns, settingsReport, startStandIns } from './stand-ins';

let standIns: StandIns | undefined;
afterEach(async () => {
  await standIns?.stop();
  standIns = undefined;
});

describe('npm run stand-ins', () => {
  it('prints settings the server accepts, which reach the stand-in Stripe', async () => {
    const printed: string[] = [];
    standIns = await startStandIns(
      { PORT: 3000, MAIL_FROM: undefined, NOTIFY_EMAIL: undefined },
      {
        stripePort: 0,
        webhookUrl: 'http://127.0.0.1:1/api/stripe/webhook',
        print: (line) => printed.push(line),
      },
    );
    const env = parseEnv({ LOG_LEVEL: 'silent', ...standIns.settings });
    expect(env.STRIPE_API_URL).toBe(standIns.stripe.url);
    expect(env).toMatchObject({
      SMTP_URL: standIns.smtp.url,
      SMTP_CA_FILE: standIns.smtp.caFile,
      MAIL_FROM: { address: 'workshop@example.com' },
      NOTIFY_EMAIL: 'owner@example.com',
    });
    expect(workshopPartsOff(env)).toEqual([]);
    // The server started with exactly these lines warns of nothing it would turn off.
    const warnings: string[] = [];
    providersFromEnv(env, { info: () => {}, warn: (line: string) => warnings.push(line) });
    expect(warnings).toEqual([]);

    const checkout = createCheckoutSessions({
      secretKey: env.STRIPE_SECRET_KEY ?? '',
      apiUrl: env.STRIPE_API_URL,
    });
    const made = await checkout.create(
      {
        amount: 4900,
        currency: 'gbp',
        productName: 'The workshop',
        reference: 'v1-local',
        metadata: {},
        expiresAt: Math.floor(Date.now() / 1000) + 45 * 60,
        allowPromotionCodes: false,
        successUrl: 'http://localhost:3000/workshop/booked?checkout={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://localhost:3000/workshop',
      },
      'hold_local',
    );
    expect(made.url.startsWith(standIns.stripe.url)).toBe(true);
  });

  it('prints a line for each email the relay takes, through the settings it printed', async () => {
    const printed: string[] = [];
    standIns = await startStandIns(
      { PORT: 3000, MAIL_FROM: undefined, NOTIFY_EMAIL: 'owner@example.com' },
      { stripePort: 0, print: (line) => printed.push(line) },
    );
    const { SMTP_URL = '', SMTP_CA_FILE = '' } = standIns.settings;
    expect(standIns.settings.MAIL_FROM).toBeUndefined();
    await nodemailer
      .createTransport(smtpOptions(SMTP_URL, readFileSync(SMTP_CA_FILE, 'utf8')))
      .sendMail({
        from: 'owner@example.com',
        to: 'bea@example.com',
        subject: "You're in",
        text: 'See you there.',
        attachments: [{ filename: 'invite.ics', content: 'BEGIN:VCALENDAR' }],
      });
    await expect.poll(() => printed).toContain("smtp: to bea@example.com: You're in [invite.ics]");
  });

  it('says whether .env already holds every line', () => {
    const settings = { STRIPE_API_URL: 'http://127.0.0.1:12111', STRIPE_SECRET_KEY: 'sk_test_x' };
    expect(settingsReport(settings, settings)).toEqual({
      lines: ['STRIPE_API_URL=http://127.0.0.1:12111', 'STRIPE_SECRET_KEY=sk_test_x'],
      same: true,
    });
    expect(settingsReport(settings, { STRIPE_SECRET_KEY: 'sk_test_x' }).same).toBe(false);
  });
});
