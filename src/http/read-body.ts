/** The body was larger than the limit: reading stopped there. */
export class TooLarge {
  constructor(readonly limit: number) {}
}

/** The body's stream was locked: code before this read it (`text()`, `json()`, a reader). */
export class AlreadyRead {}

/** The body did not arrive in full within the time limit: reading stopped then. */
export class TimedOut {
  constructor(readonly timeout: number) {}
}

/** Why reading stopped before the body ended. */
const TIMED_OUT = Symbol("timed out");
const ABORTED = Symbol("aborted");

type Stop = ReturnType<typeof stopWhen>;
type Next = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>> | typeof TIMED_OUT | typeof ABORTED;

/**
 * The request's body as bytes, at most `limit` of them, within `timeout` ms (0: no limit);
 * AlreadyRead when code before this read it. A declared `Content-Length` over the limit is
 * refused before reading, and the stream is cancelled as soon as what has arrived passes the
 * limit, the time is up, or the request's signal aborts (then this rejects with the signal's
 * reason): a larger or endless body is never held whole and never holds the caller.
 */
export async function readBody(request: Request, limit: number, timeout: number): Promise<Uint8Array | TooLarge | TimedOut | AlreadyRead> {
  const stream = request.body;
  if (stream === null) return new Uint8Array(0);
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    // Throws only for a locked stream; asking `locked` or `bodyUsed` first would cost more than this.
    reader = stream.getReader();
  } catch {
    return new AlreadyRead();
  }
  // Not awaited: a source whose cancel never settles must not hold the answer.
  const cancel = () => void reader.cancel().catch(() => undefined);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    cancel();
    return new TooLarge(limit);
  }
  const { signal } = request;
  if (signal.aborted) {
    cancel();
    throw signal.reason;
  }
  // A body already buffered (most are) is read without a timer or a listener; both are set up at the first wait.
  let stop: Stop | undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const read = reader.read();
      let next = undefined as Next | undefined;
      if (stop === undefined) {
        // A read that has settled already runs this callback before the await below resumes (a race would cost several times as much).
        void read.then((result) => (next = result), () => undefined);
        await undefined;
      }
      if (next === undefined) {
        stop ??= stopWhen(signal, timeout);
        next = await Promise.race([read, stop.reason]);
      }
      if (next === TIMED_OUT || next === ABORTED || (!next.done && size + next.value.byteLength > limit)) {
        cancel();
        if (next === ABORTED) throw signal.reason;
        return next === TIMED_OUT ? new TimedOut(timeout) : new TooLarge(limit);
      }
      if (next.done) break;
      size += next.value.byteLength;
      chunks.push(next.value);
    }
  } finally {
    stop?.clear();
  }
  return joined(chunks, size);
}

/** A promise that settles with why reading must stop (the time is up, the signal aborted); `clear` undoes its timer and listener. */
function stopWhen(signal: AbortSignal, timeout: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => undefined as void;
  const reason = new Promise<typeof TIMED_OUT | typeof ABORTED>((resolve) => {
    if (timeout > 0) timer = setTimeout(() => resolve(TIMED_OUT), timeout);
    onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return {
    reason,
    clear: () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    },
  };
}

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
