/**
 * validateRequests in Express 5 when the server's own setup is wrong: a body parser that
 * ran first left no body to check. That is the server's mistake, so it goes to Express's
 * error handling (a 500 the client learns nothing from), at once: not a 400 or a 408 that
 * blames the client, and not a wait for a body that will never come again.
 */
import { createServer, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SpecloomError } from "specloom";
import { validateRequests } from "specloom/node";
import { close, listen } from "../serve/helpers";

describe("validateRequests after a body parser", () => {
  let server: Server;
  let origin: string;
  const errors: unknown[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(validateRequests({ info: { title: "Notes", version: "1" }, paths: { "POST /notes": { body: z.object({ text: z.string() }), 201: null }, "GET /notes": { 200: null } } }));
    app.all("/notes", (_req, res) => void res.status(200).json({ reached: true }));
    app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      errors.push(error);
      res.status(500).json({ status: 500 });
    });
    server = createServer(app);
    origin = await listen(server);
  });
  afterAll(() => close(server));

  it("hands the server's mistake to Express's error handling at once", async () => {
    const started = performance.now();
    const response = await fetch(`${origin}/notes`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"text":"t"}', signal: AbortSignal.timeout(10_000) });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(response.status).toBe(500);
    expect(errors[0]).toBeInstanceOf(SpecloomError);
    expect((errors[0] as SpecloomError).message).toMatch(/^validate\(request\) POST \/notes: the request's body was already read by the server's code/);
  });

  it("lets a route without a body through, whatever the parser did", async () => {
    expect(await (await fetch(`${origin}/notes`)).json()).toEqual({ reached: true });
  });
});
