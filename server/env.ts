import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { parseEnv as parseEnvFile } from 'node:util';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import type { PublicConfig } from '../contracts/public-config';
import { type NamedHosts, siteOrigins } from '../contracts/sites.ts';
import type { SubscriptionList } from '../contracts/subscription';

/**
 * Every setting the project reads, parsed once (at boot for the server, at build for the
 * prerender). Empty strings count as unset so that a copied `.env.example` line with no value
 * falls back to the default. A wrong value stops the process with a message naming the variable.
 */

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const optionalString = z.preprocess(emptyAsUnset, z.string().trim().optional());
const url = (fallback: string) => z.preprocess(emptyAsUnset, z.url().default(fallback));
const host = (fallback: string) =>
  z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'a bare host name such as example.com (no scheme, port or path)')
      .default(fallback),
  );
const boolean = (fallback: boolean) =>
  z.preprocess(
    emptyAsUnset,
    z
      .enum(['true', 'false', '1', '0'], { error: 'true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1'),
  );
const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number().int().min(min).max(max).default(fallback));

/** The repository: BUILD_DIR and CONTENT_DIR are relative to it, wherever a command runs from. */
export const repositoryRoot = resolve(import.meta.dirname, '..');
const folder = (fallback: string) =>
  z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .default(fallback)
      .transform((path) => resolve(repositoryRoot, path)),
  );
/** Whether `dir` is the repository or a folder above it (the build empties BUILD_DIR first). */
const holdsRepository = (dir: string) => {
  const path = relative(dir, repositoryRoot);
  return !isAbsolute(path) && path.split(sep)[0] !== '..';
};

