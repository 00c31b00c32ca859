/**
 * `npm run stand-ins`: the workshop's third parties on this machine, for a local run of the whole
 * sale without a Stripe account: the stand-in Stripe (server/testing/fake-stripe.ts), whose
 * hosted page pays a Checkout Session and sends the signed events to the local server's webhook.
 * It prints the settings that point the server at them, for .env; then `npm start` in another
 * terminal. Ctrl-C stops them.
 *
 *   npm run stand-ins -- [--stripe-port=12111] [--webhook-url=http://localhost:3000/api/stripe/webhook]
 */
import { type Env, parseEnv } from '../server/env';
import { type FakeStripe, startFakeStripe } from '../server/testing/fake-stripe';
import { startedAsScript } from './started-as-script';

/** Test-mode shaped, as the settings require, and plainly not a real key. */
export const standInStripeKey = 'sk_test_stand_in_not_a_real_key';
export const standInWebhookSecret = 'whsec_stand_in_local_signing_secret';
/** stripe-mock's port: the one a Stripe developer expects a local Stripe on. */
const defaultStripePort = 12111;

export interface StandIns {
  /** The .env lines that point the server at the stand-ins. */
  settings: Record<string, string>;
  stripe: FakeStripe;
  stop(): Promise<void>;
}

export async function startStandIns(
  env: Pick<Env, 'PORT'>,
  {
    stripePort = defaultStripePort,
    webhookUrl = `http://localhost:${env.PORT}/api/stripe/webhook`,
    print = (line: string) => process.stdout.write(`${line}\n`),
  }: { stripePort?: number; webhookUrl?: string; print?: (line: string) => void } = {},
): Promise<StandIns> {
  const stripe = await startFakeStripe({
    apiKey: standInStripeKey,
    webhookSecret: standInWebhookSecret,
    webhookUrl,
    port: stripePort,
    onDelivery: ({ type, objectId, status, attempts }) =>
      print(`stripe: ${type} ${objectId} → ${webhookUrl}: ${status} (${attempts} attempt(s))`),
  });
  // The stand-in SMTP server (server/testing/fake-smtp.ts) joins here with its own lines.
  const settings: Record<string, string> = {
    STRIPE_SECRET_KEY: standInStripeKey,
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: standInWebhookSecret,
  };
  return { settings, stripe, stop: () => stripe.stop() };
}

/** The settings as .env lines, and whether the .env read now already says all of them. */
export function settingsReport(settings: Record<string, string>, current: Record<string, unknown>) {
  const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
  const same = Object.entries(settings).every(([name, value]) => String(current[name]) === value);
  return { lines, same };
}

async function main() {
  const flag = (name: string) =>
    process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const env = parseEnv();
  const port = flag('stripe-port');
  const standIns = await startStandIns(env, {
    stripePort: port === undefined ? undefined : Number(port),
    webhookUrl: flag('webhook-url'),
  });
  const { lines, same } = settingsReport(standIns.settings, env);
  process.stdout.write(
    [
      `Stand-in Stripe on ${standIns.stripe.url}: its checkout pages take no card; paying one sends`,
      'checkout.session.completed, signed, to the server.',
      '',
      same
        ? 'Your .env already points the server at it:'
        : 'Put these lines in .env (replacing any STRIPE_ lines), then run npm start:',
      '',
      ...lines.map((line) => `  ${line}`),
      '',
      'Ctrl-C stops it.',
      '',
    ].join('\n'),
  );
  const stop = () => void standIns.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (startedAsScript(import.meta)) await main();
