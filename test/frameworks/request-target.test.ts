/**
 * The URL specloom/express and specloom/fastify check, over HTTP on 127.0.0.1 with requests
 * written byte by byte: its origin comes from the socket (or the `origin` / `trustProxy`
 * options), never from `Host`, so `Host` cannot move path segments and each integration
 * validates the route its framework runs. A target that makes no URL is a 400 Problem, never
 * a handler call.
 */
import express from "express";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { expressValidator } from "specloom/express";
import { fastifyValidator } from "specloom/fastify";
import { send } from "../helpers/raw-http";
import { closeAfterAll, origin } from "./listen";

const definition = {
  info: { title: "Tenants", version: "1" },
  paths: {
    "POST /users": { body: z.object({ name: z.string() }), 201: null },
    "POST /{tenant}/users": { params: z.object({ tenant: z.string() }), body: z.object({ name: z.string(), role: z.enum(["admin", "member"]) }), 201: null },
  },
} as const;
const named = '{"name":"Ada"}';
const withRole = '{"name":"Ada","role":"admin"}';

/** An Express app validating every request (`middleware()`) and each route by its key; each handler answers which route ran. */
async function expressServer(options?: Parameters<typeof expressValidator>[1]): Promise<number> {
  const specloom = expressValidator(definition, options);
  const app = express();
  app.use(specloom.middleware());
  app.post("/users", specloom.route("POST /users", (req, res) => void res.status(201).json({ ran: "/users", validated: req.specloom.route })));
  app.post("/:tenant/users", specloom.route("POST /:tenant/users", (req, res) => void res.status(201).json({ ran: "/:tenant/users", validated: req.specloom.route })));
  return Number(new URL(await origin(app.listen(0, "127.0.0.1"))).port);
}

/** The same app in Fastify: the plugin, the app-wide hook and each route by its key. */
async function fastifyServer(options?: Parameters<typeof fastifyValidator>[1]): Promise<number> {
  const specloom = fastifyValidator(definition, options);
  const app = Fastify();
  closeAfterAll(() => app.close());
  await app.register(specloom.plugin);
  app.addHook("preHandler", specloom.hook());
  app.post("/users", specloom.route("POST /users", async (request, reply) => reply.code(201).send({ ran: "/users", validated: request.specloom.route })));
  app.post("/:tenant/users", specloom.route("POST /:tenant/users", async (request, reply) => reply.code(201).send({ ran: "/:tenant/users", validated: request.specloom.route })));
  return Number(new URL(await app.listen({ port: 0, host: "127.0.0.1" })).port);
}

describe.each([
  ["specloom/express", expressServer],
  ["specloom/fastify", fastifyServer],
])("%s", (_name, start) => {
  const port = start();

  it("answers 400 to an empty Host instead of reading the first path segment as the host", async () => {
    const response = await send(await port, "POST /acme/users HTTP/1.1\r\nHost: ", named);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(JSON.parse(response.body)).toMatchObject({ status: 400, detail: "the Host header is empty" });
  });

  it("never lets Host move path segments: the body is checked against the route the framework runs", async () => {
    const moved = await send(await port, "POST /users HTTP/1.1\r\nHost: tenant/acme", named);
    expect(JSON.parse(moved.body)).toMatchObject({ status: 400, detail: 'the Host header "tenant/acme" is not a host and port' });
    const refused = await send(await port, "POST /acme/users HTTP/1.1\r\nHost: acme", named);
    expect(JSON.parse(refused.body)).toMatchObject({ status: 400, issues: [{ in: "body", pointer: "/role" }] });
    const routed = await send(await port, "POST /acme/users HTTP/1.1\r\nHost: api.example.com", withRole);
    expect(routed.status).toBe(201);
    expect(JSON.parse(routed.body)).toEqual({ ran: "/:tenant/users", validated: "POST /{tenant}/users" });
  });

  it("refuses an absolute-form target that names another host than Host", async () => {
    const response = await send(await port, `POST http://elsewhere.example/acme/users HTTP/1.1\r\nHost: 127.0.0.1:${await port}`, withRole);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).detail).toBe('the request target names the host "elsewhere.example", and the Host header another');
  });

  it("reads X-Forwarded-Host only with trustProxy, and refuses one that is no host", async () => {
    const proxied = await start({ trustProxy: true });
    const bad = await send(proxied, "POST /acme/users HTTP/1.1\r\nHost: x.example\r\nX-Forwarded-Host: public.example/tenant", withRole);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).detail).toBe('the X-Forwarded-Host header "public.example/tenant" is not a host and port');
    const ignored = await send(await port, "POST /acme/users HTTP/1.1\r\nHost: x.example\r\nX-Forwarded-Host: public.example/tenant", withRole);
    expect(ignored.status).toBe(201);
  });
});

describe("the URL's options", () => {
  it.each([
    ["expressValidator", (options: object) => expressValidator(definition, options)],
    ["fastifyValidator", (options: object) => fastifyValidator(definition, options)],
  ])("%s refuses options that make no origin when it is made, naming itself", (name, make) => {
    expect(() => make({ origin: "https://api.example.com/v1" })).toThrow(`${name} options.origin: expected an origin such as "https://api.example.com"`);
    expect(() => make({ origin: "https://a.example", trustProxy: true })).toThrow(`${name} options: origin and trustProxy cannot both be given`);
    expect(() => make({ trustProxy: "yes" })).toThrow(`${name} options.trustProxy: expected true or false`);
  });
});
