/**
 * `PathsOf<typeof document>` against openapi-typescript: for the petstore of examples/ (with
 * each library, and as a definition module), for an API with every shorthand form and one with
 * the definition forms (a path's own fields, registered components, header schemas; both with
 * each library), the document is generated, validated, given to openapi-typescript, and the
 * `paths` it writes must be mutually assignable (a builder's too, across calls) with `PathsOf`, path item by path item and
 * operation by operation (parameters, request body, every response). The differences that
 * cannot be removed are named here, with why, and in docs/typed-clients.md.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { expectValidOpenAPI } from "../helpers/document";
import { mutualChecks, type CheckFile } from "./mutual-checks";
import { typeCheck, type Diagnostic } from "./type-checks";

const root = join(import.meta.dirname, "..", "..");
const work = join(root, "test", ".paths-of");
const LIBRARIES = ["zod", "arktype", "valibot"] as const;
/** The APIs using a path's own fields, listed and registered parameters, registered responses and bodies, header schemas. */
const FORMS = ["zod", "arktype", "valibot"] as const;

interface Api {
  name: string;
  /** The module exporting `document`, as the checks file imports it. */
  module: string;
  /** openapi-typescript's options, when not its defaults. */
  options?: { defaultNonNullable: boolean };
}

/** An example of examples/ as a module that exports its document instead of printing it. */
function exampleModule(library: string): string {
  const text = readFileSync(join(root, "examples", `petstore-${library}.ts`), "utf8");
  const printed = "console.log(JSON.stringify(document, null, 2));";
  expect(text).toContain(printed);
  const file = join(work, `petstore-${library}.ts`);
  writeFileSync(file, text.replace(printed, "export { document };"));
  return file;
}

/** examples/petstore.ts is a definition object (`satisfies SpecloomDefinition`): its document from `openapi()`. */
function definitionModule(): string {
  const file = join(work, "petstore-definition.ts");
  writeFileSync(file, `import { openapi } from "specloom";\nimport definition from "${relative(work, join(root, "examples", "petstore"))}";\nexport const document = openapi(definition);\n`);
  return file;
}

/**
 * Where the two types differ by what JSON Schema cannot say, by API and check, with why.
 * Every other check must pass, and each of these must fail (so the list stays true).
 */
const DEFAULT_REQUIRED =
  "a property with a `default` (User's role) is optional in the request body, as the schema's input accepts it missing; openapi-typescript makes it required (its defaultNonNullable option, on by default)";
const COERCED_INPUT =
  "z.coerce.number()'s input type is unknown (it takes anything and coerces it), so PathsOf's petId is unknown; the document says integer, and openapi-typescript writes number";
// ArkType writes no `default` into the input side's JSON Schema, so its types agree.
const DIFFERENCES: Record<string, Record<string, string>> = Object.fromEntries(
  ["zod", "valibot"].map((library) => [
    `shorthand-${library}`,
    { "/users/{id}": DEFAULT_REQUIRED, "PUT /users/{id}": DEFAULT_REQUIRED, "PUT /users/{id} requestBody": DEFAULT_REQUIRED },
  ]),
);
const VALIBOT_OUTPUT_DEFAULT =
  "Valibot writes one JSON Schema for both sides, so a property with a default is optional in responses too, where its output type (and PathsOf) has it always there; openapi-typescript's defaultNonNullable hides this, off it shows";
DIFFERENCES["shorthand-valibot-defaults-optional"] = Object.fromEntries(
  ["/users/{id}", "GET /users/{id}", "GET /users/{id} 200", "PUT /users/{id}", "PUT /users/{id} 200", "PUT /users/{id} 2XX", "PATCH /users/{id}", "PATCH /users/{id} 200", "/users", "POST /users", "POST /users 201"].map((label) => [label, VALIBOT_OUTPUT_DEFAULT]),
);
DIFFERENCES["builder-zod"] = { "/pets/{petId}": COERCED_INPUT, "GET /pets/{petId}": COERCED_INPUT, "GET /pets/{petId} parameters": COERCED_INPUT };

const apis: Api[] = [];
const files = new Map<string, CheckFile & { path: string }>();
let diagnostics: Diagnostic[] = [];

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const library of LIBRARIES) apis.push({ name: `petstore-${library}`, module: exampleModule(library) });
  apis.push({ name: "petstore-definition", module: definitionModule() });
  for (const library of LIBRARIES) apis.push({ name: `shorthand-${library}`, module: join(import.meta.dirname, "apis", `shorthand-${library}.ts`) });
  apis.push({ name: "builder-zod", module: join(import.meta.dirname, "apis", "builder-zod.ts") });
  for (const library of FORMS) apis.push({ name: `forms-${library}`, module: join(import.meta.dirname, "apis", `forms-${library}.ts`) });
  apis.push({ name: "problems-zod", module: join(import.meta.dirname, "apis", "problems-zod.ts") });
  // With defaultNonNullable off, openapi-typescript reads a default as PathsOf does: no difference left.
  for (const library of ["zod", "valibot"]) {
    apis.push({ name: `shorthand-${library}-defaults-optional`, module: join(import.meta.dirname, "apis", `shorthand-${library}.ts`), options: { defaultNonNullable: false } });
  }
  for (const api of apis) {
    const { document } = (await import(api.module)) as { document: Record<string, unknown> };
    await expectValidOpenAPI(document);
    const generated = join(work, `${api.name}.generated.ts`);
    writeFileSync(generated, astToString(await openapiTS(structuredClone(document) as never, api.options)));
    const checks = mutualChecks(document, `./${relative(work, api.module).replace(/\.ts$/, "")}`, `./${api.name}.generated`);
    const path = join(work, `${api.name}.checks.ts`);
    writeFileSync(path, checks.source);
    files.set(api.name, { ...checks, path });
  }
  diagnostics = typeCheck([...files.values()].map((file) => file.path));
}, 120_000);

describe("PathsOf<typeof document> and openapi-typescript's paths are mutually assignable", () => {
  it.each([...LIBRARIES.map((l) => `petstore-${l}`), "petstore-definition", ...LIBRARIES.map((l) => `shorthand-${l}`), "builder-zod", ...FORMS.map((l) => `forms-${l}`), "problems-zod", "shorthand-zod-defaults-optional", "shorthand-valibot-defaults-optional"])("%s: every path item, operation, parameters, request body and response", (name) => {
    const file = files.get(name);
    expect(file).toBeDefined();
    const failed: Record<string, string> = {};
    for (const diagnostic of diagnostics.filter((d) => d.file === file?.path)) {
      const label = file?.labels.get(diagnostic.line) ?? `line ${diagnostic.line}: ${diagnostic.message}`;
      failed[label] = diagnostic.message;
    }
    expect(Object.keys(failed).sort(), JSON.stringify(failed, null, 1)).toEqual(Object.keys(DIFFERENCES[name] ?? {}).sort());
    expect(file?.labels.size).toBeGreaterThan(5);
  });

  it("no diagnostic is outside the check files (the generated files and the APIs type-check)", () => {
    const checkFiles = new Set([...files.values()].map((file) => file.path));
    expect(diagnostics.filter((d) => !checkFiles.has(d.file))).toEqual([]);
  });
});
