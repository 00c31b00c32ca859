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