export const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUnset,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: integer(3000, 0, 65535),
  BIND_ADDRESS: z.preprocess(emptyAsUnset, z.string().default('0.0.0.0')),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /**
   * Public origin of the main site; the named sites share its scheme and port. Unset: this
   * machine on PORT (parseEnvFrom).
   */
  SITE_URL: url('http://localhost:3000'),
  SELLABLE_BUSINESS_HOST: host('sellablebusiness.localhost'),
  WAITLIST_HOST: host('waitlist.localhost'),
  BOOK_HOST: host('whatsstoppingyou.localhost'),
  /**
   * The proxies in front whose X-Forwarded-For / X-Forwarded-Proto are believed (proxy-addr's
   * rules): a hop count, or addresses, CIDR ranges and the names loopback, linklocal,
   * uniquelocal. Unset or 0: none, the connection's peer is the client.
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .default('0')
      .transform((value, context): TrustProxy => {
        const trimmed = value.trim().toLowerCase();
        if (trimmed === 'false') return 0;
        if (/^\d+$/.test(trimmed)) return Number(trimmed);
        const list = trimmed.split(',').map((entry) => entry.trim());
        try {
          proxyaddr.compile(list);
          return list;
        } catch (error) {
          context.addIssue({
            code: 'custom',
            message: `a hop count, or proxy addresses, ranges and loopback/linklocal/uniquelocal (${error instanceof Error ? error.message : 'invalid'})`,
          });
          return z.NEVER;
        }
      }),
  ),
  /** Seconds a client may take to send its request headers, and the whole request. */
  HEADERS_TIMEOUT_SECONDS: integer(10, 1, 600),
  REQUEST_TIMEOUT_SECONDS: integer(30, 1, 3600),
  /** Seconds a form post's body may take to arrive once its headers are in. */
  BODY_TIMEOUT_SECONDS: integer(10, 1, 600),
  /** Open connections at once; past it new ones are closed at once (file descriptors are finite). */
  MAX_CONNECTIONS: integer(1000, 1, 1_000_000),

  DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('./data')),
  /**
   * Where the build writes and the server reads it (a test's build of edited content goes
   * elsewhere). The build empties it first, so never the repository or a folder above it.
   */
  BUILD_DIR: folder('dist').refine(
    (dir) => !holdsRepository(dir),
    'a folder the build may empty, not the repository or a folder above it',
  ),
  /** The content the build and `npm run dev` read (a copy being tried out); the room has its own. */
  CONTENT_DIR: folder('content'),
  /** The Chromium the browser tests and the speed benchmarks drive. */
  CHROMIUM_PATH: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .refine(isAbsolute, 'an absolute path to the Chromium program')
      .default('/usr/bin/chromium'),
  ),

  /**
   * Key of the IP hashes kept with leads; unset, one is made in DATA_DIR/ip-hash.key. Set it, the
   * same on each, when several instances share one PostgreSQL.
   */
  IP_HASH_KEY: z.preprocess(
    emptyAsUnset,
    z.string().min(32, 'at least 32 random characters (openssl rand -base64 32)').optional(),
  ),
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'a postgres:// connection string (or unset for SQLite)')
      .optional(),
  ),

  /** Per-client limit on form posts (contact and sign-ups) in each window; 0 turns it off. */
  LEAD_RATE_LIMIT: integer(10, 0, 1_000_000),
  LEAD_RATE_LIMIT_WINDOW_SECONDS: integer(60, 1, 86_400),

  /**
   * Sign-in and welcome attempts on the owner's room per client per quarter of an hour (two calls
   * each, decision 023). The browser tests raise it: every test signs in from 127.0.0.1.
   */
  OWNER_SIGN_IN_LIMIT: integer(20, 1, 10_000),
  /** Owner emails of single enquiries per hour; past it they wait for one hourly digest. */
  OWNER_NOTIFY_HOURLY_LIMIT: integer(10, 1, 10_000),
  /** The owners' Monday email of last week's funnel (needs SMTP_URL): weekly, or off. */
  OWNER_REPORT: z.preprocess(emptyAsUnset, z.enum(['weekly', 'off']).default('weekly')),
  KIT_API_KEY: optionalString,
  /** Kit's API origin; only tests and staging point it elsewhere. */
  KIT_API_URL: url('https://api.kit.com'),
  KIT_FORM_ID_NEWSLETTER: optionalString,
  KIT_FORM_ID_WAITLIST: optionalString,
  KIT_FORM_ID_HANDBOOK: optionalString,
  /** The list of people waiting for the next workshop date (when none is on the calendar). */
  KIT_FORM_ID_WORKSHOP: optionalString,
  /**
   * The signing secret of Kit's webhook endpoint (`npm run leads -- kit webhooks install` prints
   * it); unset, POST /api/kit/webhook is a 404 and sign-ups are never marked confirmed.
   */
  KIT_WEBHOOK_SECRET: z.preprocess(
    emptyAsUnset,
    z.string().trim().min(16, 'the secret Kit returned when the endpoint was made').optional(),
  ),

  /**
   * The list a workshop buyer who is not yet a subscriber joins, created inactive like every
   * sign-up (decision 020); unset: buyers are not added to Kit.
   */
  KIT_FORM_ID_BUYERS: optionalString,
  /**
   * An OAuth access token of the owner's Kit app: Kit records a purchase (POST /v4/purchases)
   * only for OAuth, never for an API key (docs/decisions/032-workshop-delivered.md). Unset: a
   * workshop sale is tagged in Kit but no purchase is recorded.
   */
  KIT_OAUTH_TOKEN: optionalString,

  /**
   * The signing secret of the Stripe webhook endpoint (whsec_…, decision 020); unset: no webhook,
   * POST /api/stripe/webhook answers 404.
   */
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9_]+$/, "the endpoint's signing secret, whsec_…")
      .optional(),
  ),
  /**
   * Stripe's secret (or restricted) API key (docs/decisions/032-workshop-delivered.md): set, the
   * checkout links make our own Checkout Sessions and seats are held; unset, they lead to the
   * content's Payment Links as before and seats are not enforced.
   */
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
        'a secret key, sk_live_… or sk_test_… (or rk_…)',
      )
      .optional(),
  ),
  /** Stripe's API origin, empty for Stripe itself; only tests and local runs point it elsewhere. */
  STRIPE_API_URL: z.preprocess(emptyAsUnset, z.url().optional()),
  /** The owner's email on each workshop sale (needs SMTP_URL and NOTIFY_EMAIL): on, or off. */
  OWNER_SALE_EMAIL: z.preprocess(emptyAsUnset, z.enum(['on', 'off']).default('on')),
  SMTP_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
      .optional(),
  ),
  NOTIFY_EMAIL: z.preprocess(emptyAsUnset, z.email().optional()),
  /**
   * Who the attendees' emails are from (docs/decisions/032-workshop-delivered.md): an address, or
   * "Name <address>"; unset, NOTIFY_EMAIL. The invites name it as their organizer.
   */
  MAIL_FROM: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .transform((value, context) => {
        const mailbox = readMailbox(value);
        if (mailbox) return mailbox;
        context.addIssue({ code: 'custom', message: 'an address, or "Name <address>"' });
        return z.NEVER;
      })
      .optional(),
  ),
  /**
   * An extra certificate authority (a PEM file) the SMTP relay's certificate is checked against,
   * besides the public ones: for a private relay, and the tests' stand-in. Read at boot.
   */
  SMTP_CA_FILE: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .refine(
        (path) => existsSync(path) && readFileSync(path, 'utf8').includes('BEGIN CERTIFICATE'),
        'a readable PEM file holding a certificate',
      )
      .optional(),
  ),

  // External destinations (product decision D18): every one has a working placeholder.
  BOOK_RETAILER_URL: url('https://www.amazon.co.uk/'),
  COMMUNITY_INVITE_URL: url('https://chat.whatsapp.com/'),
  INSTAGRAM_URL: url('https://www.instagram.com/'),
  X_URL: url('https://x.com/'),
  LINKEDIN_URL: url('https://www.linkedin.com/'),
  YOUTUBE_URL: url('https://www.youtube.com/'),
  TIKTOK_URL: url('https://www.tiktok.com/'),
  HERO_VIDEO_URL: z.preprocess(emptyAsUnset, z.url().optional()),
  SPEAKING_VIDEO_URL: z.preprocess(emptyAsUnset, z.url().optional()),
  TEASER_VIDEO_URL: z.preprocess(emptyAsUnset, z.url().optional()),

  /**
   * Page views counted by the server itself, without cookies (decision 013); `false` turns it
   * off (the benchmark compares the two).
   */
  PAGE_VIEW_COUNTING: boolean(true),
  /**
   * Counted requests (page views and checkout clicks) per client per ten minutes; past it a
   * request is served and not counted (decision 027); 0 turns the limit off. The browser tests
   * raise it: every test browses from 127.0.0.1.
   */
  PAGE_VIEW_RATE_LIMIT: integer(60, 0, 1_000_000),

  // Tracking (D19, D20): unset means tracking is a no-op.
  META_PIXEL_ID: z.preprocess(emptyAsUnset, z.string().regex(/^\d+$/, 'digits only').optional()),
  GA_MEASUREMENT_ID: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'a GA4 measurement ID such as G-ABC123')
      .optional(),
  ),

  // Urgency widgets (D11). "simulated" reproduces the observed site; see README on the DMCC Act.
  SPACES_COUNTER_MODE: z.preprocess(
    emptyAsUnset,
    z.enum(['simulated', 'live']).default('simulated'),
  ),
  WAITLIST_CAPACITY: integer(1000, 1, 10_000_000),
  HANDBOOK_COUNTDOWN_MODE: z.preprocess(
    emptyAsUnset,
    z.enum(['simulated', 'deadline', 'off']).default('simulated'),
  ),
  HANDBOOK_DEADLINE: z.preprocess(emptyAsUnset, z.iso.datetime({ offset: true }).optional()),
});

