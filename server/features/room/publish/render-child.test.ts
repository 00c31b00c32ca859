import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildPaths } from '../../../build-paths';
import { renderEnv, renderInChild, renderMemoryMb } from './render-child';

/**
 * The renderer child gets only what a render reads: a secret of the server's (Kit, Stripe, SMTP,
 * the IP-hash key) never reaches it, and its memory is capped. A stand-in renderer writes what
 * it was given where the real one writes its pages.
 */
const secrets = {
  KIT_API_KEY: 'kit-secret-key',
  KIT_WEBHOOK_SECRET: 'kit-webhook-secret',
  STRIPE_WEBHOOK_SECRET: 'whsec_stripe-secret',
  SMTP_URL: 'smtps://mailer:smtp-password@mail.example:465',
  IP_HASH_KEY: 'ip-hash-secret',
  DATABASE_URL: 'postgres://leads:db-password@db.example/leads',
};
const settings = { SITE_URL: 'https://jamie.example', WAITLIST_HOST: 'waitlist.example' };

let dir: string;
const before = { ...process.env };
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'render-child-'));
  Object.assign(process.env, secrets, settings);
});
afterEach(async () => {
  for (const name of Object.keys({ ...secrets, ...settings })) {
    if (before[name] === undefined) delete process.env[name];
    else process.env[name] = before[name];
  }
  await rm(dir, { recursive: true, force: true });
});

it('gives the renderer the settings a render reads and none of the server’s secrets, with a memory cap', async () => {
  const renderer = join(dir, 'env-renderer.mjs');
  await writeFile(
    renderer,
    `import { writeFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
const out = process.argv[process.argv.indexOf('--out') + 1];
writeFileSync(out, JSON.stringify({ env: process.env, heapLimit: getHeapStatistics().heap_size_limit }));
`,
  );
  const out = join(dir, 'seen.json');
  await renderInChild({ root: buildPaths.root, contentRenderer: renderer }, dir, out);
  const seen = JSON.parse(await readFile(out, 'utf8')) as {
    env: Record<string, string>;
    heapLimit: number;
  };

  const everything = JSON.stringify(seen.env);
  for (const [name, value] of Object.entries(secrets)) {
    expect(seen.env[name], name).toBeUndefined();
    expect(everything).not.toContain(value);
  }
  expect(seen.env).toMatchObject({ ...settings, PATH: process.env.PATH });
  // V8's limit is the old space asked for plus its young generation, which V8 sizes itself:
  // 48 MB on Node 20, 192 MB on Node 24. Uncapped, this machine's limit is about 4 GB.
  expect(seen.heapLimit / 1024 / 1024).toBeLessThan(renderMemoryMb + 256);
}, 20_000);

it('renders with React’s production build unless the server says otherwise', () => {
  expect(renderEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', NODE_ENV: 'production' });
  expect(renderEnv({ NODE_ENV: 'test' }).NODE_ENV).toBe('test');
});
