import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvError, envSchema, parseEnv, pathSettings, shownValue, toPublicConfig } from './env';

describe('parseEnv', () => {
  it('gives every setting a working default', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      SELLABLE_BUSINESS_HOST: 'sellablebusiness.localhost',
      WAITLIST_HOST: 'waitlist.localhost',
      BOOK_HOST: 'whatsstoppingyou.localhost',
      TRUST_PROXY: 0,
      PAGE_VIEW_COUNTING: true,
      DATA_DIR: './data',
      SPACES_COUNTER_MODE: 'simulated',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.KIT_API_KEY).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', WAITLIST_HOST: '', KIT_API_KEY: '' })).toMatchObject({
      PORT: 3000,
      WAITLIST_HOST: 'waitlist.localhost',
      KIT_API_KEY: undefined,
    });
  });

  it('normalises host names to lower case', () => {
    expect(parseEnv({ BOOK_HOST: 'WhatsStoppingYou.com' }).BOOK_HOST).toBe('whatsstoppingyou.com');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['TRUST_PROXY', 'yes'],
    // "true" once meant "one proxy"; in proxy-addr's terms it would trust every hop, forged ones too.
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'loopback, 300.1.1.1'],
    ['PAGE_VIEW_COUNTING', 'off'],
    ['WAITLIST_HOST', 'https://waitlist.example'],
    ['SITE_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://x'],
    ['NOTIFY_EMAIL', 'owner-at-example'],
    ['SPACES_COUNTER_MODE', 'fake'],
    ['GA_MEASUREMENT_ID', 'UA-1234'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies', () => {
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'Loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });

  it('keeps the body deadline inside the request deadline, so a slow body gets our answer', () => {
    expect(() => parseEnv({ BODY_TIMEOUT_SECONDS: '30', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      /REQUEST_TIMEOUT_SECONDS/,
    );
    expect(() => parseEnv({ HEADERS_TIMEOUT_SECONDS: '40' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  });

  it('requires a deadline when the handbook countdown is tied to one', () => {
    expect(() => parseEnv({ HANDBOOK_COUNTDOWN_MODE: 'deadline' })).toThrow(/HANDBOOK_DEADLINE/);
    expect(
      parseEnv({
        HANDBOOK_COUNTDOWN_MODE: 'deadline',
        HANDBOOK_DEADLINE: '2026-12-01T18:00:00+00:00',
      }).HANDBOOK_DEADLINE,
    ).toBe('2026-12-01T18:00:00+00:00');
  });
});

describe('where the build, the content and Chromium are', () => {
  const repository = resolve(import.meta.dirname, '..');

  it("defaults to dist/ and content/ in the repository and Debian's Chromium", () => {
    expect(pathSettings({})).toEqual({
      BUILD_DIR: join(repository, 'dist'),
      CONTENT_DIR: join(repository, 'content'),
      CHROMIUM_PATH: '/usr/bin/chromium',
    });
  });

  it('takes relative folders from the repository, not from where the command runs', () => {
    vi.spyOn(process, 'cwd').mockReturnValue(tmpdir());
    expect(pathSettings({ BUILD_DIR: 'out/try', CONTENT_DIR: '../copy' })).toMatchObject({
      BUILD_DIR: join(repository, 'out/try'),
      CONTENT_DIR: resolve(repository, '../copy'),
    });
    vi.restoreAllMocks();
  });

  it.each([
    // The build empties BUILD_DIR first: the repository (or its parent) would go with it.
    ['BUILD_DIR', '.'],
    ['BUILD_DIR', '..'],
    ['BUILD_DIR', '/'],
    ['CHROMIUM_PATH', 'chromium'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => pathSettings({ [name]: value })).toThrow(EnvError);
    expect(() => pathSettings({ [name]: value })).toThrow(new RegExp(`${name}:`));
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('checks only these three, so a module that loads them starts whatever else is set', () => {
    expect(pathSettings({ PORT: 'eighty', CHROMIUM_PATH: '/opt/chromium/chrome' })).toMatchObject({
      CHROMIUM_PATH: '/opt/chromium/chrome',
    });
  });

  describe('from the environment', () => {
    const cwd = process.cwd();
    afterEach(() => {
      process.chdir(cwd);
      vi.unstubAllEnvs();
    });

    it('reads a .env file under the environment, without loading it into process.env', () => {
      const dir = mkdtempSync(join(tmpdir(), 'env-'));
      writeFileSync(
        join(dir, '.env'),
        'BUILD_DIR=/tmp/from-file\nCHROMIUM_PATH=/opt/file/chrome\nKIT_API_KEY=kit-from-file\n',
      );
      process.chdir(dir);
      vi.stubEnv('CHROMIUM_PATH', '/opt/env/chrome');
      try {
        expect(pathSettings()).toMatchObject({
          BUILD_DIR: '/tmp/from-file',
          CHROMIUM_PATH: '/opt/env/chrome',
        });
        expect(process.env.KIT_API_KEY).not.toBe('kit-from-file');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

describe('configuration errors never print a secret', () => {
  const message = (source: Record<string, string>) => {
    try {
      parseEnv(source);
    } catch (error) {
      return String((error as Error).message);
    }
    throw new Error('expected an EnvError');
  };

  it('masks the user and password of a connection URL', () => {
    const shown = message({ DATABASE_URL: 'mysql://owner:s3cret-pw@db.example:3306/leads' });
    expect(shown).toContain('DATABASE_URL');
    expect(shown).toContain('mysql://***@db.example:3306/leads');
    expect(shown).not.toContain('s3cret-pw');
    expect(message({ SMTP_URL: 'smtp:/owner:pw-smtp@mail.example' })).not.toContain('pw-smtp');
  });

  it('hides the value of a key variable altogether', () => {
    expect(shownValue('KIT_API_KEY', 'kit_live_123')).toBe('(hidden)');
    expect(shownValue('SESSION_SECRET', 'abc')).toBe('(hidden)');
    expect(shownValue('PORT', 'x')).toBe('"x"');
    expect(shownValue('NOTIFY_EMAIL', 'owner@')).toBe('"***@"');
  });
});

describe('Stripe settings (decision 020)', () => {
  it('takes a webhook signing secret, names the variable of a wrong one and never prints it', () => {
    expect(parseEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }).STRIPE_WEBHOOK_SECRET).toBe(
      'whsec_abc123',
    );
    expect(parseEnv({}).STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: 'sk_live_oops' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: .*whsec_.*\(got \(hidden\)\)/,
    );
    expect(() => parseEnv({ OWNER_SALE_EMAIL: 'maybe' })).toThrow(/OWNER_SALE_EMAIL/);
    expect(parseEnv({}).OWNER_SALE_EMAIL).toBe('on');
  });
});

describe('the Kit API key stays on encrypted connections', () => {
  it('refuses a plain http Kit URL in production, except on this machine', () => {
    expect(() => parseEnv({ KIT_API_URL: 'http://api.kit.example' })).toThrow(/KIT_API_URL/);
    expect(() => parseEnv({ KIT_API_URL: 'http://127.0.0.1:8080' })).not.toThrow();
    expect(() =>
      parseEnv({ KIT_API_URL: 'http://api.kit.example', NODE_ENV: 'development' }),
    ).not.toThrow();
  });
});

describe('toPublicConfig', () => {
  it('exposes no secrets to the browser', () => {
    const env = parseEnv({
      KIT_API_KEY: 'kit-secret',
      SMTP_URL: 'smtp://user:smtp-secret@mail.example',
      DATABASE_URL: 'postgres://u:db-secret@db/x',
    });
    const json = JSON.stringify(toPublicConfig(env));
    expect(json).not.toMatch(/secret/);
  });

  it('derives the named sites from the main origin', () => {
    const config = toPublicConfig(
      parseEnv({ SITE_URL: 'https://jamie.example', WAITLIST_HOST: 'wait.example' }),
    );
    expect(config.origins).toMatchObject({
      main: 'https://jamie.example',
      waitlist: 'https://wait.example',
    });
  });
});

describe('.env.example', () => {
  const example = Object.fromEntries(
    readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_0-9]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it('lists every variable', () => {
    expect(Object.keys(example).sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('gives each variable its default', () => {
    expect(parseEnv(example)).toEqual(parseEnv({}));
  });
});

describe('SITE_URL left unset', () => {
  it('is this machine on the port the server listens on', () => {
    expect(parseEnv({ PORT: '4600' }).SITE_URL).toBe('http://localhost:4600');
    expect(parseEnv({ PORT: '4600', SITE_URL: '' }).SITE_URL).toBe('http://localhost:4600');
    expect(parseEnv({}).SITE_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '4600', SITE_URL: 'https://jamie.example' }).SITE_URL).toBe(
      'https://jamie.example',
    );
  });
});
