import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kit } from './kit';

/**
 * What the fake answers to the n-th request (0-based): a status code, or 'drop': it does what was
 * asked and then cuts the connection, as a network would that loses the answer.
 */
export type FakeKitScript = (requestIndex: number) => 200 | 201 | 429 | 500 | 503 | 'drop';

/** A broadcast as the fake holds it: the body of the call that made it, and its id. */
export interface FakeBroadcast {
  id: number;
  subject: string;
  preview_text: string;
  description: string;
  content: string;
  public: boolean;
  send_at: string | null;
}

/** What a real Kit would hold after the calls the fake answered. */
interface FakeKitHolds {
  broadcasts: FakeBroadcast[];
  subscribers: Map<string, { firstName: string | null; state: string }>;
  /** email -> how many confirmation emails the form sent. */
  confirmations: Map<string, number>;
  /** formId -> email -> how many successful adds (a real Kit would keep one). */
  formAdds: Map<string, Map<string, number>>;
  referrers: Map<string, string>;
  /** Webhook endpoints made through the API (decision 021), as their request bodies. */
  webhookEndpoints: { url: string; events: string[]; name: string }[];
  /** Tags by name, each with its id. */
  tags: Map<string, number>;
  /** tag name -> the emails tagged with it. */
  taggings: Map<string, Set<string>>;
  /** Purchases, as the bodies' `purchase` that made them, oldest first. */
  purchases: Record<string, unknown>[];
}

/** One call the script let through, as a route's handler reads and answers it. */
interface FakeCall {
  request: IncomingMessage;
  response: ServerResponse;
  body: Record<string, string>;
  /** What the script said for this call: a success code, or 'drop'. */
  status: number | 'drop';
  /** Answers `answered`, or, when the script says so, cuts the line once the work is done. */
  answer: (code: number, answered: object) => void;
}

/**
 * A local stand-in for Kit's API v4 (the calls we make), for tests and local runs: checks the
 * API key, answers as `script` says, and records what a real Kit would then hold. As Kit does, a
 * new subscriber is `active` unless the call says otherwise, an existing one keeps its state, and
 * a (double opt-in) form sends its confirmation email only to a subscriber who is not yet active.
 * Purchases, as in Kit, take only the app's OAuth token (`oauthToken`), never the API key.
 */
