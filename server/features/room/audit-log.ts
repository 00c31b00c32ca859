import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { isoAt, type Store } from '../../db/store';

/**
 * The room's audit log (docs/decisions/018-owner-sign-in.md): what each owner did, and what a
 * stranger tried. An entry never holds a secret, and personal data only as needed. Only this
 * module writes the log; a write that brings an entry passes its transaction to `recordAudit`.
 */

export type AuditAction =
  | 'invite'
  | 'revoke'
  | 'welcome'
  | 'sign-in'
  | 'sign-in-refused'
  | 'sign-out'
  | 'sign-out-everywhere'
  | 'add-passkey'
  | 'remove-passkey'
  | 'publish'
  | 'publish-failed'
  | 'rollback'
  | 'end-experiment'
  | 'export'
  | 'erase'
  // The workshop's (docs/decisions/032-workshop-delivered.md): never the links themselves.
  | 'workshop-links'
  | 'workshop-resend'
  | 'workshop-confirm'
  | 'workshop-cancel'
  | 'workshop-replay'
  // The cohort's (docs/decisions/033-cohort-applications.md): never a note's words.
  | 'application-status'
  | 'application-note';

/**
 * Records an audit entry within another write, so the entry and what it tells of are stored
 * together or not at all (a publish records its version and its entry together).
 */
export async function recordAudit(
  trx: Transaction<Database>,
  ownerId: string | null,
  action: AuditAction,
  detail: Record<string, unknown>,
  now: number,
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at: isoAt(now),
      owner_id: ownerId,
      action,
      detail: JSON.stringify(detail),
    })
    .execute();
}

/** Records what an owner did, for the room's log (never a secret; personal data only as needed). */
export async function audit(
  store: Store,
  ownerId: string | null,
  action: AuditAction,
  detail: Record<string, unknown>,
  now: number,
): Promise<void> {
  await store.write((trx) => recordAudit(trx, ownerId, action, detail, now));
}

/**
 * A refused sign-in (a real passkey answer to a challenge we gave, that did not verify). A run
 * of them is one entry that counts its attempts and moves to the latest, so a stranger trying
 * again and again cannot flood the log or make it grow without bound (decision 023). On
 * PostgreSQL the entry is locked while it is counted, so racing refusals all count.
 */
export async function auditRefusedSignIn(store: Store, now: number): Promise<void> {
  await store.write(async (trx) => {
    const latest = await trx
      .selectFrom('audit_log')
      .select(['id', 'action', 'detail'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .$if(store.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (latest?.action === 'sign-in-refused') {
      const { attempts } = JSON.parse(latest.detail) as { attempts?: number };
      await trx
        .updateTable('audit_log')
        .set({ at: isoAt(now), detail: JSON.stringify({ attempts: (attempts ?? 1) + 1 }) })
        .where('id', '=', latest.id)
        .execute();
      return;
    }
    await recordAudit(trx, null, 'sign-in-refused', { attempts: 1 }, now);
  });
}

/** The latest entries of the audit log, newest first, with the owner's name. */
export async function auditEntries(store: Store, limit: number) {
  const rows = await store.db
    .selectFrom('audit_log')
    .leftJoin('owners', 'owners.id', 'audit_log.owner_id')
    .select(['audit_log.at', 'audit_log.action', 'audit_log.detail', 'owners.name'])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: row.at,
    owner: row.name,
    action: row.action,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
  }));
}
