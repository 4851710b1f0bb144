/**
 * Response checks in each framework, over real HTTP: handlers that answer a valid body, a
 * body the document refuses, an undeclared status and a declared empty one, in each mode.
 * `off` sends every response untouched and reports nothing; `report` sends every response
 * untouched and hands the issues to the callback; `enforce` answers 500 Problem Details
 * naming the issues instead of a response that breaks the document, and passes valid ones
 * untouched.
 */
import type { Server } from "node:http";
import { Readable } from "node:stream";
import { serve } from "@hono/node-server";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { expressValidator } from "specloom/express";
import { fastifyValidator } from "specloom/fastify";
import { honoValidator } from "specloom/hono";
import type { ResponseReport, ServerValidatorOptions } from "specloom/http";
import { closeAfterAll, origin } from "./listen";

const definition = {
  info: { title: "Items", version: "1" },
  paths: {
    "GET /items/{id}": {
      params: z.object({ id: z.number().int() }),
      200: { schema: z.object({ id: z.number().int(), name: z.string() }), headers: z.object({ "x-served": z.enum(["yes"]) }) },
      404: null,
    },
  },
} as const;

/** What each item's handler answers: status, body (in two chunks when `streamed`), headers; or it throws, or sends events that never end. */
const ANSWERS: Record<number, { status: number; body?: unknown; headers?: Record<string, string>; streamed?: true; throws?: true; endless?: true }> = {
  1: { status: 200, body: { id: 1, name: "Ada" }, headers: { "x-served": "yes" } },
  2: { status: 200, body: { id: "two" }, headers: { "x-served": "yes" } },
  3: { status: 418, body: { teapot: true } },
  4: { status: 404 },
  5: { status: 200, body: { id: 5, name: "Lin" } },
  6: { status: 500, throws: true },
  7: { status: 200, body: { id: 7, name: "Streamed" }, headers: { "x-served": "yes" }, streamed: true },
  8: { status: 200, body: { id: 8 }, headers: { "x-served": "yes" }, streamed: true },
  9: { status: 200, headers: { "x-served": "yes" }, endless: true },
};

/** An event every 10 ms until the client goes away. */
const EVENT = "data: tick\n\n";

type Answer = (typeof ANSWERS)[number];

/** The answer's body text in two chunks. */
const halves = (answer: Answer): [string, string] => {
  const text = JSON.stringify(answer.body);
  return [text.slice(0, 5), text.slice(5)];
};
const answerTo = (id: number): Answer => {
  const answer = ANSWERS[id] as Answer;
  if (answer.throws) throw new Error("the handler failed");
  return answer;
};

type Start = (options: ServerValidatorOptions) => Promise<string>;

