import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { connect } from '../../db/connect';
import { migrateTo } from '../../db/migrations';
import type { Store } from '../../db/store';
import { openStore, siteMigrations } from '../../store';
import { countReferrals } from './store';

let dir: string;
let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('0008 keeps the share links given before it, and files old sign-ups by mailbox', async () => {
  dir = mkdtempSync(join(tmpdir(), 'leads-0008-'));
  const { db } = connect({ DATA_DIR: dir, DATABASE_URL: undefined });
  await migrateTo(db as Kysely<unknown>, siteMigrations, '0006-content-versions');
  const legacy = db as unknown as Kysely<{
    subscribers: Record<string, string | number | null>;
  }>;
  const row = (id: string, email: string, code: string | null, referredBy: string | null) => ({
    id,
    created_at: '2026-01-01T00:00:00.000Z',
    list: 'waitlist',
    email,
    ip_hash: 'h',
    verified: 1,
    referral_code: code,
    referred_by: referredBy,
  });
  await legacy
    .insertInto('subscribers')
    .values([
      row('a', 'ada@example.com', 'AdaCodeAdaCo', null),
      row('b', 'f.riend+1@gmail.com', 'BobCodeBobCo', 'AdaCodeAdaCo'),
    ])
    .execute();
  await db.destroy();

  store = await openStore({ DATA_DIR: dir, DATABASE_URL: undefined });
  const mailboxes = await store.db
    .selectFrom('subscribers')
    .select(['id', 'mailbox'])
    .orderBy('id')
    .execute();
  expect(mailboxes).toEqual([
    { id: 'a', mailbox: 'ada@example.com' },
    { id: 'b', mailbox: 'friend@gmail.com' },
  ]);
  // The old link still answers; its friend counts once confirmed.
  expect(await countReferrals(store, 'AdaCodeAdaCo')).toBe(0);
  await store.db
    .updateTable('subscribers')
    .set({ confirmed_at: '2026-01-02T00:00:00.000Z' })
    .execute();
  expect(await countReferrals(store, 'AdaCodeAdaCo')).toBe(1);
  expect(await countReferrals(store, 'BobCodeBobCo')).toBe(0);
});
