import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { type ApiError, fieldErrors } from '../../contracts/api-error';
import { formFieldsToBody } from '../../contracts/form-fields';
import { isHoneypotFilled } from '../../contracts/honeypot';
import { proofOfWork } from '../../contracts/proof-of-work';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { SiteHosts } from '../site-hosts';
import { hashAddress } from './client-address';
import type { ClientOf } from './forwarded';
import type { LeadRateLimiter, RateLimitVerdict } from './rate-limit';
import { BodyReadError, readBodyText } from './read-body';
import { isSameOriginPost, returnPath } from './same-origin';

/**
 * The one path of every lead form (docs/decisions/007-lead-capture.md), below the features that
 * take leads (the leads' sign-ups and enquiries, the cohort's applications), so each uses it
 * without importing another: decision 033 moved it here from server/features/leads/.
 */

/**
 * Far above any valid lead (a 5,000-character message, even all escapes), far below harm; an
 * endpoint whose leads can be longer says its own limit (LeadEndpoint `maxBodyBytes`).
 */
export const maxBodyBytes = 64 * 1024;

/** What the server adds to a lead: never the address itself (see server/http/client-address.ts). */
export interface LeadMeta {
  ipHash: string;
  /** The post carried a solved, unspent proof of work (server/features/leads/proof-of-work.ts). */
  verified: boolean;
  /** The site's host name the lead came in on (server/site-hosts.ts), as page views count it. */
  host: string;
  /**
   * The experiment on the lead's page, the variant its visitor saw, and the daily visitor key it
   * was worked out from (decision 027).
   */
  experiment?: { name: string; variant: string; visitor: string } | null;
}

/** The HTML id of the form a native post came from; its messages are #<form>-success / -error. */
const formIdPattern = /^[a-z][a-z0-9-]{0,39}$/;

export interface LeadFormDeps {
  env: Pick<Env, 'BODY_TIMEOUT_SECONDS'>;
  /** Who sent a request (forwarded.ts): the rate limit's key. */
  clientOf: ClientOf;
  /** The origins a page of the request's host may have (same-origin.ts `pageOrigins`). */
  originsOf(c: Context): string[];
  logger: Logger;
  rateLimiter: LeadRateLimiter;
  /** Key of the IP hash kept with each lead (see client-address.ts). */
  ipHashKey: string;
  /** Checks and spends the proof of work a post carries (server/features/leads/proof-of-work.ts). */
  proofOfWork: { verify(payload: string | undefined): Promise<boolean> };
  /** Names the site a lead came in on. */
  siteHosts: SiteHosts;
  /** Called after a new lead is stored, so the outbox worker sends its jobs straight away. */
  onLeadStored(): void;
  /**
   * The experiment running on the page a lead came from, and the variant this visitor was shown
   * there (server/features/experiments/attribution.ts); none without counting or an experiment.
   */
  experimentOf?: (
    request: Pick<Request, 'headers'>,
    address: string,
    page: string | undefined,
  ) => LeadMeta['experiment'];
}

/** What every lead endpoint answers a stored lead with (201), at least. */
export interface LeadAnswer {
  id: string;
}

/**
 * One lead endpoint: the schema of its body and, as `Answer`, the type of its 201 answer from
 * contracts/ (ContactSubmissionAnswer, SubscriptionAnswer), so the answer cannot drift from the
 * schema the browser reads it with.
 */
export interface LeadEndpoint<Schema extends z.ZodType, Answer extends LeadAnswer> {
  /** For logs: which kind of lead this endpoint takes. */
  lead: 'contact' | 'subscriber' | 'application';
  schema: Schema;
  /**
   * Stores a valid lead and gives its answer; `created: false` marks a repeat that stored
   * nothing (answered alike).
   */
  save(input: z.infer<Schema>, meta: LeadMeta): Promise<{ created: boolean; answer: Answer }>;
  /** The answer to a bot that filled the honeypot: shaped like a real one, with a made-up id. */
  decoyAnswer(id: string): Answer;
  /**
   * Where a native post lands after a stored lead, when not back on its page (the handbook form
   * goes to the handbook, product decision D9).
   */
  nativeSuccessPath?(input: z.infer<Schema>): string | undefined;
  /**
   * A native form post's fields as the body the schema reads; by default each field once
   * (contracts/form-fields.ts `formFieldsToBody`).
   */
  formBody?(fields: URLSearchParams): Record<string, unknown>;
  /** The largest body taken, in bytes, when its leads can be longer than `maxBodyBytes` allows. */
  maxBodyBytes?: number;
}

