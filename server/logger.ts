import pino, { type Logger } from 'pino';
import type { Env } from './env';

export type { Logger };

/**
 * Structured JSON logs on stdout. Personal data never goes in: request lines carry method, path
 * (no query string), status and duration; handlers log ids and error kinds, never names, emails
 * or messages. The redact list is a safety net, not the policy.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: undefined,
    redact: {
      paths: ['email', '*.email', 'firstName', '*.firstName', 'ip', '*.ip'],
      censor: '[redacted]',
    },
  });
}
