/**
 * `specloom merge`: every flag against createMerge() itself, inputs from files, stdin and
 * modules, the summary line, atomic output, each way it fails, and the command docs/command.md gives
 * that merges the 55 documents of the Twilio corpus.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { createMerge, type MergeOptions, type OpenAPIDocument } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { TempProject, doc, expectOneLineFailure, lines, oaiDir, op, operationsOf, runCli, twilioDir } from "./helpers";

const project = new TempProject();
afterAll(() => project.remove());

const Pet = { type: "object", properties: { id: { type: "string" } } };
const OtherPet = { type: "object", properties: { name: { type: "string" } } };
const petResponse = (name = "Pet") => ({ responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } } } } });

const inputs = {
  "a.json": doc("Shop", {
    servers: [{ url: "https://shop.example.com" }],
    security: [{ key: [] }],
    paths: { "/pets": { get: op("listPets", petResponse()) } },
    components: { schemas: { Pet }, securitySchemes: { key: { type: "apiKey", name: "X-Key", in: "header" } } },
  }),
  // Same Pet as a.json; another server and security; an operationId a.json has too.
  "b.json": doc("Shop", {
    servers: [{ url: "https://billing.example.com" }],
    security: [{ token: [] }],
    paths: { "/invoices": { get: op("listPets") }, "/pets": { post: op("addPet") } },
    components: { schemas: { Pet }, securitySchemes: { token: { type: "http", scheme: "bearer" } } },
  }),
  // A different Pet, and /pets/{id} referring to it.
  "c.json": doc("Zoo Keeper", { paths: { "/pets/{id}": { get: op("getPet", petResponse()) } }, components: { schemas: { Pet: OtherPet } } }),
} as const;
for (const [name, content] of Object.entries(inputs)) project.write(name, content);
const parsed = (name: keyof typeof inputs) => structuredClone(inputs[name]) as unknown as OpenAPIDocument;

/** Runs merge in the project directory; on success returns the merged document (stdout). */
async function merged(args: string[], input?: string): Promise<{ document: Record<string, unknown>; stderr: string }> {
  const run = await runCli(["merge", ...args], { cwd: project.dir, ...(input === undefined ? {} : { input }) });
  expect(run.code, run.stderr).toBe(0);
  return { document: JSON.parse(run.stdout) as Record<string, unknown>, stderr: run.stderr };
}

/** What the library gives for the same inputs and options, as JSON. */
function library(options: MergeOptions, ...names: (keyof typeof inputs)[]): Record<string, unknown> {
  const [base, ...sources] = names.map(parsed) as [OpenAPIDocument, ...OpenAPIDocument[]];
  return JSON.parse(JSON.stringify(createMerge(options)(base, ...sources)));
}

