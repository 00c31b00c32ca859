import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPath } from '../../../contracts/checkout';
import { listedRoutes } from '../../../contracts/routes';
import { siteOrigins } from '../../../contracts/sites';
import { buildPaths } from '../../build-paths';
import { namedHosts, parseEnv } from '../../env';
import { type FakeSmtp, startFakeSmtp } from '../../testing/fake-smtp';
import { type FakeStripe, startFakeStripe } from '../../testing/fake-stripe';
import { freePort } from '../../testing/free-port';
import { type ServerProcess, startServerProcess } from '../../testing/server-process';
import { testWebhookSecret } from '../../testing/stripe-event-shapes';
import {
  clickAsPerson,
  ownCheckoutSettings,
  standInStripeKey,
} from '../../testing/workshop-checkout';

/**
 * The joining and replay links are private (docs/decisions/032-workshop-delivered.md): the owner
 * enters them, they are kept in the database and sent to attendees by email, and they appear in
 * no built file, no render input, no file of the data folder but the database, no log line (at
 * the most talkative level) and no page any site serves. The real server, the owner's tool and a
 * real sale, on the current build (`npm run build` first).
 */

const run = promisify(execFile);
const joining = 'https://meet.example.com/j/private-joining-7f3a9c';
const replay = 'https://vimeo.example.com/private-replay-51be02';

let server: ServerProcess;
let stripe: FakeStripe;
let smtp: FakeSmtp;
let dataDir: string;
let cliOutput = '';

/** Every file under `dir`, recursively, but those `skip` names. */
function filesUnder(dir: string, skip: (path: string) => boolean = () => false): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter((path) => !skip(path) && statSync(path).isFile());
}

const holding = (path: string) => {
  const text = readFileSync(path).toString('latin1');
  return text.includes(joining) || text.includes(replay);
};

describe('the workshop’s private links', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'private-links-'));
    smtp = await startFakeSmtp();
    const port = await freePort();
    stripe = await startFakeStripe({
      apiKey: standInStripeKey,
      webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
      webhookSecret: testWebhookSecret,
    });
    const settings = {
      ...ownCheckoutSettings(stripe.url),
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STRIPE_WEBHOOK_SECRET: testWebhookSecret,
      SMTP_URL: smtp.url,
      SMTP_CA_FILE: smtp.caFile,
      MAIL_FROM: 'jamie@example.com',
      LOG_LEVEL: 'trace',
    };
    server = await startServerProcess(settings);
    const entered = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/leads.ts',
        'workshop',
        'links',
        'december-2026',
        '--joining',
        joining,
        '--replay',
        replay,
      ],
      { cwd: buildPaths.root, env: { ...process.env, ...settings, LOG_LEVEL: 'trace' } },
    );
    cliOutput = entered.stdout + entered.stderr;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await stripe?.stop();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reach the attendee by email, and nothing else', async () => {
    const click = await clickAsPerson(`${server.url}${checkoutPath}?session=december-2026`, {
      'X-Forwarded-For': '198.51.100.7',
    });
    const id = /\/c\/pay\/([A-Za-z0-9_]+)/.exec(click.location)?.[1] ?? '';
    await stripe.pay(id, { email: 'ada@example.com', name: 'Ada' });
    const confirmation = await smtp.waitFor(
      (message) => message.envelope.to.includes('ada@example.com'),
      30_000,
    );
    // Where it belongs: the attendee's confirmation and invite.
    expect(confirmation.mail.text).toContain(joining);
    const invite = confirmation.mail.attachments.find((file) => file.filename === 'invite.ics');
    expect(invite?.content.toString('utf8')).toContain(joining);

    // Every page of every site, as the server serves it now (the seats rendered in).
    const env = parseEnv({ SITE_URL: 'http://localhost' });
    const origins = siteOrigins('http://localhost', namedHosts(env));
    const paths = [
      ...listedRoutes().map(({ site, path }) => ({ host: new URL(origins[site]).host, path })),
      { host: 'localhost', path: '/sitemap.xml' },
      { host: 'localhost', path: '/no-such-page' },
    ];
    for (const { host, path } of paths) {
      const page = await fetch(`${server.url}${path}`, { headers: { Host: host } });
      const body = await page.text();
      expect(body.includes(joining) || body.includes(replay), `${host}${path}`).toBe(false);
    }

    // No built file, render input included, and no file the server keeps beside its database.
    expect(filesUnder(buildPaths.dist).filter(holding)).toEqual([]);
    const database = (path: string) => /\.(db|sqlite)(-wal|-shm|-journal)?$/.test(path);
    expect(filesUnder(dataDir, database).filter(holding)).toEqual([]);

    // No log line, at the most talkative level, of the server or of the owner's tool.
    expect(server.output()).not.toContain(joining);
    expect(server.output()).not.toContain(replay);
    expect(cliOutput).not.toContain(joining);
    expect(cliOutput).not.toContain(replay);
  }, 60_000);
});
