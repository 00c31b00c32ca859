import { z } from 'zod';

/**
 * The solved proof of work a script-enhanced form sends with its post (ALTCHA, on our own
 * server: GET /api/proof-of-work gives a challenge). Optional: a post without one (JavaScript
 * off) is stored all the same, marked unverified. The value is base64 JSON of
 * { challenge, solution }; its size is bounded here, its content checked by the server.
 */
export const proofOfWork = {
  field: 'altcha',
  schema: z.string().max(4096, 'Invalid proof of work.').optional(),
} as const;

/**
 * The answer of GET /api/proof-of-work: a signed ALTCHA challenge (v2, SHA-256), also the
 * `challenge` half of the proof a post carries back. The bounds keep a forged proof small.
 */
export const proofOfWorkChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.literal('SHA-256'),
    nonce: z.string().max(128),
    salt: z.string().max(128),
    cost: z.number().int().positive().max(10),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: z.string().max(128),
    keySignature: z.string().max(256).optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().max(256),
});

export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallengeSchema>;
