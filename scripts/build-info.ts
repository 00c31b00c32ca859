import { createHash } from 'node:crypto';
import { type Env, toPublicConfig } from '../server/env';

/**
 * The configuration baked into a build (public settings and canonical origins). When it
 * differs from the running configuration, `npm start` rebuilds.
 */
export function configFingerprint(env: Env): string {
  return createHash('sha256')
    .update(JSON.stringify(toPublicConfig(env)))
    .digest('hex')
    .slice(0, 16);
}