const frameworks: [string, Start][] = [
  [
    "Hono",
    (options) => {
      const specloom = honoValidator(definition, options);
      const app = new Hono().get("/items/:id", specloom.route("GET /items/:id"), (c) => {
        const answer = answerTo(c.req.valid("param").id);
        if (answer.endless) {
          let timer: ReturnType<typeof setInterval> | undefined;
          const events = new ReadableStream({
            start: (controller) => void (timer = setInterval(() => controller.enqueue(new TextEncoder().encode(EVENT)), 10)),
            cancel: () => clearInterval(timer),
          });
          return c.body(events, 200, { ...answer.headers, "content-type": "text/event-stream" });
        }
        if (answer.streamed) {
          const chunks = halves(answer).map((text) => new TextEncoder().encode(text));
          const body = new ReadableStream({ pull: (controller) => (chunks.length > 0 ? controller.enqueue(chunks.shift()) : controller.close()) });
          return c.body(body, 200, { ...answer.headers, "content-type": "application/json" });
        }
        return answer.body === undefined ? c.body(null, answer.status as 404, answer.headers) : c.json(answer.body, answer.status as 200, answer.headers);
      });
      app.onError((_error, c) => c.text("server error", 500));
      return origin(serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server);
    },
  ],
  [
    "Express 5",
    (options) => {
      const specloom = expressValidator(definition, options);
      const app = express();
      app.get("/items/:id", specloom.route("GET /items/:id", (req, res, next) => {
        // Express's other way to fail: the error handed to next.
        let answer: Answer;
        try {
          answer = answerTo(req.specloom.params.id);
        } catch (error) {
          return next(error);
        }
        res.status(answer.status).set(answer.headers ?? {});
        if (answer.endless) {
          res.type("text/event-stream").flushHeaders();
          const timer = setInterval(() => res.write(EVENT), 10);
          res.on("close", () => clearInterval(timer));
        } else if (answer.streamed) {
          const [first, second] = halves(answer);
          res.type("json").write(first);
          setTimeout(() => res.end(second), 10);
        } else if (answer.body === undefined) res.end();
        else res.json(answer.body);
      }));
      app.use((_error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).send("server error"));
      return origin(app.listen(0, "127.0.0.1"));
    },
  ],
  [
    "Fastify 5",
    async (options) => {
      const specloom = fastifyValidator(definition, options);
      const app = Fastify({ forceCloseConnections: true });
      await app.register(specloom.plugin);
      app.setErrorHandler((_error, _request, reply) => reply.code(500).send("server error"));
      app.get("/items/:id", specloom.route("GET /items/:id", async (request, reply) => {
        const answer = answerTo(request.specloom.params.id);
        reply.code(answer.status).headers(answer.headers ?? {});
        if (answer.endless) {
          const events = new Readable({ read: () => undefined });
          const timer = setInterval(() => events.push(EVENT), 10);
          request.raw.on("close", () => (clearInterval(timer), events.destroy()));
          return reply.type("text/event-stream").send(events);
        }
        if (answer.streamed) return reply.type("application/json").send(Readable.from(halves(answer)));
        return reply.send(answer.body);
      }));
      closeAfterAll(() => app.close());
      return app.listen({ port: 0, host: "127.0.0.1" });
    },
  ],
];

