import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to the n-th request (0-based): a status code. */
export type FakeKitScript = (requestIndex: number) => 200 | 201 | 429 | 500 | 503;

/**
 * A local stand-in for Kit's API v4 (the two calls we make), for tests and local runs: checks the
 * API key, answers as `script` says, and records what a real Kit would then hold. As Kit does, a
 * new subscriber is `active` unless the call says otherwise, an existing one keeps its state, and
 * a (double opt-in) form sends its confirmation email only to a subscriber who is not yet active.
 */
export async function startFakeKit(apiKey: string, script: FakeKitScript = () => 200) {
  let requests = 0;
  const subscribers = new Map<string, { firstName: string | null; state: string }>();
  /** email -> how many confirmation emails the form sent. */
  const confirmations = new Map<string, number>();
  /** formId -> email -> how many successful adds (a real Kit would keep one). */
  const formAdds = new Map<string, Map<string, number>>();
  const referrers = new Map<string, string>();
  /** Webhook endpoints made through the API (decision 021), as their request bodies. */
  const webhookEndpoints: { url: string; events: string[]; name: string }[] = [];

  const server = createServer(async (request, response) => {
    const body = JSON.parse((await readAll(request)) || '{}') as Record<string, string>;
    const index = requests++;
    if (request.headers['x-kit-api-key'] !== apiKey) {
      response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"errors":["auth"]}');
      return;
    }
    const status = script(index);
    if (status === 429) {
      // As Kit does: plain text, and no Retry-After header.
      response.writeHead(429, { 'Content-Type': 'text/plain' }).end('Retry later');
      return;
    }
    if (status >= 500) {
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end('down');
      return;
    }
    if (request.url === '/v4/webhook_endpoints') {
      const endpoint = body as unknown as (typeof webhookEndpoints)[number];
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
      return;
    }
    const email = body.email_address ?? '';
    const form = request.url?.match(/^\/v4\/forms\/([^/]+)\/subscribers$/)?.[1];
    if (request.url === '/v4/subscribers') {
      const existing = subscribers.get(email);
      subscribers.set(email, {
        firstName: body.first_name ?? existing?.firstName ?? null,
        state: existing?.state ?? body.state ?? 'active',
      });
    } else if (form) {
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
    } else {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(status, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ subscriber: { email_address: email } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    subscribers,
    confirmations,
    formAdds,
    referrers,
    webhookEndpoints,
    requestCount: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
