import nodemailer from 'nodemailer';
import { type Env, kitFormIds } from '../env';
import type { Logger } from '../logger';
import type { Providers } from '../outbox/forwarding';
import { createKit } from './kit';
import { createOwnerMail, smtpOptions } from './owner-mail';

/** The providers the configuration turns on; an unset one is off and its leads stay stored. */
export function providersFromEnv(env: Env, logger: Logger): Providers {
  if (env.KIT_API_KEY && !Object.values(kitFormIds(env)).some(Boolean)) {
    logger.warn('KIT_API_KEY is set but no KIT_FORM_ID_*: no sign-up will be forwarded to Kit');
  }
  if (env.KIT_FORM_ID_BUYERS && !env.KIT_API_KEY) {
    logger.warn('KIT_FORM_ID_BUYERS is set but KIT_API_KEY is not: buyers are not added to Kit');
  }
  if (Boolean(env.SMTP_URL) !== Boolean(env.NOTIFY_EMAIL)) {
    logger.warn('owner notification needs both SMTP_URL and NOTIFY_EMAIL: it is off');
  }
  const providers: Providers = {
    kit: env.KIT_API_KEY ? createKit({ apiKey: env.KIT_API_KEY, baseUrl: env.KIT_API_URL }) : null,
    ownerMail:
      env.SMTP_URL && env.NOTIFY_EMAIL
        ? createOwnerMail({
            transport: nodemailer.createTransport(smtpOptions(env.SMTP_URL)),
            to: env.NOTIFY_EMAIL,
          })
        : null,
  };
  logger.info(
    { kit: Boolean(providers.kit), ownerMail: Boolean(providers.ownerMail) },
    'providers',
  );
  return providers;
}