/** The reports a server's callback received, and a wait for the next. */
function reports() {
  const received: ResponseReport[] = [];
  let wake: (() => void) | undefined;
  return {
    received,
    onResponseIssues: (report: ResponseReport) => {
      received.push(report);
      wake?.();
    },
    next: (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} reports, expected ${count}`)), 5_000);
        wake = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          resolve();
        };
        wake();
      }),
  };
}

const get = async (base: string, id: number) => {
  const response = await fetch(`${base}/items/${id}`);
  return { status: response.status, type: response.headers.get("content-type"), served: response.headers.get("x-served"), text: await response.text() };
};

describe.each(frameworks)("%s", (_name, start) => {
  it("off: every response goes out untouched, unchecked", async () => {
    const base = await start({ responses: "off" });
    expect(await get(base, 2)).toMatchObject({ status: 200, served: "yes", text: '{"id":"two"}' });
    expect(await get(base, 3)).toMatchObject({ status: 418, text: '{"teapot":true}' });
  });

  it("report: every response goes out untouched, and the callback gets each one's issues", async () => {
    const log = reports();
    const base = await start({ responses: "report", onResponseIssues: log.onResponseIssues });
    expect(await get(base, 1)).toMatchObject({ status: 200, served: "yes", text: '{"id":1,"name":"Ada"}' });
    expect(await get(base, 4)).toMatchObject({ status: 404, text: "" });
    expect(await get(base, 2)).toMatchObject({ status: 200, text: '{"id":"two"}' });
    await log.next(1);
    expect(await get(base, 3)).toMatchObject({ status: 418, text: '{"teapot":true}' });
    await log.next(2);
    expect(await get(base, 6)).toMatchObject({ status: 500, text: "server error" });
    expect(await get(base, 7)).toMatchObject({ status: 200, text: '{"id":7,"name":"Streamed"}' });
    expect(await get(base, 8)).toMatchObject({ status: 200, text: '{"id":8}' });
    await log.next(3);
    expect(log.received.map((report) => [report.route, report.status, report.issues.map((issue) => `${issue.in} ${issue.pointer ?? ""}`)])).toEqual([
      ["GET /items/{id}", 200, ["body /id", "body /name"]],
      ["GET /items/{id}", 418, ["status "]],
      ["GET /items/{id}", 200, ["body /name"]],
    ]);
  });

  it("report: a response that never ends is sent as it comes, and reported while it goes on", async () => {
    const log = reports();
    const base = await start({ responses: "report", onResponseIssues: log.onResponseIssues });
    const stop = new AbortController();
    const response = await fetch(`${base}/items/9`, { signal: stop.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("data: tick");
    await log.next(1);
    expect(log.received[0]?.issues).toMatchObject([{ in: "header", name: "content-type" }]);
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("data: tick");
    stop.abort();
  });

  it("enforce: a response that breaks the document becomes a 500 Problem naming its issues; a valid one goes out untouched", async () => {
    const log = reports();
    const base = await start({ responses: "enforce", onResponseIssues: log.onResponseIssues });
    expect(await get(base, 1)).toMatchObject({ status: 200, type: expect.stringMatching(/^application\/json/), served: "yes", text: '{"id":1,"name":"Ada"}' });
    expect(await get(base, 4)).toMatchObject({ status: 404, text: "" });

    const wrongBody = await get(base, 2);
    expect(wrongBody).toMatchObject({ status: 500, type: "application/problem+json", served: null });
    const problem = JSON.parse(wrongBody.text) as { title: string; detail: string; issues: { in: string; pointer?: string }[] };
    expect(problem.title).toBe("Internal Server Error");
    expect(problem.detail).toMatch(/^the 200 response of GET \/items\/\{id\} does not match the document: body at \/id: .+ \(and 1 more\)$/);
    expect(problem.issues.map((issue) => `${issue.in} ${issue.pointer}`)).toEqual(["body /id", "body /name"]);

    const undeclared = await get(base, 3);
    expect(undeclared.status).toBe(500);
    expect((JSON.parse(undeclared.text) as { issues: { in: string }[] }).issues.map((issue) => issue.in)).toEqual(["status"]);

    const missingHeader = await get(base, 5);
    expect(missingHeader.status).toBe(500);
    expect((JSON.parse(missingHeader.text) as { issues: { in: string; name?: string }[] }).issues).toMatchObject([{ in: "header", name: "x-served" }]);
    // The framework's own answer to a handler's error is not the route's response: not checked.
    expect(await get(base, 6)).toMatchObject({ status: 500, text: "server error" });
    expect(await get(base, 7)).toMatchObject({ status: 200, served: "yes", text: '{"id":7,"name":"Streamed"}' });
    const streamedWrong = await get(base, 8);
    expect(streamedWrong.status).toBe(500);
    expect((JSON.parse(streamedWrong.text) as { issues: { pointer?: string }[] }).issues.map((issue) => issue.pointer)).toEqual(["/name"]);
    expect(log.received).toHaveLength(4);
  });
});

describe("a response whose request was validated twice", () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it("is checked once in Hono (the app-wide middleware and the route's)", async () => {
    const log = reports();
    const specloom = honoValidator(definition, { responses: "report", onResponseIssues: log.onResponseIssues });
    const app = new Hono().use(specloom.middleware()).get("/items/:id", specloom.route("GET /items/:id"), (c) => c.json({ id: "wrong" }, 200, { "x-served": "yes" }));
    const base = await origin(serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server);
    expect((await get(base, 1)).status).toBe(200);
    await log.next(1);
    await settle();
    expect(log.received).toHaveLength(1);
  });

  it("is checked once in Express (the app-wide middleware and the route's)", async () => {
    const log = reports();
    const specloom = expressValidator(definition, { responses: "enforce", onResponseIssues: log.onResponseIssues });
    const app = express();
    app.use(specloom.middleware());
    app.get("/items/:id", specloom.route("GET /items/:id", (_req, res) => void res.set("x-served", "yes").json({ id: "wrong" })));
    const base = await origin(app.listen(0, "127.0.0.1"));
    expect((await get(base, 1)).status).toBe(500);
    await settle();
    expect(log.received).toHaveLength(1);
  });
});
