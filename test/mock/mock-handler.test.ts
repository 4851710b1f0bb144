/**
 * mockHandler's answers: the lowest declared 2XX with an example or a generated body, Prefer
 * (code, example, dynamic) as RFC 7240 and Prism read it, Accept negotiation, required
 * headers, the request validator's refusals, and what it does with a document it cannot
 * answer from. Every answer is checked against the document it claims to follow.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi } from "specloom";
import { requestValidator } from "specloom/http";
import { mockHandler } from "specloom/mock";
import { catchError } from "../helpers/errors";
import { petsApi } from "./fixtures";
import { ResponseJudge } from "./response-check";

const definition = petsApi("3.1.0");
const document = openapi(definition) as unknown as Record<string, unknown>;
const judge = new ResponseJudge(document);
const handler = mockHandler(definition);
const get = (path: string, headers: Record<string, string> = {}) => handler(new Request(`http://localhost${path}`, { headers }));

describe("mockHandler: the response it chooses", () => {
  it("answers a valid request with the lowest declared 2XX, its required header and a body valid against the schema", async () => {
    const response = await get("/pets");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total")).toMatch(/^\d+$/);
    const body = await judge.expectDeclared("GET", "/pets", response);
    expect(Array.isArray(body)).toBe(true);
  });

  it("sends the media type's first example when it has examples (OpenAPI's Media Type Object)", async () => {
    const response = await get("/pets/7");
    expect(await response.json()).toEqual({ id: 1, name: "Tom", kind: "cat", owner: null });
  });

  it("Prefer: example=dog picks that example, and says so in Preference-Applied (RFC 7240 section 3)", async () => {
    const response = await get("/pets/7", { prefer: "example=dog" });
    expect(response.headers.get("preference-applied")).toBe("example=dog");
    expect(await response.json()).toEqual({ id: 2, name: "Rex", kind: "dog", owner: "Ann" });
  });

  it("Prefer: code=404 picks the declared 404 and a body of its schema", async () => {
    const response = await get("/pets/7", { prefer: "code=404" });
    expect(response.status).toBe(404);
    await judge.expectDeclared("GET", "/pets/{id}", response);
  });

  it("Prefer for an undeclared status or example, or a malformed code, is a 422 Problem naming what is declared", async () => {
    const undeclared = await get("/pets/7", { prefer: "code=418" });
    expect(undeclared.status).toBe(422);
    expect(undeclared.headers.get("content-type")).toBe("application/problem+json");
    expect(((await undeclared.json()) as { detail: string }).detail).toBe("GET /pets/{id}: the operation declares no 418 response (it declares 200, 404)");
    const unknown = await get("/pets/7", { prefer: "example=fish" });
    expect(((await unknown.json()) as { detail: string }).detail).toBe('GET /pets/{id} 200 application/json: the response has no example "fish" (it has "cat", "dog")');
    expect((await get("/pets/7", { prefer: "code=abc" })).status).toBe(422);
  });

  it("ignores preferences it does not know (RFC 7240: a server MUST ignore them)", async () => {
    const response = await get("/pets", { prefer: 'return=minimal, respond-async, wait=10, x="a,b"' });
    expect(response.status).toBe(200);
    expect(response.headers.get("preference-applied")).toBeNull();
  });

  it("answers `default` as 200 when no 2XX is declared, and Prefer: code=503 as a 503 with the default response", async () => {
    const plain = await get("/health");
    expect(plain.status).toBe(200);
    await judge.expectDeclared("GET", "/health", plain);
    const unavailable = await get("/health", { prefer: "code=503" });
    expect(unavailable.status).toBe(503);
    await judge.expectDeclared("GET", "/health", unavailable);
  });

  it("negotiates the media type with Accept, and answers 406 when it admits none of the declared ones", async () => {
    const text = await get("/pets/7", { accept: "text/plain" });
    expect(text.headers.get("content-type")).toBe("text/plain");
    expect(typeof (await judge.expectDeclared("GET", "/pets/{id}", text))).toBe("string");
    const weighted = await get("/pets/7", { accept: "text/plain;q=0.5, application/json" });
    expect(weighted.headers.get("content-type")).toBe("application/json");
    const refused = await get("/pets/7", { accept: "image/png" });
    expect(refused.status).toBe(406);
  });

  it("answers 204 and HEAD without content", async () => {
    const deleted = await handler(new Request("http://localhost/pets/3", { method: "DELETE" }));
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    const head = await handler(new Request("http://localhost/pets", { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("x-total")).not.toBeNull();
  });

  it("a recursive schema gives a finite value, valid against the schema", async () => {
    for (let i = 0; i < 10; i++) await judge.expectDeclared("GET", "/categories", await get("/categories", { prefer: "dynamic=true" }));
  });
});

describe("mockHandler: seeds", () => {
  const bodies = async (mock: (request: Request) => Promise<Response>, count: number, headers: Record<string, string> = {}) => {
    const found: string[] = [];
    for (let i = 0; i < count; i++) found.push(await (await mock(new Request("http://localhost/pets", { headers }))).text());
    return found;
  };

  it("answers the same request the same way for a seed, in another handler too, and otherwise for another seed", async () => {
    const first = await bodies(mockHandler(definition, { seed: 7 }), 3);
    expect(new Set(first).size).toBe(1);
    expect(await bodies(mockHandler(definition, { seed: 7 }), 1)).toEqual([first[0]]);
    const others = await Promise.all([1, 2, 3, 4].map(async (seed) => (await bodies(mockHandler(definition, { seed }), 1))[0]));
    expect(new Set([first[0], ...others]).size).toBeGreaterThan(1);
  });

  it("Prefer: dynamic=true draws a new value for each request, the same sequence for the same seed", async () => {
    const sequence = await bodies(mockHandler(definition, { seed: 3 }), 6, { prefer: "dynamic=true" });
    expect(new Set(sequence).size).toBeGreaterThan(1);
    expect(await bodies(mockHandler(definition, { seed: 3 }), 6, { prefer: "dynamic=true" })).toEqual(sequence);
  });

  it("the dynamic option makes every answer dynamic; Prefer: dynamic=false makes one static again", async () => {
    const mock = mockHandler(definition, { dynamic: true });
    expect(new Set(await bodies(mock, 6)).size).toBeGreaterThan(1);
    expect(new Set(await bodies(mock, 3, { prefer: "dynamic=false" })).size).toBe(1);
  });
});

describe("mockHandler: requests the document refuses", () => {
  const validate = requestValidator(definition);

  it.each<[string, RequestInit & { url: string }]>([
    ["400 for a query past its bound", { url: "/pets?limit=500" }],
    ["400 for a body without a required property", { url: "/pets", method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
    ["404 for a path the document does not have", { url: "/owners" }],
    ["405 for a method the path does not have", { url: "/pets", method: "PUT" }],
    ["415 for a media type the operation does not take", { url: "/pets", method: "POST", headers: { "content-type": "text/plain" }, body: "x" }],
  ])("answers %s exactly as requestValidator does", async (_label, { url, ...init }) => {
    const expected = await validate(new Request(`http://localhost${url}`, init));
    const response = await handler(new Request(`http://localhost${url}`, init));
    expect(expected.ok).toBe(false);
    if (expected.ok) return;
    expect(response.status).toBe(expected.status);
    expect(await response.json()).toEqual(expected.problem);
  });

  it("answers a valid POST with its 201 and a generated body", async () => {
    const response = await handler(new Request("http://localhost/pets", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Rex", kind: "dog", owner: null }) }));
    expect(response.status).toBe(201);
    await judge.expectDeclared("POST", "/pets", response);
  });
});

describe("mockHandler: its options and documents it cannot answer from", () => {
  it.each<[unknown, string]>([
    [{ seed: 1.5 }, "mockHandler options.seed: expected a whole number, found a number (1.5)"],
    [{ dynamic: "yes" }, 'mockHandler options.dynamic: expected true or false, found the string "yes"'],
    [{ seeds: 1 }, "mockHandler options.seeds: unknown option (expected seed, dynamic or bodyLimit)"],
    [null, "mockHandler options: expected { seed?, dynamic?, bodyLimit? }, found null"],
  ])("refuses the options %j with a SpecloomError", (options, message) => {
    const error = catchError(() => mockHandler(definition, options as never));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toBe(message);
  });

  it("answers 500 with a Problem naming the response when its schema has no value, and never throws", async () => {
    const impossible = z.object({ n: z.number().int().min(5).max(4) });
    const mock = mockHandler({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths: { "GET /a": { 200: impossible } } });
    const response = await mock(new Request("http://localhost/a"));
    expect(response.status).toBe(500);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/^GET \/a 200 application\/json: no value can be generated for this schema: at \/n: /);
  });

  it("keeps property names such as __proto__ as data in generated bodies", async () => {
    const hostile = z.object({ ["__proto__"]: z.string().min(1), constructor: z.number().int() });
    const mock = mockHandler({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths: { "GET /a": { 200: hostile } } });
    const text = await (await mock(new Request("http://localhost/a"))).text();
    expect(text).toMatch(/^\{"__proto__":".+","constructor":-?\d+\}$/);
  });
});
