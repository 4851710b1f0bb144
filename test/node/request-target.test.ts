/**
 * The URL the client asked for, in real servers (Express 5, node:http) over HTTP on
 * 127.0.0.1, with requests written byte by byte on a socket: the origin comes from the
 * socket (or the `origin` / `trustProxy` options), never from `Host`, so `Host` cannot move
 * path segments and the validator checks the route the framework runs. A target that cannot
 * be made that URL (an empty or malformed `Host`, two of them, an absolute-form target naming
 * another host, a dot segment, `*`) gets 400 Problem Details.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { nodeHandler, RequestTargetError, toWebRequest, validateRequests, type ValidatedIncomingMessage } from "specloom/node";
import { requestUrl } from "../../src/node/request-target";
import { send } from "../helpers/raw-http";
import { close, listen } from "../serve/helpers";

const definition = {
  info: { title: "Tenants", version: "1" },
  paths: {
    "POST /users": { body: z.object({ name: z.string() }), 201: null },
    "POST /{tenant}/users": { params: z.object({ tenant: z.string() }), body: z.object({ name: z.string(), role: z.enum(["admin", "member"]) }), 201: null },
  },
};
const named = '{"name":"Ada"}';
const withRole = '{"name":"Ada","role":"admin"}';

describe("Express 5 with validateRequests: the validator checks the route Express runs", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.use(validateRequests(definition));
    const echo = (route: string) => (req: IncomingMessage, res: express.Response) => void res.status(201).json({ express: route, validated: (req as ValidatedIncomingMessage).specloom.route });
    app.post("/users", echo("/users"));
    app.post("/:tenant/users", echo("/:tenant/users"));
    server = createServer(app);
    port = Number(new URL(await listen(server)).port);
  });
  afterAll(() => close(server));

  it("answers 400 to an empty Host instead of reading its first path segment as the host", async () => {
    const response = await send(port, "POST /acme/users HTTP/1.1\r\nHost: ", named);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(JSON.parse(response.body)).toMatchObject({ status: 400, detail: "the Host header is empty" });
  });

  it("never lets Host move path segments: a Host with a path is refused, any valid Host leaves the path alone", async () => {
    const moved = await send(port, "POST /users HTTP/1.1\r\nHost: tenant/acme", named);
    expect(JSON.parse(moved.body)).toEqual({ type: "about:blank", title: "Bad Request", status: 400, detail: 'the Host header "tenant/acme" is not a host and port' });
    const refused = await send(port, "POST /acme/users HTTP/1.1\r\nHost: api.example.com", named);
    expect(JSON.parse(refused.body)).toMatchObject({ status: 400, issues: [{ in: "body", pointer: "/role" }] });
    const routed = await send(port, "POST /acme/users HTTP/1.1\r\nHost: api.example.com", withRole);
    expect(JSON.parse(routed.body)).toEqual({ express: "/:tenant/users", validated: "POST /{tenant}/users" });
  });

  it("reads an absolute-form target once, and refuses one that names another host than Host", async () => {
    const absolute = await send(port, `POST http://127.0.0.1:${port}/acme/users HTTP/1.1\r\nHost: 127.0.0.1:${port}`, withRole);
    expect(JSON.parse(absolute.body)).toEqual({ express: "/:tenant/users", validated: "POST /{tenant}/users" });
    const elsewhere = await send(port, `POST http://elsewhere.example/acme/users HTTP/1.1\r\nHost: 127.0.0.1:${port}`, withRole);
    expect(elsewhere.status).toBe(400);
    expect(JSON.parse(elsewhere.body).detail).toBe('the request target names the host "elsewhere.example", and the Host header another');
  });

  it.each([
    ["two Host headers", "POST /acme/users HTTP/1.1\r\nHost: a.example\r\nHost: b.example", "the request has more than one Host header"],
    ["a Host that is no host", "POST /acme/users HTTP/1.1\r\nHost: a b", 'the Host header "a b" is not a host and port'],
    ["a dot segment", "POST /acme/../users HTTP/1.1\r\nHost: a.example", 'the request target "/acme/../users" has a dot segment ("." or ".."), which a URL would remove'],
    ["an encoded dot segment", "POST /acme/%2E%2e/users HTTP/1.1\r\nHost: a.example", 'the request target "/acme/%2E%2e/users" has a dot segment ("." or ".."), which a URL would remove'],
    ["the asterisk form", "OPTIONS * HTTP/1.1\r\nHost: a.example", 'the request target "*" is neither a path nor an absolute http(s) URL'],
  ])("answers 400 to %s", async (_name, head, detail) => {
    const response = await send(port, head, withRole);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ type: "about:blank", title: "Bad Request", status: 400, detail });
  });

  it("keeps a backslash inside its segment, as Express does, and takes HTTP/1.0 without Host", async () => {
    const backslash = await send(port, "POST /acme\\users HTTP/1.1\r\nHost: a.example", withRole);
    expect(backslash.status).toBe(404);
    expect(JSON.parse(backslash.body).detail).toBe('no operation has the path "/acme%5Cusers"');
    expect(JSON.parse((await send(port, "POST /acme/users HTTP/1.0", withRole)).body)).toEqual({ express: "/:tenant/users", validated: "POST /{tenant}/users" });
  });
});

describe("node:http with nodeHandler: the URL's origin", () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => close(server))));
  const start = async (options?: Parameters<typeof nodeHandler>[1]) => {
    const server = createServer(nodeHandler((request) => Response.json({ url: request.url }), options));
    servers.push(server);
    return Number(new URL(await listen(server)).port);
  };
  const urlOf = async (port: number, head: string) => JSON.parse((await send(port, head)).body) as { url: string };

  it("comes from the socket, whatever Host says", async () => {
    const port = await start();
    expect(await urlOf(port, "GET /a/b?c=d HTTP/1.1\r\nHost: api.example.com")).toEqual({ url: `http://127.0.0.1:${port}/a/b?c=d` });
    expect(await urlOf(port, "GET //evil.example/x HTTP/1.1\r\nHost: api.example.com")).toEqual({ url: `http://127.0.0.1:${port}//evil.example/x` });
  });

  it("is the origin option's, or the proxy's X-Forwarded-Proto and X-Forwarded-Host with trustProxy", async () => {
    const fixed = await start({ origin: "https://api.example.com" });
    expect(await urlOf(fixed, "GET /a HTTP/1.1\r\nHost: x.example\r\nX-Forwarded-Host: evil.example")).toEqual({ url: "https://api.example.com/a" });
    const proxied = await start({ trustProxy: true });
    expect(await urlOf(proxied, "GET /a HTTP/1.1\r\nHost: x.example\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: public.example, inner.example")).toEqual({ url: "https://public.example/a" });
    expect(await urlOf(proxied, "GET /a HTTP/1.1\r\nHost: x.example")).toEqual({ url: `http://127.0.0.1:${proxied}/a` });
    const bad = await send(proxied, "GET /a HTTP/1.1\r\nHost: x.example\r\nX-Forwarded-Host: public.example/tenant");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).detail).toBe('the X-Forwarded-Host header "public.example/tenant" is not a host and port');
  });

  it("refuses options that make no origin, naming them", () => {
    expect(() => nodeHandler(() => undefined, { origin: "https://api.example.com/v1" })).toThrow('nodeHandler options.origin: expected an origin such as "https://api.example.com" (http or https, a host, an optional port, nothing after), found the string "https://api.example.com/v1"');
    expect(() => nodeHandler(() => undefined, { origin: "https://a.example", trustProxy: true })).toThrow("nodeHandler options: origin and trustProxy cannot both be given");
    expect(() => validateRequests(definition, { trustProxy: "yes" as unknown as boolean })).toThrow("validateRequests options.trustProxy: expected true or false");
  });

  it("toWebRequest throws a RequestTargetError with status 400, which Express and Fastify answer as such", async () => {
    let thrown: unknown;
    const server = createServer((req, res) => {
      try {
        toWebRequest(req, res);
      } catch (error) {
        thrown = error;
      }
      res.end();
    });
    servers.push(server);
    const port = Number(new URL(await listen(server)).port);
    await send(port, "GET /a HTTP/1.1\r\nHost: ");
    expect(thrown).toBeInstanceOf(RequestTargetError);
    expect(thrown).toMatchObject({ status: 400, statusCode: 400, expose: true, message: "the Host header is empty" });
  });
});

describe("requestUrl reads 64 KB targets and headers in one pass", () => {
  const KB64 = 64 * 1024;
  /** What requestUrl reads of a Node request; Node's own parser stops at 16 KB, so these are made in process. */
  const fake = (url: string, host: string, forwarded: Record<string, string> = {}) =>
    ({ url, headers: { host, ...forwarded }, rawHeaders: ["Host", host], httpVersionMajor: 1, httpVersionMinor: 1, socket: { localAddress: "127.0.0.1", localPort: 80 } }) as unknown as IncomingMessage;
  const outcome = (req: IncomingMessage, proxy = false) => {
    const started = performance.now();
    let result: string;
    try {
      const { origin, target } = requestUrl(req, { proxy });
      result = `${origin}${target}`;
    } catch (error) {
      result = (error as Error).name;
    }
    expect(performance.now() - started).toBeLessThan(3_000);
    return result;
  };

  it.each([
    ["dots that are no dot segment", `/${"a.".repeat(KB64 / 2)}`, "a.example", "ok"],
    ["many segments, the last a dot segment", `${"/a".repeat(KB64 / 2)}/..`, "a.example", "RequestTargetError"],
    ["backslashes", `/${"\\".repeat(KB64)}`, "a.example", "ok"],
    ["an absolute-form target with a long authority", `http://${"a".repeat(KB64)}/x`, "a".repeat(KB64), "ok"],
    ["a Host that ends in a slash", "/x", `${"a".repeat(KB64)}/`, "RequestTargetError"],
    ["a Host of colons", "/x", `[${":".repeat(KB64)}`, "RequestTargetError"],
  ])("%s", (_name, url, host, expected) => {
    const result = outcome(fake(url, host));
    expect(result === "RequestTargetError" ? result : "ok").toBe(expected);
  });

  it("reads a 64 KB X-Forwarded-Host", () => {
    expect(outcome(fake("/x", "a.example", { "x-forwarded-host": `${"b".repeat(KB64)},c` }), true)).toBe(`http://${"b".repeat(KB64)}/x`);
    expect(outcome(fake("/x", "a.example", { "x-forwarded-host": `${"b".repeat(KB64)}/` }), true)).toBe("RequestTargetError");
  });
});
