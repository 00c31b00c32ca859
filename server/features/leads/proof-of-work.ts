import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  type ProofOfWorkChallenge,
  proofOfWorkChallengeSchema,
} from '../../../contracts/proof-of-work';
import type { Store } from '../../db/store';
import { isoNow } from '../../db/store';

/**
 * A proof of work that runs on our own server (ALTCHA, no third party, no cookie): the browser
 * fetches a signed challenge when a form gains focus, works out its answer in the background
 * and sends it with the post. Making a bot pay a second of CPU per post is cheap for a visitor
 * and expensive at spam volume. Each proof is spent once (kept until its challenge expires).
 */
export interface ProofOfWork {
  /** A fresh signed challenge, in the shape of the contract (the answer of the GET). */
  challenge(): Promise<ProofOfWorkChallenge>;
  /** True for a solved, unexpired, correctly signed proof not spent before; spends it. */
  verify(payload: string | undefined): Promise<boolean>;
}

/** SHA-256 rounds the browser runs, at random in this range: well under a second on a phone. */
const work = { min: 5_000, max: 15_000 };
const lifetimeMs = 15 * 60_000;

const payloadSchema = z.object({
  challenge: proofOfWorkChallengeSchema,
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

export function createProofOfWork(store: Store, secret: string): ProofOfWork {
  // One stored secret, two keys: the challenge's signature and the derived key's.
  const secrets = {
    hmacSignatureSecret: `${secret}:challenge`,
    hmacKeySignatureSecret: `${secret}:key`,
  };

  return {
    // Parsed into the contract's shape: only the fields the browser needs, signed.
    challenge: async () =>
      proofOfWorkChallengeSchema.parse(
        await createChallenge({
          algorithm: 'SHA-256',
          cost: 1,
          counter: randomInt(work.min, work.max),
          deriveKey,
          expiresAt: new Date(Date.now() + lifetimeMs),
          ...secrets,
        }),
      ),

    async verify(payload) {
      if (!payload) return false;
      const parsed = payloadSchema.safeParse(decode(payload));
      if (!parsed.success) return false;
      const { challenge, solution } = parsed.data;
      const result = await verifySolution({ challenge, solution, deriveKey, ...secrets }).catch(
        () => ({ verified: false }),
      );
      if (!result.verified) return false;
      return spend(store, challenge.signature, challenge.parameters.expiresAt);
    },
  };
}

function decode(payload: string): unknown {
  try {
    return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
}

/** Records a proof as used; false if it was used before (a replay). */
async function spend(store: Store, signature: string, expiresAt: number | undefined) {
  const now = isoNow();
  const expires = new Date((expiresAt ?? Date.now() / 1000) * 1000).toISOString();
  return store.write(async (trx) => {
    await trx.deleteFrom('spent_proofs').where('expires_at', '<', now).execute();
    const inserted = await trx
      .insertInto('spent_proofs')
      .values({ signature, expires_at: expires })
      .onConflict((conflict) => conflict.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    return inserted !== undefined;
  });
}

/** GET /api/proof-of-work: a fresh challenge, never cached. */
export function proofOfWorkRouter(proofOfWork: ProofOfWork) {
  return new Hono().get('/', async (c) =>
    c.json((await proofOfWork.challenge()) satisfies ProofOfWorkChallenge),
  );
}
