import { siteOrigins } from '../contracts/sites';
import { namedHosts, parseEnv } from '../server/env';

/** Origins of the four sites as the e2e server serves them (the configured or default hosts). */
const port = Number(process.env.E2E_PORT ?? 4173);

export const siteOrigin = siteOrigins(`http://localhost:${port}`, namedHosts(parseEnv()));

/** The e2e server's port, and its SQLite database's directory (one per port, so runs differ). */
export const e2ePort = port;
export const e2eDataDir = `${process.env.TMPDIR ?? '/tmp'}/founder-site-e2e-${port}`;
