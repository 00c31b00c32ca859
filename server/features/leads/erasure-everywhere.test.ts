import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { sqlitePath } from '../../db/connect';
import { backupSqlite } from '../../db/sqlite-backup';
import type { Store } from '../../db/store';
import { createTestApp } from '../../testing/app';
import { seedApplication } from '../../testing/cohort-applications';
import { describeEachStore } from '../../testing/stores';
import {
  chargeRefundedEvent,
  checkoutSessionEvent,
  delivery,
  signed,
  testWebhookSecret,
} from '../../testing/stripe';
import { soldSession, workshopSite } from '../../testing/workshop-checkout';
import { forgetCommand } from './commands/forget';
import { pruneCommand } from './commands/prune';
import { addContactSubmission, addSubscriber } from './store';

/**
 * Erasure leaves the person nowhere (UK GDPR erasure; docs/decisions/020-stripe-sales.md,
 * 032-workshop-delivered.md, 033-cohort-applications.md): not in a column the forget knows of,
 * not in Stripe's stored events, and on SQLite not in the bytes of the file, its WAL or a backup
 * made afterwards. Seeded as the site meets a buyer: Stripe's signed events through the webhook
 * (a paid checkout of the workshop, an expired one that had the address fixed, a refund whose
 * charge names them), a sign-up, an enquiry and a cohort application.
 */

const address = 'ada.lovelace@example.com';
const typed = 'Ada.Lovelace@Example.COM';
const name = 'Augusta Ada Lovelace';
const other = 'bo.other@example.com';
const day = 24 * 60 * 60 * 1000;
const session = soldSession('2027-02-04', '2027-02-04T18:00:00.000Z', 10);

