/**
 * `npm run stand-ins`: the workshop's third parties on this machine, for a local run of the whole
 * sale without a Stripe account or a mail relay: the stand-in Stripe
 * (server/testing/fake-stripe.ts), whose hosted page pays a Checkout Session and sends the signed
 * events to the local server's webhook, and the stand-in SMTP relay
 * (server/testing/fake-smtp.ts), which keeps the attendees' emails and prints each as it comes.
 * It prints the settings that point the server at them, for .env; then `npm start` in another
 * terminal. Ctrl-C stops them.
 *
 *   npm run stand-ins -- [--stripe-port=12111] [--webhook-url=http://localhost:3000/api/stripe/webhook]
 */
import { type Env, parseEnv } from '../server/env';
import { type FakeSmtp, startFakeSmtp } from '../server/testing/fake-smtp';
import { type FakeStripe, startFakeStripe } from '../server/testing/fake-stripe';
import { startedAsScript } from './started-as-script';

/** Test-mode shaped, as the settings require, and plainly not a real key. */
export const standInStripeKey = 'sk_test_stand_in_not_a_real_key';
export const standInWebhookSecret = 'whsec_stand_in_local_signing_secret';
/** stripe-mock's port: the one a Stripe developer expects a local Stripe on. */
const defaultStripePort = 12111;

/** The attendees' emails come from this address when .env names no sender. */
const standInSender = 'workshop@example.com';
/** The owner's notifications go to this address, kept by the relay, when .env names none. */
const standInOwner = 'owner@example.com';

export interface StandIns {
  /** The .env lines that point the server at the stand-ins. */
  settings: Record<string, string>;
  stripe: FakeStripe;
  smtp: FakeSmtp;
  stop(): Promise<void>;
}

export async function startStandIns(
  env: Pick<Env, 'PORT' | 'MAIL_FROM' | 'NOTIFY_EMAIL'>,
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
    // The content's Payment Link (content/workshop.yaml), and two more of the owner's: another
    // product's, and one in dollars, to pay through with the workshop's reference (decision 034).
    paymentLinks: [
      {
        id: 'plink_test_workshop',
        code: 'test_workshop',
        productName: 'Workshop',
        amount: 4900,
        currency: 'gbp',
        allowPromotionCodes: true,
      },
      {
        id: 'plink_test_ebook',
        code: 'test_ebook',
        productName: 'E-book',
        amount: 500,
        currency: 'gbp',
      },
      {
        id: 'plink_test_dollar',
        code: 'test_dollar',
        productName: 'Tip jar',
        amount: 100,
        currency: 'usd',
      },
    ],
    onDelivery: ({ type, objectId, status, attempts }) =>
      print(`stripe: ${type} ${objectId} → ${webhookUrl}: ${status} (${attempts} attempt(s))`),
  });
  const smtp = await startFakeSmtp();
  const printing = printMessages(smtp, print);
  const settings: Record<string, string> = {
    STRIPE_SECRET_KEY: standInStripeKey,
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: standInWebhookSecret,
    // A port and a certificate of its own at each start: these two lines change every time.
    SMTP_URL: smtp.url,
    SMTP_CA_FILE: smtp.caFile,
    ...(env.MAIL_FROM || env.NOTIFY_EMAIL ? {} : { MAIL_FROM: standInSender }),
    // The owner's notifications need an address beside the relay, or the server warns that they
    // are off: theirs go to the stand-in relay too.
    ...(env.NOTIFY_EMAIL ? {} : { NOTIFY_EMAIL: standInOwner }),
  };
  return {
    settings,
    stripe,
    smtp,
    async stop() {
      clearInterval(printing);
      await Promise.all([stripe.stop(), smtp.stop()]);
    },
  };
}

/** Each message the relay takes, as one line: who it is to, its subject, what is attached. */
function printMessages(smtp: FakeSmtp, print: (line: string) => void) {
  let printed = 0;
  const timer = setInterval(() => {
    for (const { envelope, mail } of smtp.messages().slice(printed)) {
      const attached = mail.attachments.map((file) => file.filename ?? file.contentType);
      const files = attached.length > 0 ? ` [${attached.join(', ')}]` : '';
      print(`smtp: to ${envelope.to.join(', ')}: ${mail.subject ?? '(no subject)'}${files}`);
      printed++;
    }
  }, 500);
  timer.unref();
  return timer;
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
  // Compared as written in .env (parseEnv loaded it into process.env), not as parsed.
  const { lines, same } = settingsReport(standIns.settings, process.env);
  process.stdout.write(
    [
      `Stand-in Stripe on ${standIns.stripe.url}: its checkout pages take no card; paying one sends`,
      'checkout.session.completed, signed, to the server.',
      `Stand-in SMTP relay on ${standIns.smtp.url}: it keeps every email and prints a line for each.`,
      '',
      same
        ? 'Your .env already points the server at them:'
        : 'Put these lines in .env (replacing the same names), then run npm start:',
      '',
      ...lines.map((line) => `  ${line}`),
      '',
      'Ctrl-C stops them.',
      '',
    ].join('\n'),
  );
  const stop = () => void standIns.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (startedAsScript(import.meta)) await main();
