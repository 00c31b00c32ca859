/// <reference lib="webworker" />
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/**
 * Fetches a challenge from our server and works out its answer, off the main thread so that the
 * page stays responsive while the visitor types. Answers with the proof the API expects (base64
 * JSON of { challenge, solution }), or null when anything failed: the post then goes without it.
 */
self.onmessage = async () => {
  let proof: string | null = null;
  try {
    const response = await fetch('/api/proof-of-work', {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.ok) {
      const challenge = (await response.json()) as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
      if (solution) proof = btoa(JSON.stringify({ challenge, solution }));
    }
  } catch {
    // No proof: the lead is still stored, marked unverified.
  }
  self.postMessage(proof);
};
