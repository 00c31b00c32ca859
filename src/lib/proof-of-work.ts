/**
 * The proof of work a post carries (contracts/proof-of-work.ts), solved in a worker from the
 * moment a form gains focus, so it is usually ready before the visitor presses send. Each proof
 * is good for one post; taking it starts nothing new until the next focus or submit.
 */
let pending: Promise<string | null> | null = null;

/** Starts solving a challenge unless one is already under way or ready. */
export function startProofOfWork(): Promise<string | null> {
  pending ??= new Promise<string | null>((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), {
        type: 'module',
      });
    } catch {
      resolve(null);
      return;
    }
    const done = (proof: string | null) => {
      worker.terminate();
      resolve(proof);
    };
    worker.onmessage = (event: MessageEvent<string | null>) => done(event.data);
    worker.onerror = () => done(null);
    worker.postMessage('start');
  });
  return pending;
}

/** The proof for this post (waiting for it if need be); the next post solves a new one. */
export async function takeProofOfWork(): Promise<string | null> {
  const proof = await startProofOfWork();
  pending = null;
  return proof;
}
