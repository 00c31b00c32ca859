import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { envSchema } from '../server/env';
import { stepCommand, testStages } from './test';

/**
 * The deployment files (docs/deploy.md) against the code and CI. No Docker engine, systemd or
 * Caddy runs here, so the files are read: the image is built with the commands CI runs, the
 * server it starts needs nothing from devDependencies, and the unit, the proxy, compose and the
 * documented settings agree on users, paths, hosts and the port. Where systemd-analyze or caddy
 * is installed, they check the files too.
 */
const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const packageJson = JSON.parse(read('package.json')) as Record<string, Record<string, string>>;
const defaults = envSchema.parse({});

// --- Dockerfile ---------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's stages, each a list of instructions with continuation lines joined. */
function dockerStages(text: string): { name: string; instructions: Instruction[] }[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: { name: string; instructions: Instruction[] }[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      stages.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '', instructions: [] });
    }
    stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args: args.trim() });
  }
  return stages;
}

const stages = dockerStages(read('Dockerfile'));
const runtime = stages.at(-1);
const instructions = (stage: typeof runtime, keyword: string) =>
  stage?.instructions.filter((i) => i.keyword === keyword).map((i) => i.args) ?? [];
/** A RUN's command without its own flags (`--mount=…`). */
const runCommand = (args: string) => args.replace(/^(--\S+\s+)+/, '');
/** A JSON-form CMD or HEALTHCHECK command as one line. */
const execForm = (args: string) =>
  (JSON.parse(args.replace(/^.*?(?=\[)/, '')) as string[]).join(' ');

/**
 * The npm commands CI runs: .ci/run's own and those of `npm test` (scripts/test.ts), without the
 * flags that only quiet npm's output. `npm test`'s build step runs `npm run build` with the
 * browser tests' settings (scripts/test-build.ts).
 */
function ciCommands(): string[] {
  const fromScript = [...read('.ci/run').matchAll(/^\s*(npm\s.+)$/gm)].map(([, line]) => line);
  const runsTests = packageJson.scripts?.test === 'tsx scripts/test.ts';
  const fromTest = runsTests ? testStages.flat().map((step) => stepCommand(step).join(' ')) : [];
  const buildsForTests =
    fromTest.includes('npm run test:build') &&
    /spawnSync\('npm', \['run', 'build'\]/.test(read('scripts/test-build.ts'));
  const testBuild = buildsForTests ? ['npm run build'] : [];
  return [...fromScript, ...fromTest, ...testBuild].map((command) =>
    (command ?? '').replace(/\s--no-(audit|fund)\b/g, '').trim(),
  );
}

describe('Dockerfile', () => {
  it('builds with the commands CI runs, and installs the production dependencies apart', () => {
    const runs = stages.flatMap((stage) => instructions(stage, 'RUN').map(runCommand));
    const npmRuns = runs.filter((command) => command.startsWith('npm '));
    expect(npmRuns).toEqual(['npm ci', 'npm run build', 'npm ci --omit=dev']);
    // `npm ci --omit=dev` is checked below: the server imports nothing from devDependencies.
    for (const command of npmRuns.filter((c) => c !== 'npm ci --omit=dev')) {
      expect(ciCommands(), command).toContain(command);
    }
    expect(runs.filter((command) => !command.startsWith('npm '))).toEqual([
      'mkdir -p /data && chown node:node /data',
    ]);
    // The runtime's packages are those of the production-only install, not the build's.
    const productionStage = stages.find((stage) =>
      instructions(stage, 'RUN').includes('npm ci --omit=dev'),
    );
    expect(instructions(runtime, 'COPY')).toContain(
      `--from=${productionStage?.name} /app/node_modules ./node_modules`,
    );
  });

  it('runs the server as a non-root user, checks /api/health, and keeps SQLite on a volume', () => {
    const [user] = instructions(runtime, 'USER');
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user?.split(':')[0]);
    const [healthcheck = ''] = instructions(runtime, 'HEALTHCHECK');
    expect(execForm(healthcheck)).toMatch(/^node -e .*fetch\(.*\/api\/health/);
    const env = Object.fromEntries(
      instructions(runtime, 'ENV').flatMap((args) =>
        [...args.matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [name, value]),
      ),
    );
    expect(instructions(runtime, 'VOLUME')).toEqual([env.DATA_DIR]);
    expect(instructions(runtime, 'EXPOSE')).toEqual([env.PORT]);
    expect(env.BIND_ADDRESS).toBe('0.0.0.0');
  });
});

// --- What the server needs at run time --------------------------------------------------------

const serverCommand = 'node --import tsx server/index.ts';

/**
 * Every package a file pulls in at run time, following its relative imports: `import type` is
 * erased, everything else (side-effect imports, `require` through createRequire) loads.
 */
function runtimePackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(root, file), 'utf8');
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s+['"]([^'"]+)['"]/gm),
      ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
      ...text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map(([, specifier]) => specifier ?? '');
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        const target = relative(root, resolve(root, dirname(file), specifier));
        const found = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].find(
          (candidate) => /\.tsx?$/.test(candidate) && existsSync(join(root, candidate)),
        );
        if (found) visit(found);
      } else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) {
        const parts = specifier.split('/');
        packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''));
      }
    }
  };
  visit(entry);
  return packages;
}

