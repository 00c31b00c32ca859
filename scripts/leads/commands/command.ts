import { z } from 'zod';
import type { Store } from '../../../server/db/store';
import type { Env, KitFormEnv } from '../../../server/env';
import type { Erased } from '../../../server/features/leads/owner-data';
import type { PictureNetwork } from '../posts-import/pictures';

/**
 * One command of `npm run leads` as the terminal sees it: its words and options, its usage
 * lines, and how it prints. What it does is the owner's command it calls
 * (the features' commands/ folders), the same the owner's room calls.
 */
export interface LeadsCommand {
  /** The word after `npm run leads --`. */
  name: string;
  /** Its lines in the usage text, indented as printed. */
  usage: string;
  /** The options it reads. */
  options?: LeadsOptions;
  /**
   * Reads the command line, throwing a UsageError when it is wrong, and answers the work: so
   * every mistake is reported before anything is touched.
   */
  parse(args: Args): Work;
}

/** Options as parseArgs takes them; each given once, the last one counting. */
export type LeadsOptions = Record<string, { type: 'string' | 'boolean' }>;

export interface Args {
  /** The words after the command's name. */
  words: readonly string[];
  /** The options given, by name without the dashes. */
  options: Readonly<Record<string, string | boolean | undefined>>;
}

export type Work = (context: CommandContext) => Promise<void>;

export interface CommandContext {
  io: CliIo;
  now: Date;
  /** The server's database, opened on first use and closed when the command ends. */
  store(): Promise<Store>;
}

/** The settings the commands read, beyond the store itself. */
export type LeadsEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'DATABASE_URL'
  | 'KIT_API_KEY'
  | 'SITE_URL'
  // The sites' host names, for the page a counted path was on (the experiments' plan).
  | 'SELLABLE_BUSINESS_HOST'
  | 'WAITLIST_HOST'
  | 'BOOK_HOST'
  // Whether the workshop's checkout holds seats (docs/decisions/032-workshop-delivered.md).
  | 'STRIPE_SECRET_KEY'
  // Whether that checkout tells buyers apart for its caps (server/plain-http-watch.ts).
  | 'TRUST_PROXY'
  // A cohort offer withdrawn from here has its Checkout Session expired at Stripe, and a move
  // queues only the cohort's jobs the providers set up can send
  // (docs/decisions/033-cohort-applications.md).
  | 'STRIPE_API_URL'
  | 'SMTP_URL'
  | 'SMTP_CA_FILE'
  | 'NOTIFY_EMAIL'
  | 'MAIL_FROM'
  | 'KIT_OAUTH_TOKEN'
  | 'KIT_FORM_ID_BUYERS'
> &
  Partial<Pick<Env, 'KIT_API_URL'>> &
  KitFormEnv;

export interface CliIo {
  /** The server's settings; read when a command needs them, so that `help` always works. */
  env(): LeadsEnv;
  openStore(): Promise<Store>;
  stdout(text: string): void;
  stderr(text: string): void;
  now?: Date;
  /** Tests only: how `posts import` reaches their picture server (posts-import/pictures.ts). */
  pictureNetwork?: PictureNetwork;
}

/** Wrong usage: exit code 2, with the usage text. */
export class UsageError extends Error {}

export function refuseExtraWords(words: readonly string[], allowed: number): void {
  if (words.length > allowed) throw new UsageError(`Unexpected argument: ${words[allowed]}`);
}

/**
 * Checks what the command line gave with a command's schema. The schema's messages leave out
 * the subject, which differs by face: here it is the option or word at fault (`names`), so
 * "must be one of …" reads "--list must be one of …".
 */
export function inputOf<Schema extends z.ZodType>(
  schema: Schema,
  given: { [Field in keyof z.input<Schema>]: unknown },
  names: { [Field in keyof z.input<Schema>]-?: string },
): z.output<Schema> {
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = issue?.path[0];
  const name = field === undefined ? undefined : (names as Record<PropertyKey, string>)[field];
  throw new UsageError([name, issue?.message].filter(Boolean).join(' '));
}

/** `--format` of a command that prints a table: the table, or the command's answer as JSON. */
export const tableFormatSchema = z.strictObject({
  format: z.enum(['table', 'json'], { error: 'must be table or json.' }).default('table'),
});

/** What forget and prune report they deleted. */
export const erasedCounts = (erased: Erased): string =>
  `${erased.contactSubmissions} contact submission(s), ${erased.subscribers} sign-up(s), ${erased.outboxJobs} outbox job(s)${erased.sales > 0 ? `; ${erased.sales} sale(s) kept without the buyer` : ''}${erased.attendees > 0 ? `; ${erased.attendees} workshop place(s) kept without the attendee` : ''}${erased.applications > 0 ? `; ${erased.applications} cohort application(s) kept for counting without the applicant` : ''}`;
