import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaths } from './build-paths';
import { openStore, type Store } from './db/store';
import { startFakeKit } from './providers/fake-kit';
import { type ServerProcess, startServerProcess } from './testing/server-process';
import { countRows, createScratchPostgres } from './testing/stores';

/**
 * Two real server processes on one PostgreSQL, as behind a load balancer: one client's rate
 * limit is one budget whichever instance it reaches, and every lead posted to either is stored
 * once and forwarded to Kit once (the two outbox workers share the queue).
 */
const postgres = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgres || (!existsSync(buildPaths.pages) && !process.env.CI))(
  'two instances on one PostgreSQL',
  () => {
    const apiKey = 'kit-multi-instance';
    let scratch: NonNullable<Awaited<ReturnType<typeof createScratchPostgres>>>;
    let kit: Awaited<ReturnType<typeof startFakeKit>>;
    let instances: ServerProcess[];
    let store: Store;

    beforeAll(async () => {
      scratch = (await createScratchPostgres()) as typeof scratch;
      kit = await startFakeKit(apiKey);
      const env = {
        DATABASE_URL: scratch.url,
        DATA_DIR: '',
        IP_HASH_KEY: 'the-same-key-on-every-instance-0123456789',
        TRUST_PROXY: 'loopback',
        LEAD_RATE_LIMIT: '5',
        KIT_API_KEY: apiKey,
        KIT_API_URL: kit.url,
        KIT_FORM_ID_WAITLIST: '4242',
      };
      // One after the other: the first migrates, the second finds the schema in place.
      instances = [await startServerProcess(env), await startServerProcess(env)];
      store = await openStore({ DATA_DIR: '', DATABASE_URL: scratch.url });
    }, 60_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await store?.close();
      await kit?.close();
      await scratch?.drop();
    });

    const signUp = (instance: ServerProcess, email: string, client: string) =>
      fetch(`${instance.url}/api/subscriptions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
        body: JSON.stringify({ list: 'waitlist', email }),
      });

    it('spends one client’s budget across both instances', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const instance = instances[i % 2] as ServerProcess;
        statuses.push((await signUp(instance, `budget${i}@example.com`, '198.51.100.77')).status);
      }
      // Five in the window, not five per instance.
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    });

    it('stores and forwards each of 200 concurrent sign-ups exactly once', async () => {
      const emails = Array.from({ length: 200 }, (_, i) => `reader${i}@example.com`);
      const responses = await Promise.all(
        emails.map((email, i) =>
          signUp(instances[i % 2] as ServerProcess, email, `203.0.113.${i % 250}`),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(emails.map(() => 201));
      await expect
        .poll(() => kit.formAdds.get('4242')?.size ?? 0, { timeout: 30_000, interval: 200 })
        .toBe(emails.length + 5);
      const adds = kit.formAdds.get('4242') ?? new Map<string, number>();
      expect([...adds.values()].every((count) => count === 1)).toBe(true);
      expect(await countRows(store, 'subscribers')).toBe(emails.length + 5);
      const sent = await store.db
        .selectFrom('outbox_jobs')
        .select('status')
        .where('status', '!=', 'sent')
        .execute();
      expect(sent).toEqual([]);
    });
  },
);