export async function startFakeKit(
  apiKey: string,
  script: FakeKitScript = () => 200,
  port = 0,
  oauthToken = `${apiKey}-oauth`,
) {
  let requests = 0;
  const holds: FakeKitHolds = {
    broadcasts: [],
    subscribers: new Map(),
    confirmations: new Map(),
    formAdds: new Map(),
    referrers: new Map(),
    webhookEndpoints: [],
    tags: new Map(),
    taggings: new Map(),
    purchases: [],
  };

  const server = createServer(async (request, response) => {
    const body = JSON.parse((await readAll(request)) || '{}') as Record<string, string>;
    const index = requests++;
    const oauth = request.headers.authorization === `Bearer ${oauthToken}`;
    const appOnly = new URL(request.url ?? '/', 'http://fake').pathname === '/v4/purchases';
    if (!oauth && (appOnly || request.headers['x-kit-api-key'] !== apiKey)) {
      response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"errors":["auth"]}');
      return;
    }
    const status = script(index);
    if (status === 429) {
      // As Kit does: plain text, and no Retry-After header.
      response.writeHead(429, { 'Content-Type': 'text/plain' }).end('Retry later');
      return;
    }
    if (typeof status === 'number' && status >= 500) {
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end('down');
      return;
    }
    const answer = (code: number, answered: object) => {
      if (status === 'drop') response.socket?.destroy();
      else
        response
          .writeHead(code, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(answered));
    };
    route(holds, { request, response, body, status, answer });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${listening}`,
    ...holds,
    requestCount: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fake's routes, each call to its handler; anything else is not found. */
function route(holds: FakeKitHolds, call: FakeCall): void {
  const { url = '/', method } = call.request;
  const path = new URL(url, 'http://fake').pathname;
  const form = url.match(/^\/v4\/forms\/([^/]+)\/subscribers$/)?.[1];
  const tagged = url.match(/^\/v4\/tags\/([^/]+)\/subscribers$/)?.[1];
  if (path === '/v4/broadcasts' && method === 'POST') makeBroadcast(holds, call);
  else if (path === '/v4/purchases') purchase(holds, call);
  else if (url === '/v4/tags' && method === 'POST') makeTag(holds, call);
  else if (tagged && method === 'POST') tagSubscriber(holds, Number(tagged), call);
  else if (path === '/v4/broadcasts') listBroadcasts(holds, call);
  else if (url === '/v4/webhook_endpoints') makeWebhookEndpoint(holds, call);
  else if (url === '/v4/subscribers') upsertSubscriber(holds, call);
  else if (form) addToForm(holds, form, call);
  else call.response.writeHead(404).end();
}

function makeBroadcast({ broadcasts }: FakeKitHolds, { body, answer }: FakeCall): void {
  const made = { ...(body as unknown as Omit<FakeBroadcast, 'id'>), id: broadcasts.length + 1 };
  broadcasts.push(made);
  answer(201, { broadcast: made });
}

/** Kit's cursor pages, newest first; the cursor here is simply the next index. */
function listBroadcasts({ broadcasts }: FakeKitHolds, { request, answer }: FakeCall): void {
  const query = new URL(request.url ?? '/', 'http://fake').searchParams;
  const start = Number(query.get('after') ?? 0);
  const size = Number(query.get('per_page') ?? 50);
  const newest = [...broadcasts].reverse();
  const next = start + size < newest.length;
  answer(200, {
    broadcasts: newest.slice(start, start + size),
    pagination: { has_next_page: next, end_cursor: next ? String(start + size) : null },
  });
}

/** A webhook endpoint, with the secret Kit signs its events with. */
function makeWebhookEndpoint({ webhookEndpoints }: FakeKitHolds, { body, response }: FakeCall) {
  const endpoint = body as unknown as FakeKitHolds['webhookEndpoints'][number];
  webhookEndpoints.push(endpoint);
  response.writeHead(201, { 'Content-Type': 'application/json' }).end(
    JSON.stringify({
      webhook_endpoint: {
        id: webhookEndpoints.length,
        ...endpoint,
        status: 'active',
        secret: `fake-kit-signing-secret-${webhookEndpoints.length}`,
      },
    }),
  );
}

/** A subscriber made, or one already there updated (keeping its state). */
function upsertSubscriber({ subscribers }: FakeKitHolds, call: FakeCall): void {
  const { body } = call;
  const email = body.email_address ?? '';
  const existing = subscribers.get(email);
  subscribers.set(email, {
    firstName: body.first_name ?? existing?.firstName ?? null,
    state: existing?.state ?? body.state ?? 'active',
  });
  subscribed(email, call);
}

/** An existing subscriber added to a form, which sends its confirmation email if not active. */
function addToForm(holds: FakeKitHolds, form: string, call: FakeCall): void {
  const { subscribers, confirmations, formAdds, referrers } = holds;
  const { body, response } = call;
  const email = body.email_address ?? '';
  if (!subscribers.has(email)) {
    response.writeHead(404, { 'Content-Type': 'application/json' }).end('{}');
    return;
  }
  if (subscribers.get(email)?.state !== 'active') {
    confirmations.set(email, (confirmations.get(email) ?? 0) + 1);
  }
  const adds = formAdds.get(form) ?? new Map<string, number>();
  adds.set(email, (adds.get(email) ?? 0) + 1);
  formAdds.set(form, adds);
  referrers.set(email, body.referrer ?? '');
  subscribed(email, call);
}

/** Purchases: the newest listed first (a GET), or one more made (a POST), as Kit does. */
function purchase({ purchases }: FakeKitHolds, { request, body, answer }: FakeCall): void {
  if (request.method !== 'POST') {
    answer(200, { purchases: [...purchases].reverse(), pagination: { has_next_page: false } });
    return;
  }
  const made = (body as unknown as { purchase: Record<string, unknown> }).purchase;
  purchases.push(made);
  answer(201, { purchase: { id: purchases.length, ...made } });
}

/** The tag of that name, made when there is none (201) or answered as it is (200). */
function makeTag({ tags }: FakeKitHolds, { body, answer }: FakeCall): void {
  const name = body.name ?? '';
  const id = tags.get(name);
  if (id === undefined) tags.set(name, tags.size + 1);
  answer(id === undefined ? 201 : 200, { tag: { id: tags.get(name), name } });
}

/** A subscriber, who must exist, tagged by email (Kit's 404 otherwise). */
function tagSubscriber(holds: FakeKitHolds, tagId: number, call: FakeCall): void {
  const email = call.body.email_address ?? '';
  const name = [...holds.tags].find(([, id]) => id === tagId)?.[0];
  if (name === undefined || !holds.subscribers.has(email)) {
    call.response.writeHead(404, { 'Content-Type': 'application/json' }).end('{}');
    return;
  }
  const emails = holds.taggings.get(name) ?? new Set<string>();
  emails.add(email);
  holds.taggings.set(name, emails);
  call.answer(201, { subscriber: { email_address: email } });
}

/** The answer to both subscriber calls. */
function subscribed(email: string, { status, answer }: FakeCall): void {
  answer(status === 'drop' ? 200 : status, { subscriber: { email_address: email } });
}

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Kit in-process, for tests of sign-ups and sales: making a broadcast, a purchase or a tag is not
 * theirs to do.
 */
export function subscribingKit(subscribe: Kit['subscribe'] = async () => {}): Kit {
  const notHere = () => Promise.reject(new Error('this test makes no broadcast, purchase or tag'));
  return {
    subscribe,
    recordsPurchases: false,
    recordPurchase: notHere,
    tag: notHere,
    createBroadcast: notHere,
    findBroadcast: notHere,
    broadcast: notHere,
    // biome-ignore lint/correctness/useYield: it refuses before any page.
    async *broadcastPages() {
      throw new Error('this test reads no broadcast');
    },
  };
}
