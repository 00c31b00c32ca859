/// <reference lib="webworker" />
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { isProofOfWorkChallenge } from './proof-of-work-challenge';

/**
 * Fetches a challenge from our server and works out its answer, off the main thread so that the
 * page stays responsive while the visitor types. Answers with the proof the API expects (base64
 * JSON of { challenge, solution }), or null when anything failed: the post then goes without it.
 * The one fetch outside the API client (src/lib/api-client.ts): the client reads answers with
 * zod, which would make this worker sixteen times its size, so the answer is checked by hand
 * against the contract's type (proof-of-work-challenge.ts).
 */
self.onmessage = async () => {
  let proof: string | null = null;
  try {
    const response = await fetch('/api/proof-of-work', {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    const challenge: unknown = response.ok ? await response.json() : null;
    if (isProofOfWorkChallenge(challenge)) {
      const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
      if (solution) proof = btoa(JSON.stringify({ challenge, solution }));
    }
  } catch {
    // No proof (offline, not JSON, timed out): the lead is still stored, marked unverified.
  }
  self.postMessage(proof);
};