export type Env = z.infer<typeof envSchema>;

/** A sender as MAIL_FROM gives it. */
export interface Mailbox {
  name: string | null;
  address: string;
}

/** "Name <address>" or a bare address, the name without quotes or control characters. */
function readMailbox(value: string): Mailbox | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused.
  const named = /^"?([^"<>\u0000-\u001f\u007f]{1,100}?)"?\s*<([^<>\s]+)>$/.exec(value);
  const name = named?.[1]?.trim() || null;
  const address = named ? named[2] : value;
  return z.email().safeParse(address).success ? { name, address: address as string } : null;
}

/** Which proxies to believe: how many hops in front, or which addresses (see TRUST_PROXY). */
export type TrustProxy = number | readonly string[];

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment (and a .env file, when present); throws an EnvError naming each bad variable and what it expects. */
export function parseEnv(source?: Record<string, string | undefined>): Env {
  if (!source && existsSync('.env')) process.loadEnvFile('.env');
  return parseEnvFrom(source ?? process.env);
}

/** The settings that say where things are on this machine, which parse on their own. */
const pathSchema = envSchema.pick({ BUILD_DIR: true, CONTENT_DIR: true, CHROMIUM_PATH: true });
export type PathSettings = z.infer<typeof pathSchema>;

/**
 * Where the build, the content and Chromium are, by the same fields as parseEnv. Modules read
 * these as they load (server/build-paths.ts, before any configuration is parsed, in every test
 * too), so only these three are checked: another setting's bad value stops only what uses it.
 * Without a source, the environment over the .env file, which is read but not loaded into
 * process.env (a test process must not take on the server's keys).
 */
export function pathSettings(source?: Record<string, string | undefined>): PathSettings {
  const file = existsSync('.env') ? parseEnvFile(readFileSync('.env', 'utf8')) : {};
  return checked(pathSchema, source ?? { ...file, ...process.env });
}

/** Variables whose values are secrets: an error names them but never prints them. */
const secretName = /KEY|SECRET|TOKEN|PASSWORD/;

/**
 * A bad value as the error message shows it: secrets hidden, and the user-info of any URL
 * (`postgres://user:password@…`, `smtps://user:password@…`) masked, since errors reach logs.
 */
