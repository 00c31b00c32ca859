import { expect, it } from 'vitest';
import type { Store } from '../db/store';
import { parseEnv } from '../env';
import { createLogger } from '../logger';
import { siteHosts } from '../site-hosts';
import { describeEachStore } from '../testing/stores';
import { createPageViewCounter, startPageViewCounter } from './counter';

const env = parseEnv({ LOG_LEVEL: 'silent', SITE_URL: 'https://example.com' });
const logger = createLogger(env);
const browser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** A page request as the app hands it over. */
function pageRequest(url: string, headers: Record<string, string> = {}) {
  return {
    method: 'GET',
    url,
    headers: new Headers({ host: new URL(url).host, 'user-agent': browser, ...headers }),
  };
}

async function storedViews(store: Store) {
  return store.db
    .selectFrom('page_views')
    .selectAll()
    .orderBy('path')
    .orderBy('views')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, views: Number(row.views) })));
}

async function storedSaltDays(store: Store) {
  const rows = await store.db.selectFrom('page_view_salts').select('day').orderBy('day').execute();
  return rows.map((row) => row.day);
}

describeEachStore('page view counter', ({ store, database }) => {
  const clock = (iso: string) => {
    const time = { now: new Date(iso) };
    return { time, now: () => time.now };
  };
  const counterOn = (target: Store, now?: () => Date) =>
    createPageViewCounter({ store: target, logger, siteHosts: siteHosts(env), now });

  it('counts a source under one name however it was spelt', async () => {
    const counter = counterOn(store());
    counter.record(pageRequest('https://example.com/ig'), '203.0.113.7');
    counter.record(pageRequest('https://example.com/ig?utm_source=INSTAGRAM'), '203.0.113.7');
    counter.record(
      pageRequest('https://example.com/ig', { referer: 'https://l.instagram.com/' }),
      '203.0.113.7',
    );
    await counter.flush();
    expect(await storedViews(store())).toEqual([
      expect.objectContaining({ path: '/ig', source: 'Instagram', views: 3 }),
    ]);
  });

  it('adds counts at each flush, by day, host, path, source and visitor', async () => {
    const { now } = clock('2026-11-20T10:00:00Z');
    const counter = counterOn(store(), now);
    for (let i = 0; i < 3; i++) {
      counter.record(pageRequest('https://example.com/Book/?utm_source=ig-story'), '203.0.113.7');
    }
    counter.record(pageRequest('https://example.com/book'), '198.51.100.9');
    counter.record(
      pageRequest('https://www.waitlist.localhost/li', { referer: 'https://google.com/' }),
      '198.51.100.9',
    );
    await counter.flush();
    const first = await storedViews(store());
    expect(first).toEqual([
      expect.objectContaining({
        day: '2026-11-20',
        host: 'example.com',
        path: '/book',
        source: 'Direct',
        views: 1,
      }),
      expect.objectContaining({ host: 'example.com', path: '/book', source: 'ig-story', views: 3 }),
      expect.objectContaining({ host: 'waitlist.localhost', path: '/li', source: 'LinkedIn' }),
    ]);
    // Never the address itself, only a hash that differs between two people.
    expect(JSON.stringify(first)).not.toMatch(/203\.0\.113\.7|198\.51\.100\.9/);
    expect(first[0]?.visitor).not.toBe(first[1]?.visitor);

    counter.record(pageRequest('https://example.com/book?utm_source=ig-story'), '203.0.113.7');
    counter.record(pageRequest('https://example.com/book?utm_source=ig-story'), '203.0.113.7');
    await counter.flush();
    await counter.flush(); // nothing new: nothing added
    const second = await storedViews(store());
    expect(second.map((row) => row.views)).toEqual([1, 5, 1]);
  });

  it('adds up the counts of two instances flushing into one database at once', async () => {
    const other = await database().open();
    try {
      const { time, now } = clock('2026-11-20T10:00:00Z');
      const counters = [counterOn(store(), now), counterOn(other, now)];
      // Each loads the shared salt first, so one visitor is one hash on every instance.
      await Promise.all(counters.map((counter) => counter.flush()));
      for (let round = 0; round < 3; round++) {
        // A round each ten minutes: one address's views stay within its counting budget.
        time.now = new Date(time.now.getTime() + 10 * 60_000);
        for (const counter of counters) {
          for (let i = 0; i < 50; i++) {
            counter.record(pageRequest('https://example.com/'), '203.0.113.7');
            counter.record(pageRequest(`https://example.com/?utm_source=s${i % 5}`), `10.0.0.${i}`);
          }
        }
        await Promise.all(counters.map((counter) => counter.flush()));
      }
      const rows = await storedViews(store());
      expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(2 * 3 * 100);
      const direct = rows.filter((row) => row.source === 'Direct');
      expect(direct).toEqual([expect.objectContaining({ views: 300 })]);
    } finally {
      await other.close();
    }
  });

  it('salts each day afresh and deletes the salts of days gone', async () => {
    const { time, now } = clock('2026-11-20T23:59:59Z');
    const counter = counterOn(store(), now);
    await counter.flush();
    expect(await storedSaltDays(store())).toEqual(['2026-11-20', '2026-11-21']);
    counter.record(pageRequest('https://example.com/'), '203.0.113.7');
    time.now = new Date('2026-11-21T00:00:01Z');
    counter.record(pageRequest('https://example.com/'), '203.0.113.7');
    await counter.flush();
    // Yesterday's salt is gone: yesterday's hash can no longer be recomputed for anyone.
    expect(await storedSaltDays(store())).toEqual(['2026-11-21', '2026-11-22']);
    const [yesterday, today] = await storedViews(store()).then((rows) =>
      rows.sort((a, b) => a.day.localeCompare(b.day)),
    );
    expect(yesterday?.day).toBe('2026-11-20');
    expect(today?.day).toBe('2026-11-21');
    expect(today?.visitor).not.toBe(yesterday?.visitor);
  });

  it('knows a visitor again after a minor browser update, not after a major one', () => {
    const { now } = clock('2026-11-20T10:00:00Z');
    const counter = counterOn(store(), now);
    const as = (version: string) =>
      counter.record(
        pageRequest('https://example.com/', {
          'user-agent': browser.replace('142.0.0.0', version),
        }),
        '203.0.113.7',
      );
    const first = as('142.0.7444.59');
    expect(first).not.toBeNull();
    expect(as('142.0.7444.176')).toEqual(first);
    const next = as('143.0.7499.40');
    expect(next?.key).not.toBe(first?.key);
    // One address behind both: the same client.
    expect(next?.client).toBe(first?.client);
  });

  it('counts an address’s views up to its budget, then serves it uncounted until the window ends', async () => {
    const { time, now } = clock('2026-11-20T10:00:00Z');
    const counter = counterOn(store(), now);
    const visitors = Array.from({ length: 100 }, () =>
      counter.record(pageRequest('https://example.com/'), '203.0.113.7'),
    );
    expect(visitors.filter(Boolean)).toHaveLength(60);
    // A checkout click spends from the same budget.
    expect(counter.admit('203.0.113.7')).toBe(false);
    // Another address has its own.
    expect(counter.record(pageRequest('https://example.com/'), '198.51.100.9')).not.toBeNull();
    time.now = new Date(time.now.getTime() + 10 * 60_000);
    expect(counter.record(pageRequest('https://example.com/'), '203.0.113.7')).not.toBeNull();
    await counter.flush();
    expect((await storedViews(store())).map((row) => row.views)).toEqual([1, 61]);
    // Without a limit (PAGE_VIEW_RATE_LIMIT=0), every view counts.
    const unlimited = createPageViewCounter({
      store: store(),
      logger,
      siteHosts: siteHosts(env),
      perAddress: 0,
      now,
    });
    for (let view = 0; view < 100; view++) {
      expect(unlimited.record(pageRequest('https://example.com/'), '203.0.113.8')).not.toBeNull();
    }
  });

  it('keeps the counts of a failed write for the next flush', async () => {
    let failures = 2;
    const flaky: Store = {
      ...store(),
      write: (work) => {
        if (failures-- > 0) return Promise.reject(new Error('disk full'));
        return store().write(work);
      },
    };
    const counter = counterOn(flaky);
    counter.record(pageRequest('https://example.com/'), '203.0.113.7');
    await counter.flush(); // both the salts and the counts fail to be written
    expect(await storedViews(store())).toEqual([]);
    counter.record(pageRequest('https://example.com/'), '203.0.113.7');
    await counter.flush();
    expect((await storedViews(store())).map((row) => row.views)).toEqual([2]);
  });

  it('writes what is left when it stops', async () => {
    const counter = await startPageViewCounter({
      store: store(),
      logger,
      siteHosts: siteHosts(env),
    });
    counter.record(pageRequest('https://example.com/'), '203.0.113.7');
    await counter.stop();
    expect((await storedViews(store())).map((row) => row.views)).toEqual([1]);
  });
});
