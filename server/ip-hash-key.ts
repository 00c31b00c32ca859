import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { forgetSetting, type Store } from './db/store';
import type { Env } from './env';
import { ensurePrivateDir, readOrCreatePrivateFile } from './private-files';

/** Where the key lives without IP_HASH_KEY: beside the SQLite file, but not in it. */
export function ipHashKeyPath(dataDir: string): string {
  return join(dataDir, 'ip-hash.key');
}

/** Where versions before 0.2 kept the key: in the database itself. */
const legacySetting = 'ip_hash_key';

/**
 * The key of the IP hashes kept with leads (server/http/client-address.ts). It lives outside the
 * database, so that a dump of the database alone cannot be turned back into addresses by hashing
 * all four billion IPv4 ones: IP_HASH_KEY when set (the same on every instance sharing one
 * PostgreSQL), else a random key made once in DATA_DIR/ip-hash.key (0600). A key an older version
 * kept in the database moves to the file, so hashes stay comparable, and leaves the database.
 */
export async function loadIpHashKey(
  env: Pick<Env, 'IP_HASH_KEY' | 'DATA_DIR'>,
  store: Store,
): Promise<string> {
  const legacy = await store.db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', legacySetting)
    .executeTakeFirst();
  let key = env.IP_HASH_KEY;
  if (!key) {
    ensurePrivateDir(env.DATA_DIR);
    key = readOrCreatePrivateFile(
      ipHashKeyPath(env.DATA_DIR),
      () => legacy?.value ?? randomBytes(32).toString('base64url'),
    );
  }
  if (legacy) await forgetSetting(store, legacySetting);
  return key;
}
