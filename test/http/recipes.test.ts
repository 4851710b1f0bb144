/**
 * The framework recipes of docs/request-validation.md, each on a real server answering real
 * HTTP requests on 127.0.0.1: Hono (through @hono/node-server), Express 5 (with
 * `validateRequests` from specloom/node) and Fastify 5.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { afterAll, describe, expect, it } from "vitest";
import { requestValidator, type ValidRequest } from "specloom/http";
import { validateRequests, type ValidatedIncomingMessage } from "specloom/node";
import { userApis, usersApi } from "./apis";

const definition = usersApi(userApis[0]!, "3.1.0");
const validate = requestValidator(definition);
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

function listening(server: Server): Promise<string> {
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return new Promise((resolve) => {
    const done = () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    if (server.listening) done();
    else server.once("listening", done);
  });
}

type Env = { Variables: { specloom: ValidRequest<typeof definition, string> } };

function honoServer(): Promise<string> {
  const validation = createMiddleware<Env>(async (c, next) => {
    const result = await validate(c.req.raw);
    if (!result.ok) return result.response();
    c.set("specloom", result);
    await next();
  });
  const app = new Hono<Env>();
  app.use(validation);
  app.get("/users/:id", (c) => c.json({ params: c.get("specloom").params, query: c.get("specloom").query }));
  app.post("/users", (c) => c.json(c.get("specloom").body, 201));
  return listening(serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server);
}

function expressServer(): Promise<string> {
  const app = express();
  app.use(validateRequests(definition));
  app.get("/users/:id", (req, res) => {
    const { params, query } = (req as unknown as ValidatedIncomingMessage).specloom;
    res.json({ params, query });
  });
  app.post("/users", (req, res) => {
    res.status(201).json((req as unknown as ValidatedIncomingMessage).specloom.body);
  });
  return listening(app.listen(0, "127.0.0.1"));
}

async function fastifyServer(): Promise<string> {
  const app = Fastify();
  // The validator reads the body: Fastify hands it over as bytes, unparsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.addHook("preHandler", async (request, reply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
    const body = request.body as Buffer | undefined;
    const result = await validate(new Request(`http://${request.host}${request.url}`, { method: request.method, headers, ...(body ? { body } : {}) }));
    if (!result.ok) {
      const response = result.response();
      return reply.code(response.status).headers(Object.fromEntries(response.headers)).send(await response.text());
    }
    request.setDecorator("specloom", result);
  });
  app.decorateRequest("specloom", null);
  app.get("/users/:id", async (request) => {
    const { params, query } = request.getDecorator<ValidRequest<unknown, string>>("specloom");
    return { params, query };
  });
  app.post("/users", async (request, reply) => reply.code(201).send(request.getDecorator<ValidRequest<unknown, string>>("specloom").body));
  await app.listen({ port: 0, host: "127.0.0.1" });
  closers.push(() => app.close());
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each([
  ["Hono", honoServer],
  ["Express 5", expressServer],
  ["Fastify 5", fastifyServer],
])("the %s recipe, over real HTTP", (_name, start) => {
  const origin = start();

  it("hands the handler the validated, coerced parts", async () => {
    const response = await fetch(`${await origin}/users/12?tags=a&tags=b&filter[min]=2`, { headers: { "x-trace": "t" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ params: { id: 12 }, query: { limit: 20, tags: ["a", "b"], filter: { min: 2 } } });
  });

  it("answers an invalid request with its Problem Details before the handler runs", async () => {
    const response = await fetch(`${await origin}/users/twelve`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const problem = (await response.json()) as { issues: { in: string; name: string }[] };
    expect(problem.issues.map((issue) => [issue.in, issue.name]).sort()).toEqual([["header", "x-trace"], ["path", "id"]]);
  });

  it("reads the JSON body itself, and refuses a bad one with 400 and an undeclared type with 415", async () => {
    const ok = await fetch(`${await origin}/users`, { method: "POST", body: JSON.stringify({ name: "Ada", age: 36 }), headers: { "content-type": "application/json" } });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ name: "Ada", age: 36 });
    const bad = await fetch(`${await origin}/users`, { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    const text = await fetch(`${await origin}/users`, { method: "POST", body: "hi", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
  });

  it("answers 405 with Allow", async () => {
    const response = await fetch(`${await origin}/users/1`, { method: "PUT" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, DELETE, PATCH");
  });
});
