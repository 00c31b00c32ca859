/**
 * For tests: a picture host on https, listening on 127.0.0.1 only, with a certificate of its
 * own made for the test (openssl), reached by the import through its test-only seam
 * (PictureNetwork in pictures.ts): `pictures.test` resolves to it and may answer 127.0.0.1;
 * `loopback.test` resolves to it too, without that leave, as a name of 127.0.0.1 out there
 * would. Any other name is not found. No test request leaves the machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import type { PictureNetwork } from './pictures';

/** An answer by path: a status, a type, a body, or a function that writes the answer itself. */
export type PictureRoute = (
  url: URL,
) =>
  | { status?: number; type?: string; body: string | Buffer; headers?: Record<string, string> }
  | ((response: ServerResponse) => void);

export interface PictureHost {
  /** https://pictures.test:<port> */
  url: string;
  port: number;
  /** The import's way to it: its names mapped to 127.0.0.1, its certificate trusted. */
  network: PictureNetwork;
  /** Each request: its path, its Host header and the name the client sent as SNI. */
  requests: Array<{ url: string; host?: string; servername?: string }>;
  close(): Promise<void>;
}

export const pictureHostName = 'pictures.test';

/** A self-signed certificate for `name`, valid for a day. */
function certificateFor(name: string): { key: string; cert: string } {
  const folder = mkdtempSync(join(tmpdir(), 'picture-host-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${name}`,
        '-addext',
        `subjectAltName=DNS:${name}`,
        '-keyout',
        join(folder, 'key.pem'),
        '-out',
        join(folder, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(folder, 'key.pem'), 'utf8'),
      cert: readFileSync(join(folder, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function startPictureHost(routes: Record<string, PictureRoute>): Promise<PictureHost> {
  const { key, cert } = certificateFor(pictureHostName);
  const requests: PictureHost['requests'] = [];
  const server: Server = createServer(
    { key, cert },
    (request: IncomingMessage, response: ServerResponse) => {
      requests.push({
        url: request.url ?? '',
        host: request.headers.host,
        servername: (request.socket as TLSSocket).servername || undefined,
      });
      const url = new URL(request.url ?? '/', `https://${pictureHostName}`);
      const route = routes[url.pathname];
      if (!route) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      const answer = route(url);
      if (typeof answer === 'function') {
        answer(response);
        return;
      }
      const { status = 200, type = 'application/octet-stream', body, headers } = answer;
      response.writeHead(status, { 'Content-Type': type, ...headers }).end(body);
    },
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://${pictureHostName}:${port}`,
    port,
    network: {
      resolve: async (host) => {
        if (host === pictureHostName || host === 'loopback.test') {
          return [{ address: '127.0.0.1', family: 4 }];
        }
        throw Object.assign(new Error(`${host} is not a test host`), { code: 'ENOTFOUND' });
      },
      localServerForTests: [pictureHostName],
      ca: cert,
    },
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
