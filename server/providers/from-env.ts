import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { type Env, EnvError, type KitFormEnv, kitFormIds } from '../env';
import type { Logger } from '../logger';
import type { Providers } from '../outbox/forwarding';
import { createAttendeeMail } from './attendee-mail';
import { createKit } from './kit';
import { createOwnerMail, smtpOptions } from './owner-mail';
import { type CheckoutSessions, createCheckoutSessions } from './stripe-checkout';

/** The settings the providers are made from (the owner's terminal reads them too). */
export type ProvidersEnv = KitFormEnv &
  Pick<
    Env,
    | 'KIT_API_KEY'
    | 'KIT_API_URL'
    | 'KIT_OAUTH_TOKEN'
    | 'KIT_FORM_ID_BUYERS'
    | 'SMTP_URL'
    | 'SMTP_CA_FILE'
    | 'NOTIFY_EMAIL'
    | 'MAIL_FROM'
  >;

/** The providers the configuration turns on; an unset one is off and its leads stay stored. */
export function providersFromEnv(
  env: ProvidersEnv,
  logger: Pick<Logger, 'info' | 'warn'>,
): Providers {
  if (env.KIT_API_KEY && !Object.values(kitFormIds(env)).some(Boolean)) {
    logger.warn('KIT_API_KEY is set but no KIT_FORM_ID_*: no sign-up will be forwarded to Kit');
  }
  if (env.KIT_FORM_ID_BUYERS && !env.KIT_API_KEY) {
    logger.warn('KIT_FORM_ID_BUYERS is set but KIT_API_KEY is not: buyers are not added to Kit');
  }
  if (Boolean(env.SMTP_URL) !== Boolean(env.NOTIFY_EMAIL)) {
    logger.warn('owner notification needs both SMTP_URL and NOTIFY_EMAIL: it is off');
  }
  // Without either, attendee mail is off: the boot's list of the workshop's parts off says so.
  const sender =
    env.MAIL_FROM ?? (env.NOTIFY_EMAIL ? { name: null, address: env.NOTIFY_EMAIL } : null);
  if (env.KIT_OAUTH_TOKEN && !env.KIT_API_KEY) {
    logger.warn('KIT_OAUTH_TOKEN is set but KIT_API_KEY is not: nothing goes to Kit');
  }
  // One transport for both: the SMTP_CA_FILE is read once, here, at boot.
  const transport = env.SMTP_URL
    ? nodemailer.createTransport(
        smtpOptions(
          env.SMTP_URL,
          env.SMTP_CA_FILE ? readFileSync(env.SMTP_CA_FILE, 'utf8') : undefined,
        ),
      )
    : null;
  const providers: Providers = {
    kit: env.KIT_API_KEY
      ? createKit({
          apiKey: env.KIT_API_KEY,
          baseUrl: env.KIT_API_URL,
          oauthToken: env.KIT_OAUTH_TOKEN,
        })
      : null,
    ownerMail:
      transport && env.NOTIFY_EMAIL ? createOwnerMail({ transport, to: env.NOTIFY_EMAIL }) : null,
    attendeeMail: transport && sender ? createAttendeeMail({ transport, from: sender }) : null,
  };
  logger.info(
    {
      kit: Boolean(providers.kit),
      kitPurchases: Boolean(providers.kit?.recordsPurchases),
      ownerMail: Boolean(providers.ownerMail),
      attendeeMail: Boolean(providers.attendeeMail),
    },
    'providers',
  );
  return providers;
}

/**
 * Our own Checkout Sessions with STRIPE_SECRET_KEY (docs/decisions/032-workshop-delivered.md);
 * without it none, and the workshop sells through the content's Payment Links as before. Says
 * at boot, in one line, which of the workshop's parts the settings leave off, and why.
 */
export function checkoutSessionsFromEnv(env: Env, logger: Logger): CheckoutSessions | null {
  if (env.STRIPE_API_URL) {
    // The key goes wherever this points: the owner should see it is not Stripe.
    logger.warn(
      { origin: new URL(env.STRIPE_API_URL).origin },
      'STRIPE_API_URL is set: checkout calls go there, not to Stripe',
    );
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    logger.warn(
      'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: no payment is recorded, and each seat held comes back when its checkout ends',
    );
  }
  const off = workshopPartsOff(env);
  if (off.length > 0) logger.info({ off }, 'workshop parts off');
  if (!env.STRIPE_SECRET_KEY) return null;
  try {
    return createCheckoutSessions({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL });
  } catch (error) {
    // A setting the schema passes but the library cannot use: said as a bad setting, no stack.
    throw new EnvError(error instanceof Error ? error.message : String(error));
  }
}

/** The workshop's parts the settings leave off, each saying what happens instead and why. */
export function workshopPartsOff(
  env: Pick<
    Env,
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'NOTIFY_EMAIL'
    | 'KIT_API_KEY'
    | 'KIT_OAUTH_TOKEN'
  >,
): string[] {
  return [
    ...(env.STRIPE_SECRET_KEY
      ? []
      : ['workshop checkout: Payment Links, seats not enforced (STRIPE_SECRET_KEY unset)']),
    ...(env.STRIPE_WEBHOOK_SECRET
      ? []
      : ['workshop sales and attendees not recorded (STRIPE_WEBHOOK_SECRET unset)']),
    ...(env.SMTP_URL ? [] : ['attendee emails off (SMTP_URL unset)']),
    ...(env.SMTP_URL && !env.MAIL_FROM && !env.NOTIFY_EMAIL
      ? ['attendee emails off (neither MAIL_FROM nor NOTIFY_EMAIL set)']
      : []),
    ...(env.KIT_API_KEY && !env.KIT_OAUTH_TOKEN
      ? [
          "Kit purchases not recorded, buyers only tagged (KIT_OAUTH_TOKEN unset: Kit's API key cannot)",
        ]
      : []),
  ];
}
