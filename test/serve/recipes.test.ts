/**
 * The recipes of docs/serving.md, as written: each server recipe is started as its own
 * process and checked over HTTP (the document, the page, the app's own route); the Next.js
 * route handler is called with Requests; and every recipe, the Bun and Deno ones too, type
 * checks against the built package (Bun's and Deno's globals declared as far as the recipes
 * use them).
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { expectValidOpenAPI } from "../helpers/document";

const root = join(import.meta.dirname, "..", "..");
const work = join(root, "test", ".recipes");
const markdown = readFileSync(join(root, "docs", "serving.md"), "utf8");

/** The first TypeScript block under each `### ` heading of the Recipes section. */
function recipes(): Map<string, string> {
  const found = new Map<string, string>();
  const section = markdown.slice(markdown.indexOf("## Recipes"), markdown.indexOf("## The Node adapter"));
  for (const match of section.matchAll(/^### (.+)\n[\s\S]*?```ts\n([\s\S]*?)```/gm)) found.set(match[1] as string, match[2] as string);
  return found;
}

const RECIPES = recipes();
const fileOf = (name: string) => join(work, `${name.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}.ts`);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
for (const [name, code] of RECIPES) writeFileSync(fileOf(name), code);
// No `paths`: "specloom" resolves through the package's exports to dist/, as for a user.
writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", target: "ES2022", lib: ["ES2022", "DOM"], strict: true, noEmit: true, skipLibCheck: true, types: ["node"] }, include: ["*.ts"] }));
writeFileSync(
  join(work, "runtimes.d.ts"),
  `declare const Bun: { serve(options: { port?: number; fetch(request: Request): Response | Promise<Response> }): unknown };
declare const Deno: { serve(options: { port?: number }, handler: (request: Request) => Response | Promise<Response>): unknown };
`,
);

const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill();
  running.clear();
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs the recipe as a process with PORT set; resolves once it answers. */
async function start(name: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", fileOf(name)], { cwd: root, env: { ...process.env, PORT: String(port), TSX_TSCONFIG_PATH: join(work, "tsconfig.json") }, stdio: ["ignore", "ignore", "pipe"] });
  running.add(child);
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${origin}/pets`)).ok) return origin;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > end) throw new Error(`${name} did not answer within 30 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("docs/serving.md has a recipe for each runtime and framework", () => {
  expect([...RECIPES.keys()]).toEqual(["Hono", "Express 5", "Fastify 5", "Next.js (App Router)", "Bun.serve", "Deno.serve", "node:http"]);
});

it("every recipe type checks against the built package", () => {
  execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(work, "tsconfig.json")], { cwd: work, encoding: "utf8" });
});

describe.each(["Hono", "Express 5", "Fastify 5", "node:http"])("the %s recipe", (name) => {
  it("serves the document, its YAML and the page, and the app's own route", async () => {
    const origin = await start(name);
    const document = (await (await fetch(`${origin}/docs/openapi.json`)).json()) as { paths: Record<string, unknown> };
    await expectValidOpenAPI(document);
    expect(Object.keys(document.paths)).toEqual(["/pets"]);
    expect(parse(await (await fetch(`${origin}/docs/openapi.yaml`)).text())).toEqual(document);
    const page = await fetch(`${origin}/docs`);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await page.text()).toMatch(/<script src="\/docs\/assets\/swagger-ui-bundle\.js\?v=[0-9a-f]{32}"><\/script>/);
    expect(await (await fetch(`${origin}/pets`)).json()).toEqual([{ name: "Rex" }]);
    expect((await fetch(`${origin}/docs/openapi.json`, { method: "DELETE" })).status).toBe(405);
  });
});

describe("the Next.js recipe", () => {
  it("answers GET and HEAD with the docs, and 404 elsewhere", async () => {
    const route = (await import(pathToFileURL(fileOf("Next.js (App Router)")).href)) as { GET: (request: Request) => Promise<Response>; HEAD: (request: Request) => Promise<Response> };
    const json = await route.GET(new Request("http://localhost/docs/openapi.json"));
    expect(json.status).toBe(200);
    await expectValidOpenAPI(await json.json());
    const head = await route.HEAD(new Request("http://localhost/docs/openapi.json", { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect((await route.GET(new Request("http://localhost/docs"))).headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect((await route.GET(new Request("http://localhost/docs/nothing"))).status).toBe(404);
  });
});