describe('the production install', () => {
  const production = new Set([
    ...Object.keys(packageJson.dependencies ?? {}),
    ...Object.keys(packageJson.optionalDependencies ?? {}),
  ]);

  // The server, and the owner's tool that the backup timer runs.
  for (const entry of ['server/index.ts', 'scripts/leads.ts']) {
    it(`has every package ${entry} loads`, () => {
      const needed = [...runtimePackages(entry)];
      expect(needed.filter((name) => !production.has(name))).toEqual([]);
    });
  }

  it('has the loader the server starts with', () => {
    expect(packageJson.dependencies).toHaveProperty('tsx');
  });

  it('sees the imports it checks (a guard against a pattern that matches nothing)', () => {
    const needed = runtimePackages('server/index.ts');
    for (const name of ['hono', '@hono/node-server', 'kysely', 'pg', 'better-sqlite3', 'zod']) {
      expect(needed, name).toContain(name);
    }
  });
});

// --- systemd ----------------------------------------------------------------------------------

/** An INI-style unit file: section -> key -> every value given. */
function unitFile(path: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let section: Record<string, string[]> = {};
  for (const line of read(path).split('\n')) {
    const header = /^\[(\w+)\]$/.exec(line.trim());
    if (header) {
      section = {};
      sections[header[1] ?? ''] = section;
      continue;
    }
    const setting = /^(\w+)=(.*)$/.exec(line.trim());
    if (setting)
      section[setting[1] ?? ''] = [...(section[setting[1] ?? ''] ?? []), setting[2] ?? ''];
  }
  return sections;
}

