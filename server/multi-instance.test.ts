import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildPaths } from './build-paths';
import type { Store } from './db/store';
import { inviteOwner, startSession } from './features/room';
import { startFakeKit } from './providers/fake-kit';
import { openStore } from './store';
import { type ServerProcess, startServerProcess } from './testing/server-process';
import { countRows, createScratchPostgres } from './testing/stores';

/**
 * Two real server processes on one PostgreSQL, as behind a load balancer: one client's rate
 * limit is one budget whichever instance it reaches, and every lead posted to either is stored
 * once and forwarded to Kit once (the two outbox workers share the queue); what the owner
 * publishes on one is served by both.
 */

/** A request as a browser on the main site sends it (its Host, and its Origin on a POST). */
function onMainSite(
  instance: ServerProcess,
  method: 'GET' | 'POST',
  path: string,
  cookie = '',
  extra: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(path, instance.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        headers: {
          Host: 'localhost:3000',
          ...(method === 'POST'
            ? { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' }
            : {}),
          ...(cookie ? { Cookie: cookie } : {}),
          ...extra,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(method === 'POST' ? '{}' : undefined);
  });
}
const postgres = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgres || (!existsSync(buildPaths.pages) && !process.env.CI))(
  'two instances on one PostgreSQL',
  () => {
    const apiKey = 'kit-multi-instance';
    let scratch: NonNullable<Awaited<ReturnType<typeof createScratchPostgres>>>;
    let kit: Awaited<ReturnType<typeof startFakeKit>>;
    let instances: ServerProcess[];
    let store: Store;
    /** Each instance's own data directory (its working copy and renders), as on two machines. */
    const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'instance-')));

    beforeAll(async () => {
      scratch = (await createScratchPostgres()) as typeof scratch;
      kit = await startFakeKit(apiKey);
      const env = {
        DATABASE_URL: scratch.url,
        SITE_URL: 'http://localhost:3000',
        IP_HASH_KEY: 'the-same-key-on-every-instance-0123456789',
        TRUST_PROXY: 'loopback',
        LEAD_RATE_LIMIT: '5',
        KIT_API_KEY: apiKey,
        KIT_API_URL: kit.url,
        KIT_FORM_ID_WAITLIST: '4242',
      };
      // One after the other: the first migrates, the second finds the schema in place.
      instances = [
        await startServerProcess({ ...env, DATA_DIR: dataDirs[0] as string }),
        await startServerProcess({ ...env, DATA_DIR: dataDirs[1] as string }),
      ];
      store = await openStore({ DATA_DIR: '', DATABASE_URL: scratch.url });
    }, 60_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await store?.close();
      await kit?.close();
      await scratch?.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
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
      // Kit hears of the last sign-up a moment before its job is marked sent: wait for the mark.
      await expect
        .poll(
          () =>
            store.db
              .selectFrom('outbox_jobs')
              .select('status')
              .where('status', '!=', 'sent')
              .execute(),
          { timeout: 10_000, interval: 200 },
        )
        .toEqual([]);
    });

    it('serves on both instances what the owner published on one, within seconds', async () => {
      const now = Date.now();
      const { owner } = await inviteOwner(store, 'Jamie', now);
      const cookie = `owner_session=${await startSession(store, owner, 'sign-in', now)}`;
      const [first, second] = instances as [ServerProcess, ServerProcess];

      // The owner opens the editor on the first instance, which makes its working copy; then
      // edits a file in it, as the editor saves it.
      const opened = await onMainSite(first, 'GET', '/owner/api/editor/tree', cookie, {
        'no-cors': '1',
      });
      expect(opened.status, opened.body).toBe(200);
      const file = join(dataDirs[0] as string, 'content/home.yaml');
      const document = parseDocument(readFileSync(file, 'utf8'));
      const edited = `Published on one instance at ${now}.`;
      document.setIn(['hero', 'sub'], edited);
      writeFileSync(file, String(document));

      expect((await onMainSite(second, 'GET', '/')).body).not.toContain(edited);
      const published = await onMainSite(first, 'POST', '/owner/api/publish', cookie);
      expect(published.status, published.body).toBe(200);
      expect((await onMainSite(first, 'GET', '/')).body).toContain(edited);
      await expect
        .poll(async () => (await onMainSite(second, 'GET', '/')).body.includes(edited), {
          timeout: 30_000,
          interval: 500,
        })
        .toBe(true);
    }, 60_000);
  },
);
