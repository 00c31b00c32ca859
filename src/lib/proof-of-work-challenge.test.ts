import { describe, expect, it } from 'vitest';
import { proofOfWorkChallengeSchema } from '../../contracts/proof-of-work';
import { isProofOfWorkChallenge } from './proof-of-work-challenge';

const parameters = {
  algorithm: 'SHA-256',
  nonce: 'a1b2',
  salt: 'c3d4',
  cost: 1,
  keyLength: 32,
  keyPrefix: '00',
  keySignature: 'sig',
  expiresAt: 1_900_000_000,
};
const valid = { parameters, signature: 'f00d' };

describe('the worker’s hand check of a proof-of-work challenge', () => {
  it('agrees with the contract’s schema on every sample', () => {
    const { keySignature: _, expiresAt: __, ...required } = parameters;
    const samples: unknown[] = [
      valid,
      { parameters: required, signature: 'f00d' },
      { ...valid, extra: 1 },
      { parameters },
      { ...valid, signature: 7 },
      { ...valid, parameters: { ...parameters, algorithm: 'SHA-512' } },
      { ...valid, parameters: { ...parameters, cost: '1' } },
      { ...valid, parameters: { ...parameters, cost: 1.5 } },
      { ...valid, parameters: { ...parameters, nonce: null } },
      { ...valid, parameters: { ...parameters, expiresAt: 'soon' } },
      { ...valid, parameters: [] },
      [valid],
      'challenge',
      null,
      undefined,
    ];
    for (const sample of samples) {
      expect(isProofOfWorkChallenge(sample), JSON.stringify(sample)).toBe(
        proofOfWorkChallengeSchema.safeParse(sample).success,
      );
    }
  });
});
