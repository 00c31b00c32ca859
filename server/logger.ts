import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Env } from './env';

export type { Logger };

/**
 * Structured logs on stdout: JSON, or pino-pretty's lines in a terminal. Personal data never goes in: request lines carry method, path
 * (no query string), status and duration; handlers log ids and error kinds, never names, emails
 * or messages. The redact list is a safety net, not the policy.
 */
export function createLogger(
  env: Pick<Env, 'LOG_LEVEL'>,
  { terminal = process.stdout.isTTY === true }: { terminal?: boolean } = {},
): Logger {
  const options = {
    level: env.LOG_LEVEL,
    base: undefined,
    redact: {
      paths: ['email', '*.email', 'firstName', '*.firstName', 'ip', '*.ip'],
      censor: '[redacted]',
    },
  };
  // In a terminal the same lines, as a person reads them; anywhere else (a service manager, a
  // container's log collector) one JSON object a line.
  if (!terminal) return pino(options);
  return pino(
    options,
    pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
  );
}
