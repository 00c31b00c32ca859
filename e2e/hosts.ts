import { siteOrigins } from '../contracts/sites';
import { namedHosts, parseEnv } from '../server/env';

/** Origins of the four sites as the e2e server serves them (the configured or default hosts). */
const port = Number(process.env.E2E_PORT ?? 4173);

export const siteOrigin = siteOrigins(`http://localhost:${port}`, namedHosts(parseEnv()));

/** The e2e server's port. */
export const e2ePort = port;
/**
 * The e2e server's data directory (its SQLite database and the owner's working copy): a new one
 * for every run, so what one run published in the owner's room never shows in the next. Set once
 * by the runner's process, which loads this first; its workers inherit it.
 */
process.env.E2E_DATA_DIR ||= `${process.env.TMPDIR ?? '/tmp'}/founder-site-e2e-${port}-${Date.now()}`;
export const e2eDataDir = process.env.E2E_DATA_DIR;

/** The e2e server's Kit webhook secret: tests sign Kit's confirmations with it (decision 021). */
export const e2eKitWebhookSecret = 'e2e-kit-webhook-secret-0123456789';

/**
 * The fake Kit the browser tests start when they need one (server/providers/fake-kit.ts): the
 * e2e server sends the posts' newsletters there, with this key.
 */
export const e2eKit = { port: port + 7, apiKey: 'e2e-kit-api-key' };
