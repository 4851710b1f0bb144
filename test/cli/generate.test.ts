/**
 * `specloom generate`: the README's first command, modules of every kind (TypeScript and
 * JavaScript; definition, builder, document; default and named exports), formats, the
 * --openapi override, atomic output, and each way it can fail.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { openapi } from "specloom";
import petstore from "../../examples/petstore";
import { expectValidOpenAPI } from "../helpers/document";
import { TempProject, expectOneLineFailure, lines, oaiDir, operationsOf, root, runCli } from "./helpers";

const project = new TempProject();
afterAll(() => project.remove());

/** The petstore document, built in this process by the library itself. */
const expected = JSON.parse(JSON.stringify(openapi(petstore)));

const PETS_DEFINITION = `
import { z } from "zod";
import type { SpecloomDefinition } from "specloom";

const Pet = z.object({ id: z.string(), name: z.string() });

export const definition = {
  info: { title: "Pets", version: "2.0.0" },
  schemas: { Pet },
  paths: {
    "GET /pets": { 200: z.array(Pet) },
    "GET /pets/{id}": { params: z.object({ id: z.string() }), 200: Pet, 404: null },
  },
} satisfies SpecloomDefinition;

export default definition;
`;

describe("generate examples/petstore.ts (the README's first command)", () => {
  it("writes the document of the example's definition to stdout, and nothing else", async () => {
    const run = await runCli(["generate", "examples/petstore.ts"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(JSON.stringify(expected, null, 2) + "\n");
    expect(operationsOf(expected)).toEqual(["GET /pets", "POST /pets", "GET /pets/{petId}", "DELETE /pets/{petId}"]);
    await expectValidOpenAPI(JSON.parse(run.stdout));
  });

  it("writes YAML for a .yaml or .yml output file, JSON otherwise, and --format wins", async () => {
    const cases: [string[], "json" | "yaml"][] = [
      [["-o", project.path("out/a.yaml")], "yaml"],
      [["-o", project.path("out/b.yml")], "yaml"],
      [["-o", project.path("out/c.json")], "json"],
      [["-o", project.path("out/d.txt")], "json"],
      [["-o", project.path("out/e.json"), "--format", "yaml"], "yaml"],
      [["-o", project.path("out/f.yaml"), "-f", "json"], "json"],
    ];
    for (const [args, format] of cases) {
      const run = await runCli(["generate", "examples/petstore.ts", ...args]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe("");
      const text = readFileSync(args[1] as string, "utf8");
      if (format === "json") expect(text).toBe(JSON.stringify(expected, null, 2) + "\n");
      else {
        expect(text.trimStart().startsWith("{")).toBe(false);
        expect(parseYaml(text)).toEqual(expected);
      }
    }
    // The output directory was created, and holds the six documents only.
    expect(project.list("out")).toEqual(["a.yaml", "b.yml", "c.json", "d.txt", "e.json", "f.yaml"]);
  });

  it("writes YAML to stdout with --format yaml, quoting strings YAML 1.1 readers would take for something else", async () => {
    const file = project.write("quoting.mjs", `export default ${JSON.stringify({ openapi: "3.1.0", info: { title: "on", version: "2024-01-01" }, paths: {} })};`);
    const run = await runCli(["generate", file, "--format", "yaml"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('openapi: 3.1.0\ninfo:\n  title: "on"\n  version: "2024-01-01"\npaths: {}\n');
  });

  it("--openapi 3.0.3 builds the definition for OpenAPI 3.0.3", async () => {
    const run = await runCli(["generate", "examples/petstore.ts", "--openapi", "3.0.3"]);
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.openapi).toBe("3.0.3");
    expect(document).toEqual(JSON.parse(JSON.stringify(openapi({ ...petstore, openapi: "3.0.3" }))));
    await expectValidOpenAPI(document);
  });
});

describe("modules of every kind", () => {
  const pets = JSON.parse(JSON.stringify(openapi({ info: { title: "Pets", version: "2.0.0" }, paths: {} })));

  async function generated(file: string, ...args: string[]): Promise<Record<string, unknown>> {
    const run = await runCli(["generate", file, ...args], { cwd: project.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    return JSON.parse(run.stdout) as Record<string, unknown>;
  }

  it("a TypeScript module whose default export is a definition", async () => {
    const document = await generated(project.write("definition.ts", PETS_DEFINITION));
    expect(document.info).toEqual(pets.info);
    expect(operationsOf(document)).toEqual(["GET /pets", "GET /pets/{id}"]);
    expect(Object.keys((document.components as Record<string, object>).schemas ?? {})).toEqual(["Pet"]);
    await expectValidOpenAPI(document);
  });

  it("a named export, with --export (and -e)", async () => {
    const file = project.write("named.ts", PETS_DEFINITION.replace("export default definition;", ""));
    expect(operationsOf(await generated(file, "--export", "definition"))).toEqual(["GET /pets", "GET /pets/{id}"]);
    expect(operationsOf(await generated(file, "-e", "definition"))).toEqual(["GET /pets", "GET /pets/{id}"]);
  });

  it("an OpenAPI builder, which imports a schema from a local TypeScript file", async () => {
    project.write("schemas/user.ts", `import { z } from "zod";\nexport const User = z.object({ id: z.string(), name: z.string() });\n`);
    const file = project.write(
      "builder.mts",
      `import { z } from "zod";
import { OpenAPI } from "specloom";
import { User } from "./schemas/user";

export const api = new OpenAPI({ info: { title: "Users", version: "1.0.0" }, openapi: "3.0.3" })
  .schema("User", User)
  .route("GET /users", { 200: z.array(User) })
  .route("GET", "/users/:id", { params: z.object({ id: z.string() }), 200: "User", 404: null });
`,
    );
    const document = await generated(file, "--export", "api");
    expect(document.openapi).toBe("3.0.3");
    expect(operationsOf(document)).toEqual(["GET /users", "GET /users/{id}"]);
    await expectValidOpenAPI(document);
  });

  it("a document (a plain object), from an ES module in JavaScript", async () => {
    const source = { openapi: "3.0.3", info: { title: "Plain", version: "1" }, paths: { "/ping": { get: { responses: { "204": { description: "No Content" } } } } } };
    const document = await generated(project.write("document.mjs", `export default ${JSON.stringify(source)};\n`));
    expect(document).toEqual(source);
  });

  it("a CommonJS module: module.exports, or exports.name with --export", async () => {
    const whole = project.write("common.cjs", `module.exports = { info: { title: "Common", version: "1" }, paths: { "GET /a": { 204: null } } };\n`);
    expect(operationsOf(await generated(whole))).toEqual(["GET /a"]);
    const named = project.write(
      "named.cjs",
      `const { openapi } = require("specloom");
exports.api = { info: { title: "Api", version: "1" }, paths: { "GET /b": { 204: null } } };
exports.doc = openapi({ info: { title: "Built", version: "1" }, paths: {} });
`,
    );
    expect(operationsOf(await generated(named, "--export", "api"))).toEqual(["GET /b"]);
    expect((await generated(named, "--export", "doc")).info).toEqual({ title: "Built", version: "1" });
  });

  it("a JavaScript module whose default export is an async function returning a definition", async () => {
    const file = project.write(
      "factory.js",
      `import { z } from "zod";
export default async function () {
  return { info: { title: "Late", version: "1" }, paths: { "POST /jobs": { body: z.object({ n: z.number() }), 202: null } } };
}
`,
    );
    project.write("package.json", { type: "module" });
    expect(operationsOf(await generated(file))).toEqual(["POST /jobs"]);
  });

  it("a definition that itself carries openapi 3.0.3 is a definition, not a document", async () => {
    const file = project.write("versioned.ts", PETS_DEFINITION.replace('info: { title: "Pets"', 'openapi: "3.0.3", info: { title: "Pets"'));
    const document = await generated(file);
    expect(document.openapi).toBe("3.0.3");
    expect(Object.keys(document.paths as object)).toEqual(["/pets", "/pets/{id}"]);
  });

  it("what a module logs goes to stderr, so stdout stays the document", async () => {
    const file = project.write("chatty.ts", `console.log("loading the API");\n${PETS_DEFINITION}`);
    const run = await runCli(["generate", file], { cwd: project.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("loading the API\n");
    expect(operationsOf(JSON.parse(run.stdout))).toEqual(["GET /pets", "GET /pets/{id}"]);
  });

  it("a JSON or YAML document converts between the formats", async () => {
    const run = await runCli(["generate", join(oaiDir, "petstore.yaml")]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(parseYaml(readFileSync(join(oaiDir, "petstore.yaml"), "utf8")));
  });
});

describe("failures: one line, exit code 1", () => {
  it("a missing file", async () => {
    expect(expectOneLineFailure(await runCli(["generate", "examples/nope.ts"]))).toBe("specloom: examples/nope.ts: no such file");
  });

  it("a SpecloomError from the definition: its code, location and message", async () => {
    const file = project.write("bad-key.ts", `export default { info: { title: "x", version: "1" }, paths: { "GET users": { 204: null } } };\n`);
    const line = expectOneLineFailure(await runCli(["generate", file], { cwd: project.dir }));
    expect(line).toBe('specloom: INVALID_ROUTE_KEY paths["GET users"]: path "users" must start with "/"');
  });

  it("a SpecloomError from a builder's document(), naming the file and line that added the route", async () => {
    const file = project.write(
      "bad-builder.ts",
      `import { z } from "zod";
import { OpenAPI } from "specloom";
const api = new OpenAPI({ info: { title: "x", version: "1" } }).schema("User", z.object({ id: z.string() }));
api.route("GET /users/{id}", { 200: "Usr" });
export default api;
`,
    );
    const line = expectOneLineFailure(await runCli(["generate", file], { cwd: project.dir }));
    expect(line).toMatch(/^specloom: SCHEMA_RESOLUTION_FAILED .*bad-builder\.ts:4:\d+ route\("GET \/users\/\{id\}"\)\[200\]: "Usr" names no registered response or schema/);
  });

  it("a SpecloomError thrown while the module loads (it called openapi() itself)", async () => {
    const file = project.write("throws-at-load.ts", `import { openapi } from "specloom";\nexport default openapi({ info: { title: "x", version: "1" }, openapi: "3.0.3", paths: {}, webhooks: { "POST ping": {} } });\n`);
    const line = expectOneLineFailure(await runCli(["generate", file], { cwd: project.dir }));
    expect(line).toBe('specloom: INVALID_DEFINITION webhooks["POST ping"]: webhooks need OpenAPI 3.1.0; this document is 3.0.3');
  });

  it("a module with a syntax error, or one that throws, names where", async () => {
    const syntax = project.write("syntax.ts", `const x: number = ;\nexport default x;\n`);
    expect(expectOneLineFailure(await runCli(["generate", syntax], { cwd: project.dir }))).toMatch(new RegExp(`^specloom: ${syntax}: cannot load the module: ParseError: .* \\(at syntax\\.ts:1:\\d+\\)$`));
    const throws = project.write("throws.ts", `function boom(): never {\n  throw new TypeError("no database here");\n}\nexport default boom();\n`);
    expect(expectOneLineFailure(await runCli(["generate", throws], { cwd: project.dir }))).toBe(`specloom: ${throws}: cannot load the module: TypeError: no database here (at throws.ts:2:9)`);
    const missing = project.write("imports-missing.ts", `export { x as default } from "./not-there";\n`);
    expect(expectOneLineFailure(await runCli(["generate", missing], { cwd: project.dir }))).toBe(`specloom: ${missing}: cannot load the module: Cannot find module './not-there' (imported by imports-missing.ts)`);
  });

  it("the user's code failing while the document is built (document(), a getter) names the file and the error, without a stack", async () => {
    const builder = project.write("throwing-builder.ts", `export default {\n  document() {\n    throw new TypeError("db not reachable");\n  },\n};\n`);
    expect(expectOneLineFailure(await runCli(["generate", builder], { cwd: project.dir }))).toBe(
      `specloom: ${builder}: document() threw: TypeError: db not reachable (at throwing-builder.ts:3:11)`,
    );
    const getter = project.write(
      "throwing-getter.ts",
      `export default {\n  info: { title: "x", version: "1" },\n  paths: {\n    get "GET /a"() {\n      throw new Error("not configured");\n    },\n  },\n};\n`,
    );
    expect(expectOneLineFailure(await runCli(["generate", getter], { cwd: project.dir }))).toBe(
      `specloom: ${getter}: reading the default export threw: Error: not configured (at throwing-getter.ts:5:13)`,
    );
    const rootGetter = project.write("throwing-paths.ts", `export default {\n  info: { title: "x", version: "1" },\n  get paths() {\n    throw new Error("no paths yet");\n  },\n};\n`);
    expect(expectOneLineFailure(await runCli(["generate", rootGetter], { cwd: project.dir }))).toBe(
      `specloom: ${rootGetter}: reading the default export threw: Error: no paths yet (at throwing-paths.ts:4:11)`,
    );
  });

  it("a module without the export asked for", async () => {
    const file = project.write("no-default.ts", `export const a = 1;\nexport const b = 2;\n`);
    expect(expectOneLineFailure(await runCli(["generate", file]))).toBe(`specloom: ${file}: the module has no default export (its exports: a, b); name the export to use with --export <name>`);
    expect(expectOneLineFailure(await runCli(["generate", file, "--export", "c"]))).toBe(`specloom: ${file}: the module has no export named "c" (its exports: a, b)`);
  });

  it("an export that is neither a definition, a builder nor a document", async () => {
    const file = project.write("other.ts", `export default { name: "not an API", routes: [] };\n`);
    expect(expectOneLineFailure(await runCli(["generate", file]))).toBe(
      `specloom: ${file}: the default export is an object with the keys name, routes, which is neither a SpecloomDefinition ({ info, paths }), an OpenAPI builder (with a document() method) nor an OpenAPI document ({ openapi, info, paths })`,
    );
  });

  it("--openapi cannot change the version of a builder or a finished document", async () => {
    const file = project.write("fixed.mjs", `export default ${JSON.stringify({ openapi: "3.1.0", info: { title: "x", version: "1" }, paths: {} })};\n`);
    expect(expectOneLineFailure(await runCli(["generate", file, "--openapi", "3.0.3"]))).toBe(
      `specloom: ${file}: --openapi 3.0.3 cannot change the version of a finished document (it is 3.1.0); --openapi applies to definitions`,
    );
    // The version it has already is fine.
    expect((await runCli(["generate", file, "--openapi", "3.1.0"])).code).toBe(0);
  });
});

describe("atomic output", () => {
  it("a failed run leaves no file and no temporary file, and an existing file as it was", async () => {
    const file = project.write("atomic/bad.ts", `export default { info: { title: "x", version: "1" }, paths: { "FETCH /a": {} } };\n`);
    const target = project.path("atomic/out/openapi.json");
    const run = await runCli(["generate", file, "-o", target]);
    expect(expectOneLineFailure(run)).toMatch(/^specloom: INVALID_ROUTE_KEY /);
    expect(project.list("atomic")).toEqual(["bad.ts"]);

    writeFileSync(project.path("atomic/existing.json"), "the previous document\n");
    expectOneLineFailure(await runCli(["generate", file, "-o", project.path("atomic/existing.json")]));
    expect(readFileSync(project.path("atomic/existing.json"), "utf8")).toBe("the previous document\n");
    expect(project.list("atomic")).toEqual(["bad.ts", "existing.json"]);
  });

  it("a successful run replaces the file whole and leaves nothing else beside it", async () => {
    const target = project.write("atomic2/openapi.json", "old\n");
    const run = await runCli(["generate", "examples/petstore.ts", "-o", target]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(target, "utf8"))).toEqual(expected);
    expect(project.list("atomic2")).toEqual(["openapi.json"]);
  });

  it("an output path that cannot be written is a one-line failure, with no temporary file left", async () => {
    project.write("atomic3/taken/keep.txt", "a directory where the output should go\n");
    const line = expectOneLineFailure(await runCli(["generate", "examples/petstore.ts", "-o", project.path("atomic3/taken")]));
    expect(line).toBe(`specloom: ${project.path("atomic3/taken")}: cannot write: is a directory`);
    expect(project.list("atomic3")).toEqual(["taken"]);
    expect(lines(project.list("atomic3/taken").join("\n"))).toEqual(["keep.txt"]);
  });

  it("an output path that goes through a file is a one-line failure, and nothing is written", async () => {
    project.write("atomic4/out.json", "a file, not a directory\n");
    for (const output of ["out.json/x.json", "out.json/deeper/x.json"]) {
      const line = expectOneLineFailure(await runCli(["generate", join(root, "examples/petstore.ts"), "-o", output], { cwd: project.path("atomic4") }));
      expect(line).toBe(`specloom: ${output}: cannot write: a part of the path is not a directory`);
    }
    expect(project.list("atomic4")).toEqual(["out.json"]);
    expect(readFileSync(project.path("atomic4/out.json"), "utf8")).toBe("a file, not a directory\n");
  });
});
