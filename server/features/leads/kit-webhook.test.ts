import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { expect, it } from 'vitest';
import type { Store } from '../../db/store';
import type { Logger } from '../../logger';
import { createTestApp, postJson } from '../../testing/app';
import {
  deliverToKitWebhook,
  kitEnvelope,
  kitEvent,
  testKitWebhookSecret,
} from '../../testing/kit-webhook';
import { describeEachStore } from '../../testing/stores';
import { kitEventTypes, subscriberStatus } from './kit-events';
import { exportSubscribers, latestLeads } from './owner-data';

const settings = { KIT_WEBHOOK_SECRET: testKitWebhookSecret };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function kitEventCount(store: Store): Promise<number> {
  const row = await store.db
    .selectFrom('kit_events')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function statusOf(store: Store, email: string) {
  const rows = await store.db
    .selectFrom('subscribers')
    .select(['list', 'confirmed_at', 'unsubscribed_at', 'bounced_at', 'complained_at'])
    .where('email', '=', email)
    .orderBy('list')
    .execute();
  return rows.map((row) => ({ list: row.list, status: subscriberStatus(row), row }));
}

describeEachStore('POST /api/kit/webhook', ({ store }) => {
  const app = (logger?: Logger) => createTestApp(store(), settings, undefined, logger);
  const signUp = async (email: string, list = 'waitlist') =>
    expect((await postJson(app(), '/api/subscriptions', { list, email })).status).toBe(201);

  it('is not there at all without KIT_WEBHOOK_SECRET', async () => {
    const response = await deliverToKitWebhook(
      createTestApp(store()),
      kitEnvelope([kitEvent('subscriber.activated', 'a@example.com', minutesAgo(1))]),
    );
    expect(response.status).toBe(404);
    expect(await kitEventCount(store())).toBe(0);
  });

  it.each([
    ['subscriber.activated', 'confirmed', 'confirmed_at'],
    ['subscriber.unsubscribed', 'unsubscribed', 'unsubscribed_at'],
    ['subscriber.bounced', 'bounced', 'bounced_at'],
    ['subscriber.complained', 'complained', 'complained_at'],
  ] as const)('records %s on every sign-up of the address', async (type, status, column) => {
    await signUp('ada@example.com', 'waitlist');
    await signUp('ada@example.com', 'newsletter');
    await signUp('bob@example.com');
    const at = minutesAgo(2);
    // Kit may spell the address in other capitals than the form did.
    const response = await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent(type, 'Ada@Example.com', at)]),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      recorded: 1,
      duplicates: 0,
      subscribers: 2,
      ignored: 0,
    });
    const ada = await statusOf(store(), 'ada@example.com');
    expect(ada.map((row) => row.status)).toEqual([status, status]);
    expect(ada[0]?.row[column]).toBe(at);
    expect((await statusOf(store(), 'bob@example.com'))[0]?.status).toBe('unconfirmed');
  });

  it('subscribes to exactly the four kinds it acts on', () => {
    expect(kitEventTypes).toEqual([
      'subscriber.activated',
      'subscriber.unsubscribed',
      'subscriber.bounced',
      'subscriber.complained',
    ]);
  });

  it('records a delivery of many events, and each event once however often it comes', async () => {
    const emails = Array.from({ length: 100 }, (_, i) => `friend${i}@example.com`);
    for (const email of emails.slice(0, 3)) await signUp(email);
    const envelope = kitEnvelope(
      emails.map((email) => kitEvent('subscriber.activated', email, minutesAgo(3))),
    );
    const first = await deliverToKitWebhook(app(), envelope);
    expect(await first.json()).toMatchObject({ recorded: 100, duplicates: 0, subscribers: 3 });
    // Kit's retry of the same delivery, and an upstream re-emit under a new delivery id.
    const retry = await deliverToKitWebhook(app(), envelope);
    expect(await retry.json()).toMatchObject({ recorded: 0, duplicates: 100, subscribers: 0 });
    const reEmit = await deliverToKitWebhook(app(), { ...envelope, delivery_id: 99 });
    expect(reEmit.status).toBe(200);
    expect(await kitEventCount(store())).toBe(100);
  });

  it('decides by when events happened, not the order they arrive in', async () => {
    await signUp('ada@example.com');
    await signUp('bob@example.com');
    const [confirmed, unsubscribed, confirmedAgain] = [
      minutesAgo(30),
      minutesAgo(20),
      minutesAgo(10),
    ];
    // Ada unsubscribed after confirming; the unsubscribe arrives first.
    await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent('subscriber.unsubscribed', 'ada@example.com', unsubscribed)]),
    );
    await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent('subscriber.activated', 'ada@example.com', confirmed)]),
    );
    const [ada] = await statusOf(store(), 'ada@example.com');
    expect(ada?.status).toBe('unsubscribed');
    // Still counted as having confirmed (the funnel's "confirmed").
    expect(ada?.row.confirmed_at).toBe(confirmed);

    // Bob: the re-subscription arrives before the unsubscribe it follows.
    await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent('subscriber.activated', 'bob@example.com', confirmedAgain)]),
    );
    await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent('subscriber.unsubscribed', 'bob@example.com', unsubscribed)]),
    );
    await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent('subscriber.activated', 'bob@example.com', confirmed)]),
    );
    const [bob] = await statusOf(store(), 'bob@example.com');
    expect(bob?.status).toBe('confirmed');
    expect(bob?.row.confirmed_at).toBe(confirmedAgain); // the later time is kept
  });

  it('refuses a wrong secret, an old timestamp and a body changed after signing', async () => {
    await signUp('ada@example.com');
    const envelope = kitEnvelope([
      kitEvent('subscriber.activated', 'ada@example.com', minutesAgo(1)),
    ]);
    const refused = [
      await deliverToKitWebhook(app(), envelope, { secret: 'not-the-secret-at-all-000' }),
      await deliverToKitWebhook(app(), envelope, { at: new Date(Date.now() - 6 * 60_000) }),
      await deliverToKitWebhook(app(), envelope, { at: new Date(Date.now() + 6 * 60_000) }),
      await deliverToKitWebhook(
        app(),
        kitEnvelope([kitEvent('subscriber.activated', 'eve@example.com', minutesAgo(1))]),
        { signedBody: JSON.stringify(envelope) },
      ),
      await deliverToKitWebhook(app(), envelope, { headers: { 'X-Kit-Signature': '' } }),
      await postJson(app(), '/api/kit/webhook', envelope), // unsigned
    ];
    expect(refused.map((response) => response.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await kitEventCount(store())).toBe(0);
    expect((await statusOf(store(), 'ada@example.com'))[0]?.status).toBe('unconfirmed');
  });

  it('is no form: a signed delivery is taken whatever Origin it names, beyond the form rate limit', async () => {
    const limited = createTestApp(store(), { ...settings, LEAD_RATE_LIMIT: '1' });
    for (let i = 0; i < 3; i++) {
      const response = await deliverToKitWebhook(
        limited,
        kitEnvelope([kitEvent('subscriber.activated', 'a@example.com', minutesAgo(1))]),
        { headers: { Origin: 'https://app.kit.com' } },
      );
      expect(response.status).toBe(200);
    }
  });

  it('acknowledges what it does not act on, and changes nothing for it', async () => {
    await signUp('ada@example.com');
    const unknownType = await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent('subscriber.tag_added', 'ada@example.com', minutesAgo(1))]),
    );
    expect(unknownType.status).toBe(200);
    expect(await unknownType.json()).toMatchObject({ recorded: 0, ignored: 1 });
    expect(await kitEventCount(store())).toBe(0);

    // An address nobody signed up with: the event is recorded (once), nobody changes.
    const stranger = await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent('subscriber.activated', 'stranger@example.com', minutesAgo(1))]),
    );
    expect(await stranger.json()).toMatchObject({ recorded: 1, subscribers: 0 });

    // Junk where the subscriber should be, and an address with control characters in it.
    const junk = [
      { ...kitEvent('subscriber.activated', '', minutesAgo(1)), data: { subscriber: [[[{}]]] } },
      { ...kitEvent('subscriber.activated', '', minutesAgo(1)), data: 'x'.repeat(10_000) },
      kitEvent('subscriber.activated', 'ada@example.com\u0000\u001b[31m', minutesAgo(1)),
      kitEvent('subscriber.activated', 'ada@example.com\nbob@example.com', minutesAgo(1)),
    ];
    const response = await deliverToKitWebhook(app(), kitEnvelope(junk));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ recorded: 4, subscribers: 0 });
    expect((await statusOf(store(), 'ada@example.com'))[0]?.status).toBe('unconfirmed');
  });

  it.each([
    ['not JSON', '{"events": ['],
    ['no events', kitEnvelope([])],
    [
      'more than 100 events',
      kitEnvelope(
        Array.from({ length: 101 }, () =>
          kitEvent('subscriber.activated', 'a@example.com', minutesAgo(1)),
        ),
      ),
    ],
    [
      'an event without a UUID',
      kitEnvelope([
        { ...kitEvent('subscriber.activated', 'a@example.com', minutesAgo(1)), id: '1 OR 1=1' },
      ]),
    ],
    [
      'an event without a time',
      kitEnvelope([{ ...kitEvent('subscriber.activated', 'a@example.com', 'yesterday') }]),
    ],
    ['an array', '[]'],
  ])('answers 400 to a signed body that is not an envelope (%s)', async (_, body) => {
    const response = await deliverToKitWebhook(app(), body);
    expect(response.status).toBe(400);
    expect(await kitEventCount(store())).toBe(0);
  });

  it('refuses a body past its size limit before reading it all', async () => {
    const huge = JSON.stringify(
      kitEnvelope([
        {
          ...kitEvent('subscriber.activated', 'a@example.com', minutesAgo(1)),
          data: 'x'.repeat(1_100_000),
        },
      ]),
    );
    const response = await deliverToKitWebhook(app(), huge);
    expect(response.status).toBe(413);
  });

  it('records one event once under 1,000 concurrent deliveries of it', async () => {
    await signUp('ada@example.com');
    const event = kitEvent('subscriber.activated', 'ada@example.com', minutesAgo(1), randomUUID());
    const envelope = kitEnvelope([event]);
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => deliverToKitWebhook(app(), envelope)),
    );
    expect(answers.every((response) => response.status === 200)).toBe(true);
    const bodies = (await Promise.all(answers.map((response) => response.json()))) as {
      recorded: number;
      subscribers: number;
    }[];
    expect(bodies.reduce((sum, body) => sum + body.recorded, 0)).toBe(1);
    expect(bodies.reduce((sum, body) => sum + body.subscribers, 0)).toBe(1);
    expect(await kitEventCount(store())).toBe(1);
    expect((await statusOf(store(), 'ada@example.com'))[0]?.status).toBe('confirmed');
  }, 60_000);

  it('shows an unsubscribe or a bounce in the owner’s records', async () => {
    await signUp('ada@example.com');
    await signUp('bob@example.com');
    const at = minutesAgo(1);
    await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent('subscriber.unsubscribed', 'ada@example.com', at)]),
    );
    await deliverToKitWebhook(
      app(),
      kitEnvelope([kitEvent('subscriber.bounced', 'bob@example.com', at)]),
    );
    const latest = await latestLeads(store(), { limit: 10 });
    expect(latest.map((lead) => [lead.email, lead.status])).toEqual(
      expect.arrayContaining([
        ['ada@example.com', 'unsubscribed'],
        ['bob@example.com', 'bounced'],
      ]),
    );
    const exported = await exportSubscribers(store(), {});
    expect(exported.map((row) => [row.email, row.unsubscribed_at, row.bounced_at])).toEqual(
      expect.arrayContaining([
        ['ada@example.com', at, null],
        ['bob@example.com', null, at],
      ]),
    );
  });

  it('logs what it did without the addresses', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    await deliverToKitWebhook(
      app(logger),
      kitEnvelope([kitEvent('subscriber.bounced', 'zebedee.quux@example.com', minutesAgo(1))]),
    );
    await deliverToKitWebhook(app(logger), kitEnvelope([]), {
      secret: 'wrong-secret-wrong-secret',
    });
    const log = lines.join('');
    expect(log).toContain('kit webhook recorded');
    expect(log).toContain('kit webhook signature refused');
    expect(log).not.toContain('zebedee');
  });
});
