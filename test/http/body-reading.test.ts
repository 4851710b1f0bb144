/**
 * A body that never ends cannot hold `validate` forever: reading stops at `bodyTimeout`
 * (408, the stream cancelled) or when the request's signal aborts (validate rejects with the
 * signal's reason, as an aborted fetch does: nobody waits for an answer any more).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requestValidator, type InvalidRequest } from "specloom/http";

const base = "http://api.test";
const definition = { info: { title: "Bodies", version: "1" }, paths: { "POST /notes": { body: z.object({ text: z.string() }), 200: null } } };

/** A body stream that sends `chunk` every `every` ms (or nothing at all) and never ends; it records its cancellation. */
function endless(every?: number) {
  const state = { cancelled: false, sent: 0 };
  let timer: ReturnType<typeof setInterval> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"text":"'));
      if (every !== undefined) {
        timer = setInterval(() => {
          state.sent++;
          controller.enqueue(new TextEncoder().encode("a"));
        }, every);
      }
    },
    cancel() {
      state.cancelled = true;
      clearInterval(timer);
    },
  });
  return { stream, state };
}

const post = (body: ReadableStream<Uint8Array>, signal?: AbortSignal) =>
  new Request(`${base}/notes`, { method: "POST", body, duplex: "half", headers: { "content-type": "application/json" }, ...(signal ? { signal } : {}) } as RequestInit);

describe("bodyTimeout", () => {
  it.each([
    ["a body that stops arriving", undefined],
    ["a body that trickles in and never ends", 10],
  ])("answers 408 when %s is not whole in time, and cancels it", async (_name, every) => {
    const validate = requestValidator(definition, { bodyTimeout: 150 });
    const { stream, state } = endless(every);
    const started = performance.now();
    const result = (await validate(post(stream))) as InvalidRequest;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.status).toBe(408);
    expect(result.problem).toEqual({ type: "about:blank", title: "Request Timeout", status: 408, detail: "the request body did not arrive in full within 150 ms" });
    expect(state.cancelled).toBe(true);
    if (every !== undefined) expect(state.sent).toBeGreaterThan(2);
  });

  it("reads a body that arrives in time, and takes 0 for no limit", async () => {
    const chunks = ['{"te', 'xt":"', 'a"}'];
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    expect(await requestValidator(definition, { bodyTimeout: 0 })(post(slow))).toMatchObject({ ok: true, body: { text: "a" } });
  });

  it("refuses a bodyTimeout that is not a whole number of milliseconds, naming it", () => {
    expect(() => requestValidator(definition, { bodyTimeout: -1 })).toThrow("requestValidator options.bodyTimeout: expected a whole number of milliseconds, 0 or more, found a number (-1)");
    expect(() => requestValidator(definition, { bodyTimeout: 1.5 })).toThrow("requestValidator options.bodyTimeout");
  });
});

describe("the request's signal", () => {
  it("stops the read when it aborts: validate rejects with its reason and the stream is cancelled", async () => {
    const validate = requestValidator(definition);
    const { stream, state } = endless(10);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("the client went away")), 50);
    const started = performance.now();
    await expect(validate(post(stream, controller.signal))).rejects.toThrow("the client went away");
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(state.cancelled).toBe(true);
  });

  it("rejects with an AbortError at once when it aborted before the body was read", async () => {
    const validate = requestValidator(definition);
    const { stream } = endless();
    const controller = new AbortController();
    controller.abort();
    await expect(validate(post(stream, controller.signal))).rejects.toMatchObject({ name: "AbortError" });
  });
});