/** The settings docs/deploy.md tells the owner to put in .env for the one-server shape. */
function documentedSettings(): Record<string, string> {
  const block = /```ini\n([\s\S]*?)```/.exec(read('docs/deploy.md'))?.[1] ?? '';
  return Object.fromEntries(
    block
      .split('\n')
      .map((line) => /^(\w+)=(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map(([, name, value]) => [name, value]),
  );
}

describe('systemd units', () => {
  const server = unitFile('deploy/founder-site.service').Service ?? {};
  const backup = unitFile('deploy/founder-site-backup.service').Service ?? {};
  const settings = documentedSettings();

  it('run as a non-root user in a read-only system but for the data directory', () => {
    for (const unit of [server, backup]) {
      expect(unit.User?.[0]).toBe('founder-site');
      expect(unit.ProtectSystem).toEqual(['strict']);
      expect(unit.ProtectHome).toEqual(['yes']);
      expect(unit.PrivateTmp).toEqual(['yes']);
      expect(unit.NoNewPrivileges).toEqual(['yes']);
      expect(unit.ReadWritePaths?.join(' ').split(' ')).toContain(settings.DATA_DIR);
      expect(unit.EnvironmentFile).toEqual([`${unit.WorkingDirectory?.[0]}/.env`]);
    }
    expect(server.Restart).toEqual(['on-failure']);
  });

  it('start the same server as the image, and the backup command of the owner tool', () => {
    const [image = ''] = instructions(runtime, 'CMD');
    expect(execForm(image)).toBe(serverCommand);
    expect(server.ExecStart).toEqual([`/usr/bin/${serverCommand}`]);
    expect(backup.ExecStart?.[0]).toMatch(
      /exec \/usr\/bin\/node --import tsx scripts\/leads\.ts backup "\/var\/backups\/founder-site\//,
    );
    expect(backup.ReadWritePaths?.join(' ')).toContain('/var/backups/founder-site');
    expect(unitFile('deploy/founder-site-backup.timer').Timer?.OnCalendar).toHaveLength(1);
  });

  it('documents a server bound to loopback behind the proxy, with its data in the unit paths', () => {
    expect(settings).toMatchObject({
      BIND_ADDRESS: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'production',
    });
    expect(settings.SITE_URL).toMatch(/^https:\/\//);
    // What the owner is told to write is a configuration the server accepts.
    expect(envSchema.safeParse(settings).error).toBeUndefined();
  });

  const analyze = spawnSync('systemd-analyze', ['--version']).status === 0;
  it.skipIf(!analyze)('are accepted by systemd-analyze verify', () => {
    const units = ['founder-site.service', 'founder-site-backup.service'];
    const files = [...units, 'founder-site-backup.timer'].map((unit) => join(root, 'deploy', unit));
    const result = spawnSync('systemd-analyze', ['verify', ...files], { encoding: 'utf8' });
    // It also notes that it runs in a container; only complaints about our files count.
    const complaints = result.stderr.split('\n').filter((line) => line.includes('/deploy/'));
    expect(complaints).toEqual([]);
  });
});

// --- Caddy ------------------------------------------------------------------------------------

describe('Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');
  /** Each site block's addresses. */
  const sites = [...caddyfile.matchAll(/^([^\s#].*?)\s+\{$/gm)].map(([, addresses]) =>
    (addresses ?? '').split(/,\s*/),
  );
  // SITE_URL's host, then every named host the app has a setting for.
  const hostVariables = [
    'SITE_HOST',
    ...Object.keys(envSchema.shape).filter((name) => name.endsWith('_HOST')),
  ];

  it('serves every host and its www. name: the bare names proxied, www. redirected', () => {
    expect(hostVariables).toHaveLength(4);
    expect(sites[0]).toEqual(hostVariables.map((name) => `{$${name}}`));
    for (const name of hostVariables) {
      const www = caddyfile.split(`\nwww.{$${name}} {\n`)[1]?.split('}\n')[0];
      expect(www?.trim(), name).toBe(`redir https://{$${name}}{uri} 308`);
    }
    expect(sites.flat()).toHaveLength(8);
  });

  it('proxies to the port the server listens on, and leaves compression to it', () => {
    const port = documentedSettings().PORT ?? String(defaults.PORT);
    expect(port).toBe(String(defaults.PORT));
    expect([...caddyfile.matchAll(/^\s*reverse_proxy\s+(\S+)$/gm)].map(([, to]) => to)).toEqual([
      `127.0.0.1:${port}`,
    ]);
    expect(caddyfile).not.toMatch(/^\s*encode\b/m);
  });

  const caddy = spawnSync('caddy', ['version']).status === 0;
  it.skipIf(!caddy)('is accepted by caddy: eight names, one upstream', () => {
    const hosts = ['a', 'b', 'c', 'd'].map((name) => `${name}.example`);
    const env = Object.fromEntries(hostVariables.map((name, i) => [name, hosts[i]]));
    const config = JSON.parse(
      execFileSync('caddy', ['adapt', '--config', join(root, 'deploy/Caddyfile')], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { apps: { http: { servers: Record<string, { routes: CaddyRoute[] }> } } };
    const routes = Object.values(config.apps.http.servers).flatMap((server) => server.routes);
    const named = routes.flatMap((route) => route.match.flatMap((match) => match.host));
    expect(named.sort()).toEqual(hosts.flatMap((host) => [host, `www.${host}`]).sort());
    expect(JSON.stringify(routes).match(/"dial":"[^"]+"/g)).toEqual([
      `"dial":"127.0.0.1:${defaults.PORT}"`,
    ]);
  });
});

interface CaddyRoute {
  match: { host: string[] }[];
}

// --- compose ----------------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  depends_on?: unknown;
  healthcheck?: { test: string[] };
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
}

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml')) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };
  const { app = {}, db = {} } = compose.services;

  it('starts the app once PostgreSQL answers, and points it there', () => {
    expect(app.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(db.image).toMatch(/^postgres:1[56]\b/);
    expect(db.healthcheck?.test.join(' ')).toContain('pg_isready');
    // As compose fills it in from .env: the password is the one PostgreSQL is given.
    const password = db.environment?.POSTGRES_PASSWORD ?? '';
    expect(password).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    const url = new URL((app.environment?.DATABASE_URL ?? '').replace(password, 'secret'));
    expect(url.host).toBe('db:5432');
    expect(url.pathname).toBe(`/${db.environment?.POSTGRES_DB}`);
    expect(app.environment?.PORT).toBe(String(defaults.PORT));
    expect(app.ports).toEqual([`127.0.0.1:${defaults.PORT}:${defaults.PORT}`]);
  });

  it("keeps PostgreSQL's data in a named volume", () => {
    const [name, path] = db.volumes?.[0]?.split(':') ?? [];
    expect(Object.keys(compose.volumes)).toContain(name);
    expect(path).toBe('/var/lib/postgresql/data');
  });
});