/**
 * Why an endpoint takes no lead now: it serves none (404, answered before anything else), or none
 * is open (409, answered once the post is read, so a native post lands on its form's error).
 */
export interface LeadsClosed {
  status: 404 | 409;
  error: string;
}

interface Rejection {
  ok: false;
  status: RejectionStatus;
  body: ApiError;
  retryAfterSeconds?: number;
}

type Outcome<Answer extends LeadAnswer> =
  | { ok: true; status: 201; answer: Answer; nativeSuccessPath?: string }
  | Rejection;

/**
 * The one path every lead form takes, JSON from the enhanced form or a native form post before
 * the JavaScript has loaded: same-origin check, rate limit, content type, size limit, parse,
 * honeypot, validation, store. JSON gets the status and body; a form post gets a 303 back to its
 * page with the #<form>-success or #<form>-error message in view. An endpoint whose form is
 * content (the cohort's application) is given as a function: it is asked at each post, so a
 * publish that changes the form changes what the next post is checked against.
 */
export function leadRouter<Schema extends z.ZodType, Answer extends LeadAnswer>(
  deps: LeadFormDeps,
  endpoint: LeadEndpoint<Schema, Answer> | (() => LeadEndpoint<Schema, Answer> | LeadsClosed),
) {
  return new Hono()
    .post('/', async (c) => {
      const current = typeof endpoint === 'function' ? endpoint() : endpoint;
      if ('status' in current && current.status === 404) {
        return answer(c, reject(404, current.error));
      }
      const ownOrigins = deps.originsOf(c);
      if (!isSameOriginPost(c.req.raw.headers, ownOrigins)) {
        return answer(c, reject(403, 'Cross-site posts are not accepted.'));
      }
      // Every post counts against the client's budget, however malformed.
      const { address } = deps.clientOf(c);
      const post = {
        request: c.req.raw,
        address,
        host: deps.siteHosts.of(c.req.header('host')),
        verdict: await deps.rateLimiter.take(address),
      };
      const kind = bodyKind(c.req.header('content-type'));
      if (!kind) {
        return answer(
          c,
          reject(415, 'Send application/json or application/x-www-form-urlencoded.'),
        );
      }
      const lead = 'lead' in current ? current.lead : undefined;
      const limit = ('lead' in current && current.maxBodyBytes) || maxBodyBytes;
      const body = await readLeadBody(c, deps, lead, limit);
      if (!body.ok) return answer(c, body.rejection);
      const { text } = body;

      if (kind === 'json') return answer(c, await accept(deps, current, post, parseJson(text)));
      const fields = new URLSearchParams(text);
      const form = fields.get('form') ?? '';
      if (!formIdPattern.test(form)) {
        return answer(c, reject(400, 'Missing or invalid form id.', { form: 'Invalid form id.' }));
      }
      const outcome = await accept(deps, current, post, {
        ok: true,
        value:
          'lead' in current && current.formBody
            ? current.formBody(fields)
            : formFieldsToBody(fields),
      });
      if (outcome.ok && outcome.nativeSuccessPath)
        return c.redirect(outcome.nativeSuccessPath, 303);
      const back = returnPath(c.req.header('referer'), ownOrigins);
      return c.redirect(`${back}#${form}-${outcome.ok ? 'success' : 'error'}`, 303);
    })
    .all('/', (c) =>
      c.json({ error: 'Method not allowed.' } satisfies ApiError, 405, { Allow: 'POST' }),
    );
}

/** One post as the rate limit saw it: who sent it, on which site, and whether it is within budget. */
interface Post {
  request: Request;
  address: string;
  host: string;
  verdict: RateLimitVerdict;
}

