import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import selfsigned from 'selfsigned';
import { SMTPServer } from 'smtp-server';

/** A message as the stand-in received it: the envelope, whether it came over TLS, and the mail. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** The session had upgraded with STARTTLS before the message (our transport insists on it). */
  secure: boolean;
  mail: ParsedMail;
}

export interface FakeSmtp {
  /** smtp://user:pass@127.0.0.1:port: what SMTP_URL points at. */
  url: string;
  /** The server's certificate (PEM), for SMTP_CA_FILE: the transport checks it as it would a relay's. */
  caFile: string;
  messages(): readonly ReceivedMail[];
  /** The first message (so far or to come) that `predicate` accepts; fails after `timeoutMs`. */
  waitFor(predicate: (message: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * A stand-in SMTP relay for tests and local runs (docs/decisions/032-workshop-delivered.md): it
 * offers STARTTLS with a certificate of its own, issued for 127.0.0.1, accepts any login once
 * the line is encrypted (as a relay would refuse one before), and keeps every message, parsed,
 * so a test reads the subject, the text and the attached invite as a mail client would.
 */
export async function startFakeSmtp({
  refuse = () => false,
}: {
  /** Recipients the relay refuses with 550, as a real one refuses a mailbox that is not there. */
  refuse?: (address: string) => boolean;
} = {}): Promise<FakeSmtp> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const dir = await mkdtemp(join(tmpdir(), 'fake-smtp-'));
  const caFile = join(dir, 'ca.pem');
  await writeFile(caFile, pems.cert);

  const received: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    key: pems.private,
    cert: pems.cert,
    // Login is offered only once STARTTLS is done (allowInsecureAuth stays false).
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth: (_auth, _session, done) => done(null, { user: 'test' }),
    onRcptTo(address, _session, done) {
      if (!refuse(address.address)) return done();
      done(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            secure: session.secure,
            mail,
          });
          for (const wake of waiting) wake();
          done();
        })
        .catch((error: Error) => done(error));
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://user:pass@127.0.0.1:${port}`,
    caFile,
    messages: () => received,
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = received.find(predicate);
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(look);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(look);
          reject(new Error(`no such message within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        waiting.add(look);
        look();
      });
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
