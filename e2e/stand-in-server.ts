import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ownerPaths } from '../contracts/owner';
import { type FakeSmtp, startFakeSmtp } from '../server/testing/fake-smtp';
import { type FakeStripe, startFakeStripe } from '../server/testing/fake-stripe';
import { freePort } from '../server/testing/free-port';
import { type ServerProcess, startServerProcess } from '../server/testing/server-process';
import { testWebhookSecret } from '../server/testing/stripe-event-shapes';
import { ownCheckoutSettings } from '../server/testing/workshop-checkout';
import { words } from '../src/owner/words';
import { addAuthenticator, invite } from './owner';
import { e2eSiteSettings } from './site-settings';

/**
 * A server of a browser test's own (the built site on a free port, a database of its own) that
 * makes its Checkout Sessions at the stand-in Stripe, which posts its signed events back to it,
 * and sends its emails to the stand-in SMTP relay: for the tests that follow what is sold from
 * the click to the email (the workshop's, the cohort's), without touching the shared e2e server.
 */
export interface StandInServer {
  /** The main site's origin, http://localhost:<port>: the room is there. */
  origin: string;
  dataDir: string;
  stripe: FakeStripe;
  smtp: FakeSmtp;
  server: ServerProcess;
  stop(): Promise<void>;
}

export async function startStandInServer(name: string): Promise<StandInServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
  const smtp = await startFakeSmtp();
  const stripe = await startFakeStripe({
    apiKey: ownCheckoutSettings('').STRIPE_SECRET_KEY ?? '',
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
    webhookSecret: testWebhookSecret,
  });
  const server = await startServerProcess({
    ...e2eSiteSettings,
    ...ownCheckoutSettings(stripe.url),
    PORT: String(port),
    SITE_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STRIPE_WEBHOOK_SECRET: testWebhookSecret,
    SMTP_URL: smtp.url,
    SMTP_CA_FILE: smtp.caFile,
    MAIL_FROM: 'Jamie Castell <jamie@example.com>',
    PAGE_VIEW_RATE_LIMIT: '0',
    OWNER_SIGN_IN_LIMIT: '1000',
    KIT_API_KEY: '',
  });
  return {
    origin,
    dataDir,
    stripe,
    smtp,
    server,
    async stop() {
      await server.stop();
      await stripe.stop();
      await smtp.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The owner signed in to that server's room with a passkey, from its own invite. */
export async function signInTo(page: Page, { origin, dataDir }: StandInServer, name: string) {
  const link = await invite(name, { dataDir, siteUrl: origin });
  await addAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: words.welcome.button }).click();
  await expect(page).toHaveURL(`${origin}${ownerPaths.room}`);
}
