/**
 * `specloom preview`: the page rendered in headless Chromium lists every operation of the
 * example document; the document is regenerated when its files change; a missing
 * swagger-ui-dist is named (failures at start: preview-start.test.ts). Servers and the
 * browser are always stopped, and nothing in the repository changes (the screenshot goes to
 * the git-ignored test-results/).
 */
import { copyFileSync, cpSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openapi } from "specloom";
import petstore from "../../examples/petstore";
import { findChromium } from "../helpers/chromium";
import { TempProject, expectOneLineFailure, operationsOf, root, runCli } from "./helpers";
import { freePort, running, startServer, stop, until } from "./server-process";

const project = new TempProject();

let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  browser = undefined;
  await Promise.all([...running].map((child) => stop(child)));
});
afterAll(() => project.remove());

/** Starts `node dist/cli.js preview ...` and waits for the URL it prints. */
const startPreview = (args: string[], cwd = root) => startServer("preview", args, cwd);

/** Headless Chromium, quiet: no background traffic that would count as a foreign request. */
function launch(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

describe("preview", () => {
  it("serves Swagger UI that lists every operation of examples/petstore.ts, and /openapi.json", async () => {
    const executablePath = findChromium();
    const example = join(root, "examples", "petstore.ts");
    const before = { text: readFileSync(example, "utf8"), mtime: statSync(example).mtimeMs };
    const port = await freePort();
    const preview = await startPreview(["examples/petstore.ts", "--port", String(port)]);
    expect(preview.url).toBe(`http://localhost:${port}/`);

    const expected = JSON.parse(JSON.stringify(openapi(petstore)));
    const served = await fetch(`${preview.url}openapi.json`);
    expect(served.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await served.json()).toEqual(expected);

    browser = await launch(executablePath);
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    // Everything the page loads comes from the preview server: no CDN.
    const foreign: string[] = [];
    page.on("request", (loaded) => {
      if (!loaded.url().startsWith(preview.url)) foreign.push(loaded.url());
    });
    await page.goto(preview.url);
    const operations = expected.paths as Record<string, Record<string, { summary: string }>>;
    const count = operationsOf(expected).length;
    await page.locator(".opblock").nth(count - 1).waitFor({ timeout: 30_000 });

    const listed = await page.$$eval(".opblock", (blocks) =>
      blocks.map((block) => ({
        method: block.querySelector(".opblock-summary-method")?.textContent?.trim() ?? "",
        path: block.querySelector(".opblock-summary-path")?.getAttribute("data-path") ?? "",
        summary: block.querySelector(".opblock-summary-description")?.textContent?.trim() ?? "",
      })),
    );
    const want = Object.entries(operations).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, summary: operation.summary })));
    expect(want).toHaveLength(4);
    expect(listed.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`))).toEqual(want.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`)));
    expect(await page.title()).toBe("Petstore (specloom preview)");
    expect(await page.locator(".info .title").first().textContent()).toContain("Petstore");
    expect(foreign).toEqual([]);

    mkdirSync(join(root, "test-results"), { recursive: true });
    await page.screenshot({ path: join(root, "test-results", "preview-petstore.png"), fullPage: true });
    expect(statSync(join(root, "test-results", "preview-petstore.png")).size).toBeGreaterThan(10_000);

    // Stopped with a signal, it ends cleanly; the example was not touched.
    await browser.close();
    browser = undefined;
    expect(await stop(preview.child)).toBe(0);
    expect(readFileSync(example, "utf8")).toBe(before.text);
    expect(statSync(example).mtimeMs).toBe(before.mtime);
  });

  it("shows every operation of a 3.2.0 document in Swagger UI: QUERY and other methods (additionalOperations) included", async () => {
    const entry = project.write(
      "api32/index.ts",
      `import { z } from "zod";
const Pet = z.object({ id: z.number(), name: z.string() });
export default {
  openapi: "3.2.0",
  info: { title: "Pets 3.2", version: "1" },
  paths: {
    "GET /pets": { summary: "List pets", 200: z.array(Pet) },
    "QUERY /pets": { summary: "Search pets", body: z.object({ name: z.string() }), 200: z.array(Pet) },
    "PURGE /cache": { summary: "Purge the cache", 204: null },
    "COPY /pets/{id}": { summary: "Copy a pet", 201: Pet },
  },
};
`,
    );
    const preview = await startPreview([entry, "--port", "0"], project.dir);
    const served = (await (await fetch(`${preview.url}openapi.json`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(served.openapi).toBe("3.2.0");
    browser = await launch(findChromium());
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    await page.goto(preview.url);
    await page.locator(".opblock").nth(3).waitFor({ timeout: 30_000 });
    const listed = await page.$$eval(".opblock", (blocks) =>
      blocks.map((block) => `${block.querySelector(".opblock-summary-method")?.textContent?.trim()} ${block.querySelector(".opblock-summary-path")?.getAttribute("data-path")} ${block.querySelector(".opblock-summary-description")?.textContent?.trim()}`),
    );
    expect(listed.sort()).toEqual(["COPY /pets/{id} Copy a pet", "GET /pets List pets", "PURGE /cache Purge the cache", "QUERY /pets Search pets"]);
    mkdirSync(join(root, "test-results"), { recursive: true });
    await page.screenshot({ path: join(root, "test-results", "preview-openapi-3.2.png"), fullPage: true });
  });

  it("regenerates the document when the module or a file it imports changes, and keeps the last good one on errors", async () => {
    project.write("api/schemas.ts", `import { z } from "zod";\nexport const Item = z.object({ id: z.string() });\n`);
    const entry = project.write("api/index.ts", `import { Item } from "./schemas";\nexport default { info: { title: "Items", version: "1" }, paths: { "GET /items": { 200: Item } } };\n`);
    const preview = await startPreview([entry, "--port", "0"], project.dir);
    const document = async () => (await (await fetch(`${preview.url}openapi.json`)).json()) as Record<string, unknown>;
    expect(operationsOf(await document())).toEqual(["GET /items"]);

    // The page hears about changes on /events.
    const events = await fetch(`${preview.url}events`);
    expect(events.headers.get("content-type")).toBe("text/event-stream");
    const reader = events.body!.getReader();

    writeFileSync(entry, `import { Item } from "./schemas";\nexport default { info: { title: "Items", version: "2" }, paths: { "GET /items": { 200: Item }, "DELETE /items/{id}": { 204: null } } };\n`);
    await until("the new route", async () => (operationsOf(await document()).length === 2 ? true : undefined));
    let received = "";
    await until("the change event", async () => {
      received += new TextDecoder().decode((await reader.read()).value);
      return received.includes("event: change") ? true : undefined;
    });
    await reader.cancel();

    // A change to the imported file counts too.
    writeFileSync(project.path("api/schemas.ts"), `import { z } from "zod";\nexport const Item = z.object({ id: z.string(), name: z.string() });\n`);
    const itemSchema = async () => {
      const paths = (await document()).paths as Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }> } }>;
      return paths["/items"]?.get?.responses["200"]?.content?.["application/json"]?.schema;
    };
    expect(Object.keys((await itemSchema())?.properties ?? {})).toEqual(["id"]);
    await until("the imported change", async () => (Object.keys((await itemSchema())?.properties ?? {}).includes("name") ? true : undefined));
    expect(Object.keys((await itemSchema())?.properties ?? {})).toEqual(["id", "name"]);

    // A broken edit: one error line on stderr, and the previous document is still served.
    writeFileSync(entry, `export default { info: { title: "Items", version: "3" }, paths: { "GET items": {} } };\n`);
    await until("the error line", async () => (preview.output.stderr.includes("INVALID_ROUTE_KEY") ? true : undefined));
    expect(preview.output.stderr).toContain('specloom: INVALID_ROUTE_KEY paths["GET items"]: path "items" must start with "/" (still serving the previous document)');
    expect((await document()).info).toEqual({ title: "Items", version: "2" });
    expect(preview.output.stderr).toMatch(/changed; the document was regenerated \(2 operations\)/);
  });

  it("serves a document split across files as one, and serves it again when any of its files changes", async () => {
    project.write("modular/components/Item.yaml", "type: object\nproperties:\n  id:\n    type: string\n");
    project.write("modular/paths/items.yaml", "get:\n  responses:\n    '200':\n      description: OK\n      content:\n        application/json:\n          schema:\n            $ref: ../components/Item.yaml\n");
    const entry = project.write("modular/openapi.yaml", "openapi: 3.1.0\ninfo: {title: Modular, version: '1'}\npaths:\n  /items:\n    $ref: paths/items.yaml\n");
    const preview = await startPreview([entry, "--port", "0"], project.dir);
    const item = async () => ((await (await fetch(`${preview.url}openapi.json`)).json()) as { components: { schemas: { Item: { properties: object } } } }).components.schemas.Item;
    expect(Object.keys((await item()).properties)).toEqual(["id"]);
    // A file two references away from the entry.
    writeFileSync(project.path("modular/components/Item.yaml"), "type: object\nproperties:\n  id:\n    type: string\n  name:\n    type: string\n");
    await until("the changed component", async () => (Object.keys((await item()).properties).includes("name") ? true : undefined));
    expect(preview.output.stderr).toMatch(/openapi\.yaml changed; the document was regenerated \(1 operation\)/);
    // A file the document starts to reference only now, in a folder nothing was read from before.
    project.write("modular/tags/Tag.yaml", "type: string\n");
    writeFileSync(project.path("modular/components/Item.yaml"), "type: object\nproperties:\n  id:\n    type: string\n  tag:\n    $ref: ../tags/Tag.yaml\n");
    const tag = async () => ((await (await fetch(`${preview.url}openapi.json`)).json()) as { components: { schemas: { Tag?: { type: string } } } }).components.schemas.Tag;
    await until("the new file's component", async () => (await tag())?.type);
    writeFileSync(project.path("modular/tags/Tag.yaml"), "type: integer\n");
    await until("the new file's change", async () => ((await tag())?.type === "integer" ? true : undefined));
  });

  it("serves a JSON or YAML document too, and only to localhost", async () => {
    const preview = await startPreview([join(root, "test", "corpora", "oai-examples", "petstore.yaml"), "--port", "0"]);
    const document = (await (await fetch(`${preview.url}openapi.json`)).json()) as Record<string, unknown>;
    expect(operationsOf(document)).toEqual(["GET /pets", "POST /pets", "GET /pets/{petId}"]);
    expect((await fetch(`${preview.url}assets/swagger-ui-bundle.js`)).status).toBe(200);
    expect((await fetch(`${preview.url}assets/package.json`)).status).toBe(404);
    expect((await fetch(`${preview.url}package.json`)).status).toBe(404);
    expect((await fetch(`${preview.url}openapi.json`, { method: "POST" })).status).toBe(405);
    // A page of another site that resolves its name to 127.0.0.1 (DNS rebinding) is refused.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(`${preview.url}openapi.json`, { headers: { host: "attacker.example" } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
        .on("error", reject)
        .end();
    });
    expect(status).toBe(403);
  });

  it("--ui scalar serves Scalar's page, listening for changes, with the document beside it", async () => {
    const preview = await startPreview(["examples/petstore.ts", "--port", "0", "--ui", "scalar"]);
    const page = await fetch(preview.url);
    const html = await page.text();
    expect(html).toMatch(/<script src="\/assets\/standalone\.js\?v=[0-9a-f]{32}"><\/script>/);
    expect(html).toContain('<script type="application/json" id="specloom-docs">{"url":"/openapi.json","events":"/events"}</script>');
    expect(html).toContain("<title>Petstore (specloom preview)</title>");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self';");
    expect((await fetch(`${preview.url}assets/standalone.js`)).status).toBe(200);
    expect((await fetch(`${preview.url}assets/swagger-ui-bundle.js`)).status).toBe(404);
    expect(operationsOf(await (await fetch(`${preview.url}openapi.json`)).json())).toHaveLength(4);
  });

  it("without swagger-ui-dist installed, says what to install, exit code 1", async () => {
    // The package as npm installs it, without the optional peer: dist/ and package.json,
    // with its dependencies beside it.
    const install = join(project.dir, "without-ui");
    const pkg = join(install, "node_modules", "specloom");
    mkdirSync(pkg, { recursive: true });
    cpSync(join(root, "dist"), join(pkg, "dist"), { recursive: true });
    copyFileSync(join(root, "package.json"), join(pkg, "package.json"));
    // No schema validator: the command's check runs the validators precompiled into dist/.
    for (const dependency of ["commander", "jiti", "yaml", "zod"]) symlinkSync(join(root, "node_modules", dependency), join(install, "node_modules", dependency), "dir");
    writeFileSync(join(install, "openapi.json"), JSON.stringify({ openapi: "3.1.0", info: { title: "x", version: "1" }, paths: {} }));
    const run = await runCli(["preview", "openapi.json", "--port", "0"], { cwd: install, script: join(pkg, "dist", "cli.js") });
    expect(expectOneLineFailure(run)).toBe(
      "specloom: preview needs the swagger-ui-dist package for its documentation page, and it is not installed; install it with: npm install --save-dev swagger-ui-dist",
    );
    // The same copy does everything else.
    expect((await runCli(["generate", "openapi.json"], { cwd: install, script: join(pkg, "dist", "cli.js") })).code).toBe(0);
  });
});
