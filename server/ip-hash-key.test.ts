import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqlitePath } from './db/connect';
import { ipHashKeyPath, loadIpHashKey } from './ip-hash-key';
import { openStore } from './store';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('where leads and the IP hash key are kept', () => {
  it('keeps the data directory 0700 and the database 0600, even one made before', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'private-')), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    await store.db.insertInto('settings').values({ name: 'x', value: 'y' }).execute();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(sqlitePath(dataDir))).toBe(0o600);
    expect(mode(`${sqlitePath(dataDir)}-wal`)).toBe(0o600);
    await store.close();
  });

  it('makes a key once, in its own 0600 file and not in the database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ip-key-'));
    const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    const key = await loadIpHashKey({ DATA_DIR: dataDir, IP_HASH_KEY: undefined }, store);
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(mode(ipHashKeyPath(dataDir))).toBe(0o600);
    expect(await loadIpHashKey({ DATA_DIR: dataDir, IP_HASH_KEY: undefined }, store)).toBe(key);
    await store.close();
    // A copy of the database alone does not hold it.
    expect(readFileSync(sqlitePath(dataDir)).includes(key)).toBe(false);
  });

  it('moves a key an older version kept in the database out to the file, unchanged', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ip-key-'));
    const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    await store.db
      .insertInto('settings')
      .values({ name: 'ip_hash_key', value: 'old-key' })
      .execute();
    expect(await loadIpHashKey({ DATA_DIR: dataDir, IP_HASH_KEY: undefined }, store)).toBe(
      'old-key',
    );
    expect(readFileSync(ipHashKeyPath(dataDir), 'utf8')).toBe('old-key');
    expect(await store.db.selectFrom('settings').selectAll().execute()).toEqual([]);
    await store.close();
  });

  it('uses IP_HASH_KEY when set, and writes no file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ip-key-'));
    const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    const configured = 'k'.repeat(40);
    expect(await loadIpHashKey({ DATA_DIR: dataDir, IP_HASH_KEY: configured }, store)).toBe(
      configured,
    );
    expect(existsSync(ipHashKeyPath(dataDir))).toBe(false);
    await store.close();
  });
});
