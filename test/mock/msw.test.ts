/**
 * The mock inside MSW (Mock Service Worker 2, Node's interceptor): one `http.all` handler
 * hands every request to mockHandler, and the code under test calls `fetch` as it would in
 * production. Requests to other origins pass through MSW's own rules (here: an error).
 */
import { http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "specloom";
import { mockHandler } from "specloom/mock";
import { petsApi } from "./fixtures";
import { ResponseJudge } from "./response-check";

const definition = petsApi("3.1.0");
const judge = new ResponseJudge(openapi(definition) as unknown as Record<string, unknown>);
const mock = mockHandler(definition);
const server = setupServer(http.all("https://api.example.test/*", ({ request }) => mock(request)));

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe("mockHandler in MSW's http.all", () => {
  it("answers fetch calls of the code under test, valid against the document", async () => {
    const list = await fetch("https://api.example.test/pets?limit=2");
    expect(list.status).toBe(200);
    await judge.expectDeclared("GET", "/pets", list);
    const created = await fetch("https://api.example.test/pets", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Rex", kind: "dog", owner: null }) });
    expect(created.status).toBe(201);
    await judge.expectDeclared("POST", "/pets", created);
  });

  it("passes on Prefer and refuses an invalid request as the document says", async () => {
    const missing = await fetch("https://api.example.test/pets/9", { headers: { prefer: "code=404" } });
    expect(missing.status).toBe(404);
    await judge.expectDeclared("GET", "/pets/{id}", missing);
    const invalid = await fetch("https://api.example.test/pets?limit=0");
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("content-type")).toBe("application/problem+json");
  });
});
