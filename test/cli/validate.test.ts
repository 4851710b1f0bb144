/**
 * `specloom validate`: real documents that pass, documents with every kind of problem
 * (schema, $ref, operationId, security), the `file: /json/pointer: message` lines, the
 * summary and the exit codes.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stringify as stringifyYaml } from "yaml";
import { TempProject, doc, lines, oaiDir, op, root, runCli, twilioDir } from "./helpers";
import { fences } from "../docs/fences";

const project = new TempProject();
afterAll(() => project.remove());

/** One of each problem validate looks for. */
const broken = doc("Broken", {
  security: [{ apiKey: [] }],
  paths: {
    "/pets/{id}": {
      get: { operationId: "getPet", responses: { "200": { content: {} } } },
      delete: { operationId: "getPet", respnses: {}, responses: { "204": { description: "No Content" } } },
    },
    "/pets": {
      post: op("addPet", { security: [{ oauth: ["write"] }], requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/NewPet" } } } } }),
    },
  },
  components: { schemas: { Pet: { type: "record" } }, securitySchemes: { basic: { type: "http", scheme: "basic" } } },
});

const BROKEN_LINES = [
  '/paths/~1pets~1{id}/get/responses/200: the required field "description" is missing',
  "/paths/~1pets~1{id}/delete/respnses: this field is not allowed here",
  '/components/schemas/Pet/type: must be one of "array", "boolean", "integer", "number", "object", "string"',
  '/paths/~1pets/post/requestBody/content/application~1json/schema/$ref: $ref "#/components/schemas/NewPet" points to nothing in the document',
  '/paths/~1pets~1{id}/delete/operationId: operationId "getPet" is already used by /paths/~1pets~1{id}/get',
  '/security/0/apiKey: the security requirement names "apiKey", which components.securitySchemes does not declare (declared: basic)',
  '/paths/~1pets/post/security/0/oauth: the security requirement names "oauth", which components.securitySchemes does not declare (declared: basic)',
];

describe("validate: valid documents", () => {
  it("passes the six OAI example documents (YAML): nothing on stdout, a summary on stderr, exit 0", async () => {
    const files = readdirSync(oaiDir).filter((file) => file.endsWith(".yaml")).map((file) => join(oaiDir, file));
    expect(files).toHaveLength(6);
    const run = await runCli(["validate", ...files]);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("specloom: 6 documents checked: 6 valid\n");
    expect(run.code).toBe(0);
  });

  it("passes real Twilio documents (JSON), the example module, and a document on stdin", async () => {
    const twilio = ["twilio_api_v2010.json", "twilio_chat_v2.json", "twilio_iam_organizations.json"].map((file) => join(twilioDir, file));
    const run = await runCli(["validate", ...twilio, "examples/petstore.ts", "-"], { input: JSON.stringify(doc("Stdin", { paths: { "/a": { get: op("a") } } })) });
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("specloom: 5 documents checked: 5 valid\n");
    expect(run.code).toBe(0);
  });

  it("resolves a 3.1 `#name` reference through the schema's $anchor, and reports one nobody declares", async () => {
    const schemas = { Node: { $anchor: "node", type: "object", properties: { next: { $ref: "#node" } } }, Loose: { $ref: "#nowhere" } };
    const good = doc("Anchors", { paths: {}, components: { schemas: { Node: schemas.Node } } }, "3.1.0");
    const run = await runCli(["validate", "-"], { input: JSON.stringify(good) });
    expect(run).toMatchObject({ code: 0, stdout: "" });
    const bad = doc("Anchors", { paths: {}, components: { schemas } }, "3.1.0");
    const failing = await runCli(["validate", "-"], { input: JSON.stringify(bad) });
    expect(failing.code).toBe(1);
    expect(lines(failing.stdout)).toEqual(['<stdin>: /components/schemas/Loose/$ref: $ref "#nowhere" points to nothing in the document']);
  });

  it("reports, in document order, each $ref that does not resolve inside the document (\"#\" is the whole document), and a file the bundle could not read once", async () => {
    const schemas = { Whole: { $ref: "#" }, Gone: { $ref: "#/components/schemas/Nothing" }, Odd: { $ref: "#not a name" }, File: { $ref: "nothere.json" } };
    const run = await runCli(["validate", "-"], { input: JSON.stringify(doc("Refs", { paths: {}, components: { schemas } }, "3.1.0")) });
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([
      '<stdin>: /components/schemas/File/$ref: cannot bundle $ref "nothere.json": nothere.json cannot be read: no such file',
      '<stdin>: /components/schemas/Whole/$ref: $ref "#" points to the whole document, not to a component or schema in it',
      '<stdin>: /components/schemas/Gone/$ref: $ref "#/components/schemas/Nothing" points to nothing in the document',
      '<stdin>: /components/schemas/Odd/$ref: $ref "#not a name" is neither a JSON pointer ("#/...") nor an anchor name ("#name")',
    ]);
  });

  it("passes schemas with properties named $id, $anchor and $ref (names in `properties`, not keywords), and still reports an anchor declared twice", async () => {
    const named = { type: "object", properties: { $id: { type: "string" }, $anchor: { type: "string" }, $ref: { type: "string" } } };
    const good = doc("Names", { paths: {}, components: { schemas: { A: named, B: named } } }, "3.1.0");
    const run = await runCli(["validate", "-"], { input: JSON.stringify(good) });
    expect(run).toMatchObject({ code: 0, stdout: "" });
    const twice = doc("Anchors", { paths: {}, components: { schemas: { A: { $anchor: "a", type: "string" }, B: { $anchor: "a", type: "string" } } } }, "3.1.0");
    const failing = await runCli(["validate", "-"], { input: JSON.stringify(twice) });
    expect(failing.code).toBe(1);
    expect(lines(failing.stdout)).toEqual(["<stdin>: /: $anchor : 'a' defined more than once at '#/components/schemas/B'"]);
  });

  it("-q prints nothing at all for valid documents", async () => {
    const run = await runCli(["validate", join(oaiDir, "petstore.yaml"), "-q"]);
    expect(run).toMatchObject({ code: 0, stdout: "", stderr: "" });
  });
});

describe("validate: invalid documents", () => {
  it("prints each problem as file: /json/pointer: message and exits 1", async () => {
    project.write("broken.json", broken);
    const run = await runCli(["validate", "broken.json"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual(BROKEN_LINES.map((line) => `broken.json: ${line}`));
    expect(run.stderr).toBe("specloom: 1 document checked: 0 valid, 1 invalid (7 problems)\n");
  });

  it("reads YAML and stdin the same way", async () => {
    project.write("broken.yaml", stringifyYaml(broken));
    const run = await runCli(["validate", "broken.yaml", "-"], { cwd: project.dir, input: stringifyYaml(broken) });
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([...BROKEN_LINES.map((line) => `broken.yaml: ${line}`), ...BROKEN_LINES.map((line) => `<stdin>: ${line}`)]);
  });

  it("checks 3.1 documents against the 3.1 schema, webhooks and callbacks included", async () => {
    project.write(
      "webhooks.json",
      doc(
        "Hooks",
        {
          paths: { "/subscribe": { post: op("subscribe", { callbacks: { onEvent: { "{$request.body#/url}": { post: op("ping") } } } }) } },
          webhooks: { ping: { post: op("ping", { security: [{ hmac: [] }] }) } },
          components: { schemas: { Event: { type: ["object", "null"] } } },
        },
        "3.1.0",
      ),
    );
    const run = await runCli(["validate", "webhooks.json"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([
      'webhooks.json: /paths/~1subscribe/post/callbacks/onEvent/{$request.body#~1url}/post/operationId: operationId "ping" is already used by /webhooks/ping/post',
      'webhooks.json: /webhooks/ping/post/security/0/hmac: the security requirement names "hmac", which components.securitySchemes does not declare (none are declared)',
    ]);
  });

  it("names a field that is not allowed in a 3.1 document as in a 3.0 one, and only where it is one", async () => {
    // Unknown fields (summry, bar, respnses) next to errors inside the same objects, and a
    // security scheme whose `in` is wrong: its `name` and `in` are fields of the apiKey
    // branch that failed, not fields that are not allowed.
    const typos = (openapi: string) =>
      doc(
        "Typos",
        {
          info: { title: "Typos", version: "1", summry: "s" },
          paths: { "/pets": { bar: 1, get: { ...op("list"), respnses: {} }, post: { responses: { "201": { content: {} } } } } },
          components: { securitySchemes: { key: { type: "apiKey", name: "X-Key", in: "body" } } },
        },
        openapi,
      );
    project.write("typos-30.json", typos("3.0.3"));
    project.write("typos-31.json", typos("3.1.0"));
    const run = await runCli(["validate", "typos-30.json", "typos-31.json"], { cwd: project.dir });
    expect(run.code).toBe(1);
    const notAllowed = ["/info/summry", "/paths/~1pets/bar", "/paths/~1pets/get/respnses"].map((pointer) => `${pointer}: this field is not allowed here`);
    const of = (file: string) => lines(run.stdout).filter((line) => line.startsWith(`${file}: `)).map((line) => line.slice(file.length + 2));
    expect(of("typos-31.json").sort()).toEqual(
      [...notAllowed, '/paths/~1pets/post/responses/201: the required field "description" is missing', '/components/securitySchemes/key/in: must be one of "query", "header", "cookie"'].sort(),
    );
    for (const line of notAllowed) expect(of("typos-30.json")).toContain(line);
  });

  it("prints the sample of docs/command.md for its 3.1 document, and one more line for the same document in 3.0", async () => {
    const readme = readFileSync(join(root, "docs", "command.md"), "utf8");
    const session = "$ npx specloom validate openapi.yaml\n";
    const sample = fences(readme).find((fence) => fence.code.startsWith(session))?.code.slice(session.length) ?? "";
    const sampleLines = lines(sample);
    expect(sampleLines).toHaveLength(6);
    const pets = (openapi: string) =>
      doc(
        "Pets",
        {
          security: [{ apiKey: [] }],
          paths: {
            "/pets/{id}": {
              get: { operationId: "getPet", responses: { "200": { content: {} } } },
              delete: { operationId: "getPet", respnses: { "204": { description: "No Content" } } },
            },
            "/pets": { post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/NewPet" } } } }, responses: { "201": { description: "Created" } } } },
          },
          components: { securitySchemes: { basic: { type: "http", scheme: "basic" } } },
        },
        openapi,
      );
    project.write("readme/openapi.yaml", stringifyYaml(pets("3.1.0")));
    const run = await runCli(["validate", "openapi.yaml"], { cwd: project.path("readme") });
    expect(run.code).toBe(1);
    expect([...lines(run.stdout), ...lines(run.stderr)]).toEqual(sampleLines);

    project.write("readme/openapi.yaml", stringifyYaml(pets("3.0.3")));
    const run30 = await runCli(["validate", "openapi.yaml"], { cwd: project.path("readme") });
    const extra = 'openapi.yaml: /paths/~1pets~1{id}/delete: the required field "responses" is missing';
    expect(lines(run30.stdout)).toEqual([...sampleLines.slice(0, 1), extra, ...sampleLines.slice(1, 5)]);
  });

  it("reports a file that is not an OpenAPI 3 document as a problem of that file", async () => {
    project.write("list.yaml", "- a\n");
    project.write("swagger.json", { swagger: "2.0", info: { title: "Old", version: "1" }, paths: {} });
    project.write("v4.json", doc("Future", {}, "4.0.0"));
    project.write("noinfo.json", { openapi: "3.0.3", paths: {} });
    const run = await runCli(["validate", "list.yaml", "swagger.json", "v4.json", "noinfo.json"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([
      'list.yaml: /: expected an object with "openapi" and "info", found an array',
      "swagger.json: /openapi: it is a Swagger 2.0 document; specloom reads OpenAPI 3 documents",
      'v4.json: /openapi: "4.0.0" is not an OpenAPI version with an official schema (3.0.x, 3.1.x or 3.2.x)',
      'noinfo.json: /info: expected an object "info" field, found none',
    ]);
    expect(run.stderr).toBe("specloom: 4 documents checked: 0 valid, 4 invalid (4 problems)\n");
  });

  it("goes on after a file it cannot read or parse, which is one line on stderr, and exits 1", async () => {
    project.write("bad.json", '{ "openapi": "3.0.3", }');
    project.write("ok.json", doc("Fine"));
    const run = await runCli(["validate", "missing.yaml", "bad.json", "ok.json", "broken.json"], { cwd: project.dir });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      "specloom: missing.yaml: no such file",
      "specloom: bad.json: invalid JSON: at line 1, column 23: Expected double-quoted property name",
      "specloom: 4 documents checked: 1 valid, 1 invalid (7 problems), 2 not read",
    ]);
    expect(lines(run.stdout)).toEqual(BROKEN_LINES.map((line) => `broken.json: ${line}`));
  });

  it("a module that fails to build is a SpecloomError line naming the file, and the exit code is 1", async () => {
    project.write("bad-module.ts", `export default { info: { title: "x", version: "1" }, paths: { "GET users": {} } };\n`);
    const run = await runCli(["validate", "examples/petstore.ts", project.path("bad-module.ts")]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual([
      `specloom: ${project.path("bad-module.ts")}: INVALID_ROUTE_KEY paths["GET users"]: path "users" must start with "/"`,
      "specloom: 2 documents checked: 1 valid, 1 not read",
    ]);
  });
});
