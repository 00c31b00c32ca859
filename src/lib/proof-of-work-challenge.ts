import type { ProofOfWorkChallenge } from '../../contracts/proof-of-work';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The answer of GET /api/proof-of-work checked by hand against the contract's type, for the
 * proof-of-work worker alone: the contract's zod schema (and the API client, which reads errors
 * with zod) would take the worker from ~1.6 KB to ~27 KB gzip. It checks the shape, not the
 * schema's bounds; the server checks the proof that comes back in full. A unit test holds it to
 * the schema.
 */
export function isProofOfWorkChallenge(value: unknown): value is ProofOfWorkChallenge {
  if (!isRecord(value) || typeof value.signature !== 'string') return false;
  const parameters = value.parameters;
  if (!isRecord(parameters)) return false;
  const { algorithm, nonce, salt, cost, keyLength, keyPrefix, keySignature, expiresAt } =
    parameters;
  return (
    algorithm === 'SHA-256' &&
    typeof nonce === 'string' &&
    typeof salt === 'string' &&
    typeof keyPrefix === 'string' &&
    Number.isInteger(cost) &&
    Number.isInteger(keyLength) &&
    (keySignature === undefined || typeof keySignature === 'string') &&
    (expiresAt === undefined || typeof expiresAt === 'number')
  );
}