describe("merge: each flag is the createMerge option of the same name", () => {
  it("without flags, is merge(): paths of both, base's info, servers and security; a summary line on stderr", async () => {
    const { document, stderr } = await merged(["a.json", "c.json", "--components", "rename"]);
    expect(document).toEqual(library({ components: "rename" }, "a.json", "c.json"));
    expect(operationsOf(document)).toEqual(["GET /pets", "GET /pets/{id}"]);
    expect(document.info).toEqual(inputs["a.json"].info);
    expect(lines(stderr)).toHaveLength(1);
    expect(stderr).toMatch(/^specloom: merged 2 documents in \d+\.\d\d s: 2 paths, 2 operations, 3 components\n$/);
  });

  it("--components: error (default), share-identical or rename", async () => {
    const strict = expectOneLineFailure(await runCli(["merge", "a.json", "b.json", "--path-prefix", "b.json=/b", "--operation-ids", "rename"], { cwd: project.dir }));
    expect(strict).toBe(
      'specloom: DUPLICATE_SCHEMA components.schemas.Pet: schema "Pet" is defined by both base ("Shop") and sources[0] ("Shop") (identical; --components share-identical keeps one) (base is a.json, sources[0] is b.json)',
    );

    const shared = (await merged(["a.json", "b.json", "--path-prefix", "b.json=/b", "--operation-ids", "rename", "--components", "share-identical"])).document;
    expect(shared).toEqual(library({ components: "share-identical", operationIds: "rename", pathPrefix: (_d, i) => (i === 1 ? "/b" : "") }, "a.json", "b.json"));
    expect(Object.keys((shared.components as Record<string, object>).schemas ?? {})).toEqual(["Pet"]);

    const differing = expectOneLineFailure(await runCli(["merge", "a.json", "c.json", "--components", "share-identical"], { cwd: project.dir }));
    expect(differing).toMatch(/^specloom: DUPLICATE_SCHEMA components\.schemas\.Pet: .*\(base is a\.json, sources\[0\] is c\.json\)$/);

    const renamed = (await merged(["a.json", "c.json", "--components", "rename"])).document as unknown as OpenAPIDocument;
    expect(Object.keys(renamed.components?.schemas ?? {})).toEqual(["Pet", "ZooKeeper_Pet"]);
    expect(renamed.components?.schemas?.ZooKeeper_Pet).toEqual(OtherPet);
    expect(renamed.paths["/pets/{id}"]?.get?.responses?.["200"]).toEqual({ description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/ZooKeeper_Pet" } } } });
  });

  it("--operation-ids rename gives the later operation its document's prefix", async () => {
    const failure = expectOneLineFailure(await runCli(["merge", "a.json", "b.json", "--components", "share-identical"], { cwd: project.dir }));
    expect(failure).toMatch(/^specloom: DUPLICATE_PATH paths\["\/invoices"\]\.get\.operationId: .*"listPets".*\(--operation-ids rename renames the later one\) \(base is a\.json, sources\[0\] is b\.json\)$/);
    const { document } = await merged(["a.json", "b.json", "--components", "share-identical", "--operation-ids", "rename"]);
    expect(document).toEqual(library({ components: "share-identical", operationIds: "rename" }, "a.json", "b.json"));
    const paths = (document as unknown as OpenAPIDocument).paths;
    expect(paths["/pets"]?.get?.operationId).toBe("listPets");
    expect(paths["/invoices"]?.get?.operationId).toBe("Shop2_listPets");
    expect(paths["/pets"]?.post?.operationId).toBe("addPet");
  });

  it("--prefix file=Prefix_ chooses the prefix of one input's renamed names; the others keep the title's", async () => {
    const { document } = await merged(["a.json", "b.json", "c.json", "--components", "rename", "--operation-ids", "rename", "--prefix", "b.json=Billing_"]);
    const result = document as unknown as OpenAPIDocument;
    expect(result.paths["/invoices"]?.get?.operationId).toBe("Billing_listPets");
    expect(Object.keys(result.components?.schemas ?? {})).toEqual(["Pet", "ZooKeeper_Pet"]);
    expect(document).toEqual(library({ components: "rename", operationIds: "rename", prefix: (d, i) => (i === 1 ? "Billing_" : i === 2 ? "ZooKeeper_" : "Shop_") }, "a.json", "b.json", "c.json"));
  });

  it("--servers per-path keeps a source's own servers on its path items", async () => {
    const args = ["a.json", "b.json", "--components", "share-identical", "--operation-ids", "rename", "--path-prefix", "b.json=/billing"];
    const base = (await merged(args)).document as unknown as OpenAPIDocument;
    expect(base.servers).toEqual([{ url: "https://shop.example.com" }]);
    expect(base.paths["/billing/invoices"]?.servers).toBeUndefined();
    const perPath = (await merged([...args, "--servers", "per-path"])).document as unknown as OpenAPIDocument;
    expect(perPath.servers).toEqual([{ url: "https://shop.example.com" }]);
    expect(perPath.paths["/billing/invoices"]?.servers).toEqual([{ url: "https://billing.example.com" }]);
    expect(perPath.paths["/pets"]?.servers).toBeUndefined();
    expect(perPath).toEqual(library({ components: "share-identical", operationIds: "rename", pathPrefix: (_d, i) => (i === 1 ? "/billing" : ""), servers: "per-path" }, "a.json", "b.json"));
  });

  it("--security per-operation keeps a source's own security on its operations", async () => {
    const args = ["a.json", "b.json", "--components", "share-identical", "--operation-ids", "rename", "--path-prefix", "b.json=/billing"];
    const base = (await merged(args)).document as unknown as OpenAPIDocument;
    expect(base.security).toEqual([{ key: [] }]);
    expect(base.paths["/billing/invoices"]?.get?.security).toBeUndefined();
    const perOperation = (await merged([...args, "--security", "per-operation"])).document as unknown as OpenAPIDocument;
    expect(perOperation.security).toEqual([{ key: [] }]);
    expect(perOperation.paths["/billing/invoices"]?.get?.security).toEqual([{ token: [] }]);
    expect(perOperation.paths["/billing/pets"]?.post?.security).toEqual([{ token: [] }]);
    expect(perOperation.paths["/pets"]?.get?.security).toBeUndefined();
    await expectValidOpenAPI(perOperation);
  });

  it("--path-prefix file=/prefix moves one input's paths, naming the input as written or by another path", async () => {
    // Without it, b.json's POST /pets joins a.json's /pets path item.
    const together = (await merged(["a.json", "b.json", "--components", "share-identical", "--operation-ids", "rename"])).document;
    expect(operationsOf(together)).toEqual(["GET /pets", "POST /pets", "GET /invoices"]);
    for (const name of ["b.json", "./b.json", project.path("b.json")]) {
      const { document } = await merged(["a.json", "b.json", "--components", "share-identical", "--operation-ids", "rename", "--path-prefix", `${name}=/billing/`]);
      expect(operationsOf(document)).toEqual(["GET /pets", "GET /billing/invoices", "POST /billing/pets"]);
    }
  });

  it("--path-prefix-from title: a prefix from each title, numbered where titles repeat, after explicit ones", async () => {
    const args = ["a.json", "b.json", "c.json", "--components", "rename", "--operation-ids", "rename", "--path-prefix-from", "title"];
    const { document } = await merged(args);
    // a.json and b.json are both "Shop".
    expect(operationsOf(document)).toEqual(["GET /shop/pets", "GET /shop-2/invoices", "POST /shop-2/pets", "GET /zoo-keeper/pets/{id}"]);
    // An explicit prefix takes precedence and is not given twice.
    const explicit = (await merged([...args, "--path-prefix", "c.json=/shop"])).document;
    expect(operationsOf(explicit)).toEqual(["GET /shop-2/pets", "GET /shop-3/invoices", "POST /shop-3/pets", "GET /shop/pets/{id}"]);
    await expectValidOpenAPI(explicit);
    // An explicit prefix is taken as merge takes it, without its trailing slashes.
    expect((await merged([...args, "--path-prefix", "c.json=/shop//"])).document).toEqual(explicit);
  });
});

describe("merge: inputs and output", () => {
  it("reads YAML files, stdin (-) as JSON or YAML, and modules", async () => {
    project.write("c.yaml", stringifyYaml(inputs["c.json"]));
    const fromYaml = (await merged(["a.json", "c.yaml", "--components", "rename"])).document;
    expect(fromYaml).toEqual(library({ components: "rename" }, "a.json", "c.json"));
    expect((await merged(["a.json", "-", "--components", "rename"], JSON.stringify(inputs["c.json"]))).document).toEqual(fromYaml);
    expect((await merged(["a.json", "-", "--components", "rename"], stringifyYaml(inputs["c.json"]))).document).toEqual(fromYaml);
    expect((await merged(["-", "c.json", "--components", "rename"], readFileSync(project.path("a.json"), "utf8"))).document).toEqual(fromYaml);
    project.write("c.ts", `export default ${JSON.stringify(inputs["c.json"])};\n`);
    expect((await merged(["a.json", "c.ts", "--components", "rename"])).document).toEqual(fromYaml);
  });

  it("-o writes the file (YAML for .yaml, or as --format says), -q leaves stderr empty", async () => {
    const run = await runCli(["merge", "a.json", "c.json", "--components", "rename", "-o", "out/merged.yaml"], { cwd: project.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^specloom: merged 2 documents into out\/merged\.yaml in \d+\.\d\d s: 2 paths, 2 operations, 3 components\n$/);
    expect(parseYaml(readFileSync(project.path("out/merged.yaml"), "utf8"))).toEqual(library({ components: "rename" }, "a.json", "c.json"));

    const quiet = await runCli(["merge", "a.json", "c.json", "--components", "rename", "-o", "out/merged.txt", "--format", "yaml", "-q"], { cwd: project.dir });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe("");
    expect(parseYaml(readFileSync(project.path("out/merged.txt"), "utf8"))).toEqual(library({ components: "rename" }, "a.json", "c.json"));
    expect(project.list("out")).toEqual(["merged.txt", "merged.yaml"]);
  });
});

describe("merge: failures, one line and exit code 1", () => {
  it("a missing file", async () => {
    expect(expectOneLineFailure(await runCli(["merge", "a.json", "missing.json"], { cwd: project.dir }))).toBe("specloom: missing.json: no such file");
  });

  it("invalid JSON and invalid YAML, with the line and column", async () => {
    project.write("broken.json", '{\n  "openapi": "3.0.3",\n  "info": { "title": "x" "version": "1" }\n}\n');
    expect(expectOneLineFailure(await runCli(["merge", "a.json", "broken.json"], { cwd: project.dir }))).toBe(
      "specloom: broken.json: invalid JSON: at line 3, column 26: Expected ',' or '}' after property value",
    );
    project.write("broken.yaml", "openapi: 3.0.3\ninfo:\n  title: x\n   version: 1\n");
    expect(expectOneLineFailure(await runCli(["merge", "a.json", "broken.yaml"], { cwd: project.dir }))).toMatch(/^specloom: broken\.yaml: invalid YAML at line 3, column 10: Nested mappings are not allowed in compact mappings$/);
    expect(expectOneLineFailure(await runCli(["merge", "a.json", "-"], { cwd: project.dir, input: "{ nope" }))).toMatch(/^specloom: <stdin>: invalid JSON: /);
  });

  it("a file that is not an OpenAPI 3 document", async () => {
    project.write("list.yaml", "- a\n- b\n");
    project.write("swagger.json", { swagger: "2.0", info: { title: "old", version: "1" }, paths: {} });
    project.write("empty.yaml", "\n");
    const failure = (name: string) => runCli(["merge", "a.json", name], { cwd: project.dir }).then((run) => expectOneLineFailure(run));
    expect(await failure("list.yaml")).toBe('specloom: list.yaml: not an OpenAPI document: expected an object with "openapi" and "info", found an array');
    expect(await failure("swagger.json")).toBe("specloom: swagger.json: not an OpenAPI document: it is a Swagger 2.0 document; specloom reads OpenAPI 3 documents");
    expect(await failure("empty.yaml")).toBe("specloom: empty.yaml: is empty (expected a JSON or YAML document)");
  });

  it("a SpecloomError from merge names the input files it is about", async () => {
    project.write("v4.json", doc("Future", {}, "4.0.0"));
    expect(expectOneLineFailure(await runCli(["merge", "v4.json", "a.json"], { cwd: project.dir }))).toBe(
      'specloom: INVALID_DEFINITION base.openapi: expected an OpenAPI 3.x version such as "3.0.3" or "3.1.0", found the string "4.0.0" (base is v4.json)',
    );
  });

  it("a SpecloomError from building a module input names that module", async () => {
    project.write("bad-route.ts", `export default { info: { title: "x", version: "1" }, paths: { "GET users": {} } };\n`);
    expect(expectOneLineFailure(await runCli(["merge", "a.json", "bad-route.ts"], { cwd: project.dir }))).toBe(
      'specloom: bad-route.ts: INVALID_ROUTE_KEY paths["GET users"]: path "users" must start with "/"',
    );
  });

  it("a DUPLICATE_PATH names the flag that avoids it, not the library's option", async () => {
    project.write("users-a.json", doc("Users", { paths: { "/users/{id}": { get: op(undefined, { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] }) } } }));
    project.write("users-b.json", doc("Users", { paths: { "/users/{key}": { get: op(undefined, { parameters: [{ name: "key", in: "path", required: true, schema: { type: "string" } }] }) } } }));
    expect(expectOneLineFailure(await runCli(["merge", "users-a.json", "users-a.json"], { cwd: project.dir }))).toBe(
      'specloom: DUPLICATE_PATH paths["/users/{id}"].get: GET /users/{id} is defined by both base ("Users") and sources[0] ("Users"); --path-prefix can give each document paths of its own (base is users-a.json, sources[0] is users-a.json)',
    );
    expect(expectOneLineFailure(await runCli(["merge", "users-a.json", "users-b.json"], { cwd: project.dir }))).toMatch(
      /^specloom: DUPLICATE_PATH paths\["\/users\/\{key\}"\]: .* Use the same names in both, or give one document a --path-prefix \(base is users-a\.json, sources\[0\] is users-b\.json\)$/,
    );
  });

  it("every conflict of all the inputs is a line of its own, paths first (the OAI petstores)", async () => {
    const run = await runCli(["merge", join(oaiDir, "petstore.yaml"), join(oaiDir, "petstore-expanded.yaml")], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const legend = ` (base is ${join(oaiDir, "petstore.yaml")}, sources[0] is ${join(oaiDir, "petstore-expanded.yaml")})`;
    const both = 'both base ("Swagger Petstore") and sources[0] ("Swagger Petstore")';
    expect(lines(run.stderr)).toEqual([
      `specloom: DUPLICATE_PATH paths["/pets"].get: GET /pets is defined by ${both}; --path-prefix can give each document paths of its own${legend}`,
      `specloom: DUPLICATE_PATH paths["/pets"].post: POST /pets is defined by ${both}; --path-prefix can give each document paths of its own${legend}`,
      `specloom: DUPLICATE_PATH paths["/pets/{id}"]: sources[0] ("Swagger Petstore") defines this path and base ("Swagger Petstore") defines paths["/pets/{petId}"]; they differ only in the names of path parameters, and OpenAPI treats them as one path. Use the same names in both, or give one document a --path-prefix${legend}`,
      `specloom: DUPLICATE_SCHEMA components.schemas.Pet: schema "Pet" is defined by ${both} (with different content; --components rename keeps both)${legend}`,
      `specloom: DUPLICATE_SCHEMA components.schemas.Error: schema "Error" is defined by ${both} (identical; --components share-identical keeps one)${legend}`,
    ]);
  });

  it("the Twilio corpus merged strictly: one line per conflict, as many as the library finds", async () => {
    const files = readdirSync(twilioDir).filter((name) => name.endsWith(".json")).sort();
    const documents = files.map((name) => JSON.parse(readFileSync(join(twilioDir, name), "utf8")) as OpenAPIDocument);
    let expected = 0;
    try {
      createMerge()(documents[0] as OpenAPIDocument, ...documents.slice(1));
    } catch (error) {
      expected = (error as { conflicts: unknown[] }).conflicts.length;
    }
    expect(expected).toBeGreaterThan(500);
    const run = await runCli(["merge", ...files.map((name) => join(twilioDir, name))]);
    expect(run.code).toBe(1);
    const stderr = lines(run.stderr);
    expect(stderr).toHaveLength(expected);
    expect(stderr.every((line) => /^specloom: DUPLICATE_(PATH|SCHEMA) /.test(line))).toBe(true);
    expect(stderr[0]).toMatch(/^specloom: DUPLICATE_PATH paths/);
  });

  it("a failed merge leaves no output file and no temporary file", async () => {
    const run = await runCli(["merge", "a.json", "b.json", "-o", "failed/merged.json"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(lines(run.stderr).map((line) => line.split(" ").slice(0, 2).join(" "))).toEqual(["specloom: DUPLICATE_PATH", "specloom: DUPLICATE_SCHEMA"]);
    expect(project.list("failed")).toEqual([]);
  });
});

describe("the command of docs/command.md: all 55 documents of the Twilio corpus", () => {
  const files = readdirSync(twilioDir).filter((file) => file.endsWith(".json")).sort();
  const documents = files.map((file) => JSON.parse(readFileSync(join(twilioDir, file), "utf8")) as OpenAPIDocument);
  const args = [
    "merge",
    ...files.map((file) => join("test", "corpora", "twilio", file)),
    "--components", "rename",
    "--operation-ids", "rename",
    "--path-prefix-from", "title",
    "--servers", "per-path",
    "--security", "per-operation",
    "-o", project.path("twilio.json"),
  ];

  it("merges them into one valid document with all 1,447 operations, each document under a prefix of its own", async () => {
    expect(files).toHaveLength(55);
    const run = await runCli(args);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(`^specloom: merged 55 documents into ${project.path("twilio.json").replace(/[.]/g, "\\.")} in \\d+\\.\\d+ s: [\\d,]+ paths, 1,447 operations, [\\d,]+ components\\n$`));

    const result = JSON.parse(readFileSync(project.path("twilio.json"), "utf8")) as OpenAPIDocument;
    await expectValidOpenAPI(result);
    const operations = new Set(operationsOf(result));
    expect(operations.size).toBe(1447);

    // Each document's operations all sit under the prefix its title gives: lower-case words
    // joined by "-", numbered in argument order where titles repeat.
    const taken = new Set<string>();
    const prefixOf = documents.map((document) => {
      const slug = document.info.title.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join("-");
      let prefix = `/${slug}`;
      for (let n = 2; taken.has(prefix); n++) prefix = `/${slug}-${n}`;
      taken.add(prefix);
      for (const operation of operationsOf(document)) expect(operations.has(operation.replace(" ", ` ${prefix}`)), `${operation} of ${document.info.title}`).toBe(true);
      return prefix;
    });
    expect(new Set(Object.keys(result.paths).map((path) => `/${path.split("/")[1]}`))).toEqual(new Set(prefixOf));
    expect(new Set(prefixOf).size).toBe(55);

    // Titles repeat ("Twilio - Chat" three times, "Sample/reference Twilio API." twice).
    const at = (file: string) => prefixOf[files.indexOf(file)];
    expect([at("twilio_chat_v1.json"), at("twilio_chat_v2.json"), at("twilio_chat_v3.json")]).toEqual(["/twilio-chat", "/twilio-chat-2", "/twilio-chat-3"]);
    expect([at("twilio_insights_v2.json"), at("twilio_verify_v3.json")]).toEqual(["/sample-reference-twilio-api", "/sample-reference-twilio-api-2"]);
    expect(at("twilio_accounts_v1.json")).toBe("/twilio-accounts");
  });
});
