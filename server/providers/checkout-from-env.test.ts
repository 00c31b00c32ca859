import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe';
import { checkoutSessionsFromEnv, workshopPartsOff } from './from-env';

const secretKey = 'sk_test_51BootKeyNeverPrinted00000000';

function capturedLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

let stripe: FakeStripe | undefined;
afterEach(async () => {
  await stripe?.stop();
  stripe = undefined;
});

describe('the workshop checkout from the settings', () => {
  it('without Stripe or SMTP settings, is off and says, in one line, what is off and why', () => {
    const { logger, lines } = capturedLogger();
    const env = parseEnv({ LOG_LEVEL: 'silent' });
    expect(checkoutSessionsFromEnv(env, logger)).toBeNull();
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        msg: 'workshop parts off',
        off: [
          'workshop checkout: Payment Links, seats not enforced (STRIPE_SECRET_KEY unset)',
          'workshop sales and attendees not recorded (STRIPE_WEBHOOK_SECRET unset)',
          'attendee emails off (SMTP_URL unset)',
        ],
      }),
    ]);
  });

  it('stops the start with a bad setting, not a stack, when STRIPE_API_URL has a path', () => {
    const env = parseEnv({
      LOG_LEVEL: 'silent',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_API_URL: 'http://127.0.0.1:12111/v1',
    });
    const start = () => checkoutSessionsFromEnv(env, capturedLogger().logger);
    expect(start).toThrow(EnvError);
    expect(start).toThrow(/STRIPE_API_URL: an origin only/);
  });

  it('names nothing once everything is set', () => {
    expect(
      workshopPartsOff({
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        SMTP_URL: 'smtps://relay.example.com',
        MAIL_FROM: { name: 'The workshop', address: 'workshop@example.com' },
        NOTIFY_EMAIL: 'owner@example.com',
        KIT_API_KEY: 'kit-key',
        KIT_OAUTH_TOKEN: 'kit-token',
      }),
    ).toEqual([]);
  });

  it('with the key, makes Checkout Sessions where STRIPE_API_URL points, says so, and never logs the key', async () => {
    stripe = await startFakeStripe({ apiKey: secretKey, webhookSecret: 'whsec_x' });
    const { logger, lines } = capturedLogger();
    const env = parseEnv({
      LOG_LEVEL: 'silent',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_API_URL: stripe.url,
    });
    const checkout = checkoutSessionsFromEnv(env, logger);
    const made = await checkout?.create(
      {
        amount: 4900,
        currency: 'gbp',
        productName: 'The workshop',
        reference: 'v1-boot',
        metadata: {},
        expiresAt: 0,
        allowPromotionCodes: false,
        successUrl: 'http://localhost:3000/booked',
        cancelUrl: 'http://localhost:3000/workshop',
      },
      'hold_boot',
    );
    expect(made?.url.startsWith(stripe.url)).toBe(true);
    const logged = lines.join('\n');
    expect(logged).toContain(`"origin":"${stripe.url}"`);
    expect(logged).toContain('STRIPE_WEBHOOK_SECRET is not');
    expect(logged).not.toContain('Payment Links');
    expect(logged).not.toContain(secretKey.slice(8));
  });
});
