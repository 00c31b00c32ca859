/** Why a body could not be read: each is the client's doing, answered with a 4xx, never a 500. */
export class BodyReadError extends Error {
  constructor(
    readonly reason: 'too-large' | 'too-slow' | 'client-gone' | 'not-utf8',
    message: string,
  ) {
    super(message);
    this.name = 'BodyReadError';
  }

  /** The status to answer with (a client that left gets a 400 nobody reads). */
  get status(): 400 | 408 | 413 {
    return this.reason === 'too-large' ? 413 : this.reason === 'too-slow' ? 408 : 400;
  }
}

/**
 * Reads a request body as UTF-8 text, up to `maxBytes`, within `deadlineMs`. The declared
 * Content-Length is checked first, and the bytes are counted as they arrive, so a chunked body
 * (no length declared) is held to the same limit and never buffered beyond it. The deadline
 * stops a client that trickles its body a byte at a time from holding a request open; a client
 * that disconnects mid-body ends the read with `client-gone`.
 */
export async function readBodyText(
  request: Request,
  limits: { maxBytes: number; deadlineMs: number },
): Promise<string> {
  const bytes = await readBodyBytes(request, limits);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BodyReadError('not-utf8', 'Body is not UTF-8.');
  }
}

/**
 * The same limits, the bytes as they arrived: what a signature is checked against (a webhook's
 * signature covers the raw bytes, not a decoding of them).
 */
export async function readBodyBytes(
  request: Request,
  { maxBytes, deadlineMs }: { maxBytes: number; deadlineMs: number },
): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new BodyReadError('too-large', 'Body too large.');
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new BodyReadError('too-slow', 'The body took too long to arrive.')),
      deadlineMs,
    );
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new BodyReadError('too-large', 'Body too large.');
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    if (error instanceof BodyReadError) throw error;
    // Node ends the stream with "aborted" (ECONNRESET) when the socket closes mid-body.
    throw new BodyReadError('client-gone', 'The client closed the connection.');
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks);
}
