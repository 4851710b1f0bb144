/**
 * `specloom mock` over HTTP: the built command serves a module's definition and a YAML
 * document, answers as the document says (valid bodies, Prefer, refusals), serves the docs
 * page at /docs, answers CORS preflights, makes the mock again when the module changes,
 * and stops cleanly on SIGTERM. Every server binds 127.0.0.1 on a free port and is stopped.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { openapi } from "specloom";
import petstore from "../../examples/petstore";
import { ResponseJudge } from "../mock/response-check";
import { TempProject, expectUsageError, oaiDir, runCli } from "./helpers";
import { running, startServer, stop, until } from "./server-process";

const project = new TempProject();
afterEach(async () => {
  await Promise.all([...running].map((child) => stop(child)));
});
afterAll(() => project.remove());

describe("specloom mock", () => {
  it("serves a module's mock on 127.0.0.1: valid answers, the same for its seed, Prefer, refusals, /docs and CORS", async () => {
    const server = await startServer("mock", ["examples/petstore.ts", "--port", "0", "--seed", "3"]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.output.stdout).toBe(`specloom: mocking examples/petstore.ts at ${server.url} (docs: ${server.url}docs); press Ctrl-C to stop\n`);
    const document = JSON.parse(JSON.stringify(openapi(petstore))) as Record<string, unknown>;
    const judge = new ResponseJudge(document);

    const first = await fetch(`${server.url}pets?limit=2`);
    const again = await fetch(`${server.url}pets?limit=2`);
    const body = await judge.expectDeclared("GET", "/pets", first);
    expect(await again.json()).toEqual(body);

    const created = await fetch(`${server.url}pets`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Rex" }) });
    expect(created.status).toBe(201);
    await judge.expectDeclared("POST", "/pets", created);
    const problem = await fetch(`${server.url}pets`, { method: "POST", headers: { "content-type": "application/json", prefer: "code=400" }, body: JSON.stringify({ name: "Rex" }) });
    expect(problem.status).toBe(400);
    await judge.expectDeclared("POST", "/pets", problem);
    const refused = await fetch(`${server.url}pets?limit=0`);
    expect([refused.status, refused.headers.get("content-type")]).toEqual([400, "application/problem+json"]);

    expect(await (await fetch(`${server.url}docs/openapi.json`)).json()).toEqual(document);
    const page = await fetch(`${server.url}docs`);
    expect([page.status, page.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    expect(await page.text()).toContain("<title>Petstore (specloom mock)</title>");

    const preflight = await fetch(`${server.url}pets`, { method: "OPTIONS", headers: { origin: "http://localhost:5173", "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
    expect(preflight.status).toBe(204);
    expect([preflight.headers.get("access-control-allow-origin"), preflight.headers.get("access-control-allow-methods"), preflight.headers.get("access-control-allow-headers")]).toEqual(["*", "POST", "content-type"]);
    const cross = await fetch(`${server.url}pets`, { headers: { origin: "http://localhost:5173" } });
    expect(cross.headers.get("access-control-allow-origin")).toBe("*");

    expect(await stop(server.child)).toBe(0);
  });

  it("serves a YAML document's mock (the OAI's petstore-expanded), its answers valid against it", async () => {
    const file = join(oaiDir, "petstore-expanded.yaml");
    const server = await startServer("mock", [file, "--port", "0", "--no-cors"]);
    const judge = new ResponseJudge(parse(readFileSync(file, "utf8")) as Record<string, unknown>);
    for (const prefer of ["", "dynamic=true", "dynamic=true", "code=500"]) {
      const response = await fetch(`${server.url}pets?limit=3`, { headers: { prefer, origin: "http://localhost:5173" } });
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      await judge.expectDeclared("GET", "/pets", response);
    }
    const deleted = await fetch(`${server.url}pets/4`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
  });

  it("makes the mock again when the module changes, and keeps the last good one when it breaks", async () => {
    const entry = project.write("api.ts", `import { z } from "zod";\nexport default { info: { title: "Items", version: "1" }, paths: { "GET /items": { 200: z.array(z.string()) } } };\n`);
    const server = await startServer("mock", [entry, "--port", "0"], project.dir);
    expect((await fetch(`${server.url}items`)).status).toBe(200);
    expect((await fetch(`${server.url}things`)).status).toBe(404);
    project.write("api.ts", `import { z } from "zod";\nexport default { info: { title: "Items", version: "1" }, paths: { "GET /items": { 200: z.array(z.string()) }, "GET /things": { 200: z.object({ n: z.number().int().min(4).max(4) }) } } };\n`);
    const things = await until("the new route", async () => {
      const response = await fetch(`${server.url}things`);
      return response.status === 200 ? response.json() : undefined;
    });
    expect(things).toEqual({ n: 4 });
    project.write("api.ts", `export default { info: { title: "Items", version: "1" }, paths: { "GET things": {} } };\n`);
    await until("the error line", async () => (server.output.stderr.includes("still serving the previous document") ? true : undefined));
    expect((await fetch(`${server.url}things`)).status).toBe(200);
  });

  it("refuses a seed that is not a whole number, and stdin, as usage errors (exit code 2)", async () => {
    expect(expectUsageError(await runCli(["mock", "examples/petstore.ts", "--seed", "1.5"]), "mock")).toBe("specloom: option '--seed <number>' argument '1.5' is invalid. expected a whole number");
    expect(expectUsageError(await runCli(["mock", "-"]), "mock")).toBe("specloom: mock watches a file; it cannot read stdin (-)");
  });
});