/** A read post through the rate limit's verdict, the honeypot and the schema, to its store. */
async function accept<Schema extends z.ZodType, Answer extends LeadAnswer>(
  deps: LeadFormDeps,
  endpoint: LeadEndpoint<Schema, Answer> | LeadsClosed,
  { request, address, host, verdict }: Post,
  parsed: { ok: true; value: unknown } | { ok: false },
): Promise<Outcome<Answer>> {
  const lead = 'lead' in endpoint ? endpoint.lead : undefined;
  if (!verdict.allowed) {
    deps.logger.warn({ lead }, 'lead rate-limited');
    return {
      ...reject(429, 'Too many submissions. Please try again in a little while.'),
      retryAfterSeconds: verdict.retryAfterSeconds,
    };
  }
  if (!('lead' in endpoint)) return reject(409, endpoint.error);
  if (!parsed.ok) return reject(400, 'Malformed JSON.');
  const body = parsed.value;
  if (isRecord(body) && isHoneypotFilled(body)) {
    // Looks like success to the bot; nothing is stored or forwarded.
    deps.logger.info({ lead }, 'lead honeypot hit');
    return { ok: true, status: 201, answer: endpoint.decoyAnswer(randomUUID()) };
  }
  const result = endpoint.schema.safeParse(body);
  if (!result.success) {
    return reject(400, 'Please check the highlighted fields.', fieldErrors(result.error));
  }
  // Without a valid proof (JavaScript off, a bot, a replay) the lead is still stored, marked.
  const verified = await deps.proofOfWork.verify(
    (result.data as Record<string, unknown>)[proofOfWork.field] as string | undefined,
  );
  const page = (result.data as { page?: string }).page;
  const saved = await endpoint.save(result.data, {
    ipHash: hashAddress(deps.ipHashKey, address),
    verified,
    host,
    experiment: deps.experimentOf?.(request, address, page) ?? null,
  });
  deps.logger.info({ lead, id: saved.answer.id, created: saved.created, verified }, 'lead stored');
  if (saved.created) deps.onLeadStored();
  return {
    ok: true,
    // A repeat answers exactly like a new sign-up, so the answer never tells anyone whether
    // an address is already on a list (the log line above keeps `created` for the owner).
    status: 201,
    answer: saved.answer,
    nativeSuccessPath: endpoint.nativeSuccessPath?.(result.data),
  };
}

/**
 * A lead's body as text, within its size and time limits; a body that breaks them is a rejection
 * to answer with (a client too slow is also told its connection closes).
 */
async function readLeadBody(
  c: Context,
  deps: Pick<LeadFormDeps, 'env' | 'logger'>,
  lead: LeadEndpoint<z.ZodType, LeadAnswer>['lead'] | undefined,
  maxBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; rejection: Rejection }> {
  try {
    const text = await readBodyText(c.req.raw, {
      maxBytes,
      deadlineMs: deps.env.BODY_TIMEOUT_SECONDS * 1000,
    });
    return { ok: true, text };
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error;
    if (error.reason === 'client-gone') {
      // Nobody is left to answer; not a server fault, so no error line with a stack.
      deps.logger.debug({ lead }, 'client left mid-body');
      return { ok: false, rejection: reject(400, error.message) };
    }
    if (error.reason === 'too-slow') c.header('Connection', 'close');
    return { ok: false, rejection: reject(error.status, error.message) };
  }
}

function answer<Answer extends LeadAnswer>(c: Context, outcome: Outcome<Answer>): Response {
  if (outcome.ok) return c.json(outcome.answer, outcome.status);
  if (outcome.retryAfterSeconds !== undefined) {
    c.header('Retry-After', String(outcome.retryAfterSeconds));
  }
  return c.json(outcome.body, outcome.status);
}

type RejectionStatus = 400 | 403 | 404 | 408 | 409 | 413 | 415 | 429;

function reject(
  status: RejectionStatus,
  error: string,
  fields?: Record<string, string>,
): Rejection {
  return { ok: false, status, body: fields ? { error, fields } : { error } };
}

function bodyKind(contentType: string | undefined): 'json' | 'form' | null {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'application/json') return 'json';
  if (mediaType === 'application/x-www-form-urlencoded') return 'form';
  return null;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