describeEachStore('leads forget leaves the address nowhere', ({ store, database }) => {
  const app = () =>
    createTestApp(
      store(),
      { STRIPE_WEBHOOK_SECRET: testWebhookSecret },
      undefined,
      undefined,
      workshopSite([session]),
    );
  async function deliver(event: object) {
    const response = await app().request('/api/stripe/webhook', delivery(signed(event)));
    expect(response.status).toBe(200);
  }

  async function seedBuyer(email: string, who: string, tag: string) {
    await deliver(
      checkoutSessionEvent('checkout.session.completed', {
        session: `cs_${tag}_paid`,
        email,
        name: who,
        paymentIntent: `pi_${tag}`,
        paymentLink: null,
        metadata: { workshop_session: session.id },
      }),
    );
    // An offer's or a seat's checkout made with the address fixed, left to expire unpaid.
    const expired = checkoutSessionEvent('checkout.session.expired', {
      session: `cs_${tag}_expired`,
      email: null,
      metadata: { workshop_session: session.id },
    });
    Object.assign(expired.data.object, { customer_email: email.toUpperCase() });
    await deliver(expired);
    const refund = chargeRefundedEvent({ charge: `ch_${tag}`, paymentIntent: `pi_${tag}` });
    Object.assign(refund.data.object, { billing_details: { email, name: who } });
    await deliver(refund);
    const meta = { ipHash: 'h', verified: true, host: 'localhost' };
    await addSubscriber(store(), { list: 'waitlist', email, firstName: who }, meta, []);
    await addContactSubmission(
      store(),
      { name: who, email, message: `Write to me at ${email}`, page: '/contact' },
      meta,
      ['owner-notify'],
    );
    await seedApplication(store(), { email, name: who });
  }

  async function seedBoth() {
    await seedBuyer(typed, name, 'ada');
    await seedBuyer(other, 'Bo Other', 'bo');
  }

  it('finds the address in no text of any table after forget, while the other buyer stays', async () => {
    await seedBoth();
    // The seeding reached every table that holds a person: the scan sees them before. Stripe's
    // events are not among them: what is kept of an event names no buyer.
    expect(await tablesHolding(store(), address)).toEqual([
      'cohort_applications',
      'contact_submissions',
      'sales',
      'subscribers',
      'workshop_attendees',
    ]);

    await forgetCommand.run({ store: store() }, { email: typed });

    expect(await tablesHolding(store(), address)).toEqual([]);
    expect(await tablesHolding(store(), name)).toEqual([]);
    // Not everyone is forgotten: the other buyer is still there to be found.
    expect(await tablesHolding(store(), other)).toContain('sales');
  });

  it('keeps no buyer in a stored event: only what the sale, the seat and the refund read of it', async () => {
    await seedBoth();
    const payloads = await store()
      .db.selectFrom('stripe_events')
      .select(['id', 'type', 'payload'])
      .execute();
    expect(payloads).toHaveLength(6);
    for (const { payload } of payloads) {
      const text = (payload ?? '').toLowerCase();
      expect(text).not.toContain(address);
      expect(text).not.toContain(other);
      expect(text).not.toContain('lovelace');
    }
    const paid = payloads.find((event) => event.type === 'checkout.session.completed');
    expect(JSON.parse(paid?.payload ?? '{}')).toMatchObject({
      type: 'checkout.session.completed',
      data: {
        object: {
          id: expect.stringMatching(/^cs_/),
          amount_total: 4900,
          currency: 'gbp',
          metadata: { workshop_session: session.id },
        },
      },
    });
  });

  it('clears a stored event that still names the address, however it is written', async () => {
    await seedBoth();
    // An event stored before the payloads were kept small: the whole body, with the address.
    const old = JSON.stringify(
      checkoutSessionEvent('checkout.session.expired', { session: 'cs_old', email: typed }),
    );
    await store()
      .db.insertInto('stripe_events')
      .values({
        id: 'evt_old',
        type: 'checkout.session.expired',
        created_at: '2026-11-01T00:00:00.000Z',
        received_at: '2026-11-01T00:00:00.000Z',
        object_id: 'cs_old',
        payload: old,
      })
      .execute();
    await forgetCommand.run({ store: store() }, { email: address });
    const kept = await store()
      .db.selectFrom('stripe_events')
      .select('payload')
      .where('id', '=', 'evt_old')
      .executeTakeFirstOrThrow();
    // The row stays, so a redelivery is still known; what named the person goes.
    expect(kept.payload).toBeNull();
    expect(await tablesHolding(store(), address)).toEqual([]);
  });

  it('leaves no byte of the address or the name in the file, its WAL, or a backup made after (SQLite)', async (context) => {
    if (database().dialect !== 'sqlite') return context.skip();
    await seedBoth();
    await forgetCommand.run({ store: store() }, { email: address });
    const dataDir = database().env.DATA_DIR;
    const backup = join(dataDir, 'after-forget.sqlite');
    await backupSqlite(dataDir, backup);
    const live = sqlitePath(dataDir);
    const files = [live, `${live}-wal`, backup].filter((file) => existsSync(file));
    expect(files).toContain(live);
    const bytesOf = (file: string) => readFileSync(file).toString('latin1').toLowerCase();
    for (const file of files) {
      const bytes = bytesOf(file);
      expect({ file, address: bytes.includes(address) }).toEqual({ file, address: false });
      expect({ file, name: bytes.includes(name.toLowerCase()) }).toEqual({ file, name: false });
    }
    // The other buyer is there, in the live files and in the backup: the search would have seen
    // the erased one.
    const liveBytes = files
      .filter((file) => file !== backup)
      .map(bytesOf)
      .join('');
    expect(liveBytes.includes(other)).toBe(true);
    expect(bytesOf(backup).includes(other)).toBe(true);
  });

  it('ages stored events out with leads prune, the sales staying for the books', async () => {
    await seedBoth();
    // Events past the cut-off: Stripe made them 40 days ago.
    const now = new Date();
    await store()
      .db.updateTable('stripe_events')
      .set({ created_at: new Date(now.getTime() - 40 * day).toISOString() })
      .where('object_id', 'like', 'cs_ada%')
      .execute();
    await pruneCommand.run(
      { store: store(), now, applicationRetentionMonths: 12 },
      { olderThan: 30 * day },
    );
    const events = await store()
      .db.selectFrom('stripe_events')
      .select(['object_id', 'payload'])
      .orderBy('object_id')
      .execute();
    expect(
      events.filter((event) => event.payload === null).map((event) => event.object_id),
    ).toEqual(['cs_ada_expired', 'cs_ada_paid']);
    // Every event keeps its row (a redelivery is still known), and every sale its amount.
    expect(events).toHaveLength(6);
    const sales = await store().db.selectFrom('sales').select(['id', 'amount']).execute();
    expect(sales).toHaveLength(2);
  });
});

/** The tables of the store with a value in any column that holds `text`, in any case. */
async function tablesHolding(store: Store, text: string): Promise<string[]> {
  const needle = text.toLowerCase();
  const found: string[] = [];
  for (const table of await tableNames(store)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      store.db,
    );
    const holds = rows.some((row) =>
      Object.values(row).some((value) => {
        if (value === null || value === undefined) return false;
        const shown = Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
        return shown.toLowerCase().includes(needle);
      }),
    );
    if (holds) found.push(table);
  }
  return found.sort();
}

/** Every table of the store, read from the database's own catalogue. */
async function tableNames(store: Store): Promise<string[]> {
  if (store.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      store.db,
    );
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(store.db);
  return rows.map((row) => row.table_name);
}