export function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (secretName.test(name)) return '(hidden)';
  // Everything before the last @ after the scheme: user and password, even in a mistyped URL.
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/*)?[^@]*@/i, '$1***@'));
}

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `source` parsed by `schema`, or an EnvError naming each bad variable and what it expects. */
function checked<Schema extends z.ZodType>(
  schema: Schema,
  source: Record<string, string | undefined>,
): z.infer<Schema> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${issue.path.join('.')}: ${issue.message} (got ${shownValue(name, source[name])})`;
  });
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}

function parseEnvFrom(given: Record<string, string | undefined>): Env {
  // Without SITE_URL the site is this machine on the port it listens on, so that PORT=4600 alone
  // gives pages whose canonical and feed links work.
  const port = given.PORT?.trim();
  const source =
    !given.SITE_URL?.trim() && port && /^\d+$/.test(port)
      ? { ...given, SITE_URL: `http://localhost:${port}` }
      : given;
  const env = checked(envSchema, source);
  // The API key travels with every Kit call: never in clear text off this machine.
  const kitUrl = new URL(env.KIT_API_URL);
  if (
    env.NODE_ENV === 'production' &&
    kitUrl.protocol !== 'https:' &&
    !loopback.has(kitUrl.hostname)
  ) {
    throw new EnvError(
      'Invalid configuration:\n  KIT_API_URL: must be https:// in production (the API key travels with every call)',
    );
  }
  // A body deadline past the request's would end in Node's bare 408 instead of our JSON one.
  if (
    env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS ||
    env.BODY_TIMEOUT_SECONDS >= env.REQUEST_TIMEOUT_SECONDS
  ) {
    throw new EnvError(
      'Invalid configuration:\n  REQUEST_TIMEOUT_SECONDS: must be at least HEADERS_TIMEOUT_SECONDS and more than BODY_TIMEOUT_SECONDS',
    );
  }
  if (env.HANDBOOK_COUNTDOWN_MODE === 'deadline' && !env.HANDBOOK_DEADLINE) {
    throw new EnvError(
      'Invalid configuration:\n  HANDBOOK_DEADLINE: required when HANDBOOK_COUNTDOWN_MODE=deadline (an ISO date-time with offset)',
    );
  }
  return env;
}

/** The settings naming each sign-up list's Kit form. */
export type KitFormEnv = Pick<
  Env,
  | 'KIT_FORM_ID_NEWSLETTER'
  | 'KIT_FORM_ID_WAITLIST'
  | 'KIT_FORM_ID_HANDBOOK'
  | 'KIT_FORM_ID_WORKSHOP'
>;

/** Each sign-up list's Kit form (D8); unset means that list is not forwarded. */
export function kitFormIds(env: KitFormEnv): Record<SubscriptionList, string | undefined> {
  return {
    newsletter: env.KIT_FORM_ID_NEWSLETTER,
    waitlist: env.KIT_FORM_ID_WAITLIST,
    handbook: env.KIT_FORM_ID_HANDBOOK,
    workshop: env.KIT_FORM_ID_WORKSHOP,
  };
}

/** The three named hosts, as the route table takes them. */
export function namedHosts(
  env: Pick<Env, 'SELLABLE_BUSINESS_HOST' | 'WAITLIST_HOST' | 'BOOK_HOST'>,
): NamedHosts {
  return {
    sellableBusiness: env.SELLABLE_BUSINESS_HOST,
    waitlist: env.WAITLIST_HOST,
    book: env.BOOK_HOST,
  };
}

/**
 * The only settings the browser sees (baked into the build, so a change rebuilds the site).
 * Keep this an explicit allowlist: nothing secret belongs here.
 */
export function toPublicConfig(env: Env): PublicConfig {
  return {
    origins: siteOrigins(env.SITE_URL, namedHosts(env)),
    links: {
      bookRetailer: env.BOOK_RETAILER_URL,
      communityInvite: env.COMMUNITY_INVITE_URL,
      instagram: env.INSTAGRAM_URL,
      x: env.X_URL,
      linkedin: env.LINKEDIN_URL,
      youtube: env.YOUTUBE_URL,
      tiktok: env.TIKTOK_URL,
    },
    videos: {
      hero: env.HERO_VIDEO_URL ?? null,
      speaking: env.SPEAKING_VIDEO_URL ?? null,
      teaser: env.TEASER_VIDEO_URL ?? null,
    },
    tracking: {
      metaPixelId: env.META_PIXEL_ID ?? null,
      gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
    },
    spacesCounter: { mode: env.SPACES_COUNTER_MODE },
    handbookCountdown: {
      mode: env.HANDBOOK_COUNTDOWN_MODE,
      deadline: env.HANDBOOK_DEADLINE ?? null,
    },
  };
}
