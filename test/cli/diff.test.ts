/**
 * `specloom diff`: inputs read as every command reads them (bundled files, modules, stdin,
 * --overlay), the four formats, --fail-on and its exit codes, --ignore, and imperfect
 * documents (a warning line, compared anyway; --strict refuses them).
 */
import { afterAll, describe, expect, it } from "vitest";
import { stringify as yaml } from "yaml";
import { TempProject, doc, expectOneLineFailure, expectUsageError, lines, op, runCli } from "./helpers";

const project = new TempProject();
afterAll(() => project.remove());

const limit = (extra: Record<string, unknown> = {}) => ({ name: "limit", in: "query", schema: { type: "integer", maximum: 100 }, ...extra });
const pets = (parameters: unknown[], extra: Record<string, unknown> = {}) => doc("Pets", { paths: { "/pets": { get: op("listPets", { parameters, ...extra }) } } });
const before = project.write("before.json", pets([limit()]));
const after = project.write("after.json", pets([limit({ required: true, schema: { type: "integer", maximum: 50 } })], { tags: ["pets"] }));
const LINES = [
  "error   request-parameter-became-required: GET /pets: the query parameter limit: became required (/paths/~1pets/get/parameters/0)",
  "error   request-parameter-max-decreased: GET /pets: the query parameter limit: maximum changed from 100 to 50 (/paths/~1pets/get/parameters/0/schema)",
  'info    api-tag-added: GET /pets: the tag "pets" was added (/paths/~1pets/get/tags)',
];

describe("specloom diff: output and exit codes", () => {
  it("one line per change on stdout, a summary on stderr naming what failed the job, exit 1 on an error-level change", async () => {
    const run = await runCli(["diff", before, after]);
    expect(lines(run.stdout)).toEqual(LINES);
    expect(lines(run.stderr)).toEqual([
      "specloom: 3 changes: 2 errors, 1 info (breaking)",
      "specloom: --fail-on error: 2 changes reached it: request-parameter-became-required at /paths/~1pets/get/parameters/0 (GET /pets), request-parameter-max-decreased at /paths/~1pets/get/parameters/0/schema (GET /pets)",
    ]);
    expect(run.code).toBe(1);
  });

  it("a change in a component is listed once, with how many operations it reaches and one example; --by-operation lists it at each", async () => {
    const api = (maximum: number) =>
      doc("Pets", {
        paths: { "/a": { get: op("a", { parameters: [{ $ref: "#/components/parameters/Limit" }] }) }, "/b": { get: op("b", { parameters: [{ $ref: "#/components/parameters/Limit" }] }) } },
        components: { parameters: { Limit: limit({ schema: { $ref: "#/components/schemas/Limit" } }) }, schemas: { Limit: { type: "integer", maximum } } },
      });
    const [was, is] = [project.write("shared-before.json", api(100)), project.write("shared-after.json", api(50))];
    const run = await runCli(["diff", was, is, "-q"]);
    expect(lines(run.stdout)).toEqual([
      "error   request-parameter-max-decreased: the schema Limit: maximum changed from 100 to 50 (/components/schemas/Limit)",
      "        at 2 operations, e.g. GET /a: the query parameter limit",
    ]);
    expect(lines((await runCli(["diff", was, is, "-q", "--by-operation"])).stdout)).toEqual([
      "error   request-parameter-max-decreased: GET /a: the query parameter limit: maximum changed from 100 to 50 (/components/schemas/Limit)",
      "error   request-parameter-max-decreased: GET /b: the query parameter limit: maximum changed from 100 to 50 (/components/schemas/Limit)",
    ]);
  });

  it("--fail-on never and --fail-on info; a document against itself: no changes, exit 0", async () => {
    expect((await runCli(["diff", before, after, "--fail-on", "never", "-q"])).code).toBe(0);
    const infoOnly = project.write("tagged.json", pets([limit()], { tags: ["pets"] }));
    expect((await runCli(["diff", before, infoOnly])).code).toBe(0);
    expect((await runCli(["diff", before, infoOnly, "--fail-on", "info"])).code).toBe(1);
    const same = await runCli(["diff", before, before]);
    expect([same.code, same.stdout, lines(same.stderr)]).toEqual([0, "", ["specloom: no changes"]]);
  });

  it("--format json is { changes, distinct, breaking }", async () => {
    const run = await runCli(["diff", before, after, "--format", "json", "-q"]);
    const result = JSON.parse(run.stdout) as { changes: { id: string; level: string }[]; distinct: { id: string; operations: string[] }[]; breaking: boolean };
    expect(result.breaking).toBe(true);
    expect(result.changes.map((change) => `${change.level} ${change.id}`)).toEqual(["error request-parameter-became-required", "error request-parameter-max-decreased", "info api-tag-added"]);
    expect(result.distinct.map((change) => `${change.id} ${change.operations.join()}`)).toEqual(["request-parameter-became-required GET /pets", "request-parameter-max-decreased GET /pets", "api-tag-added GET /pets"]);
  });

  it("--format github writes one workflow command per change (error, warning or notice), then the report for the log", async () => {
    const run = await runCli(["diff", before, after, "--format", "github", "-q"]);
    expect(lines(run.stdout)).toEqual([
      "::error title=request-parameter-became-required::the query parameter limit: became required (/paths/~1pets/get/parameters/0); at GET /pets",
      "::error title=request-parameter-max-decreased::the query parameter limit: maximum changed from 100 to 50 (/paths/~1pets/get/parameters/0/schema); at GET /pets",
      '::notice title=api-tag-added::the tag "pets" was added (/paths/~1pets/get/tags); at GET /pets',
      ...LINES,
    ]);
  });

  it("--format markdown: the counts, what fails the job, a table", async () => {
    const run = await runCli(["diff", before, after, "--format", "markdown", "-q"]);
    expect(lines(run.stdout).slice(0, 8)).toEqual([
      "### API changes",
      "**3 changes: 2 errors, 1 info** (breaking).",
      "**This fails the job**: --fail-on error: 2 changes reached it: request-parameter-became-required at /paths/~1pets/get/parameters/0 (GET /pets), request-parameter-max-decreased at /paths/~1pets/get/parameters/0/schema (GET /pets).",
      "| Level | Id | Change | Location | Operations |",
      "|---|---|---|---|---|",
      "| error | `request-parameter-became-required` | the query parameter limit: became required | `/paths/~1pets/get/parameters/0` | at GET /pets |",
      "| error | `request-parameter-max-decreased` | the query parameter limit: maximum changed from 100 to 50 | `/paths/~1pets/get/parameters/0/schema` | at GET /pets |",
      "<details><summary>1 more: 1 info</summary>",
    ]);
  });

  it("a bad --format or --fail-on, or a missing argument, is a usage mistake: exit 2", async () => {
    expectUsageError(await runCli(["diff", before, after, "--format", "xml"]), "diff");
    expectUsageError(await runCli(["diff", before, after, "--fail-on", "fatal"]), "diff");
    expectUsageError(await runCli(["diff", before]), "diff");
    expectUsageError(await runCli(["diff", before, after, "--today", "soon"]), "diff");
  });
});

describe("specloom diff: --ignore", () => {
  it("leaves out an id, an id at an operation, an id under a pointer", async () => {
    const file = project.write("ignore.txt", "# accepted\napi-tag-added\nrequest-parameter-became-required GET /pets\nrequest-parameter-max-decreased /paths/~1pets/get/parameters/0\n");
    const run = await runCli(["diff", before, after, "--ignore", file]);
    expect([run.code, run.stdout, lines(run.stderr)]).toEqual([0, "", ["specloom: no changes"]]);
  });

  it("an id diff does not report is a failure naming the line", async () => {
    const file = project.write("bad-ignore.txt", "\napi-tag-addded\n");
    expect(expectOneLineFailure(await runCli(["diff", before, after, "--ignore", file]))).toBe(`specloom: ${file}:2: "api-tag-addded" is not an id specloom diff reports (docs/diff.md lists them)`);
  });
});

describe("specloom diff: inputs", () => {
  it("a YAML file whose $refs reach another file is bundled first; stdin; a module", async () => {
    project.write("split/limit.yaml", yaml(limit()));
    const split = project.write("split/api.yaml", yaml(pets([{ $ref: "limit.yaml" }])));
    expect((await runCli(["diff", before, split])).stdout).toBe("");
    expect((await runCli(["diff", "-", after, "-q"], { input: JSON.stringify(pets([limit()])) })).stdout.split("\n")[0]).toBe(LINES[0]);
    const module = project.write("api.ts", `import { z } from "zod";\nexport default { info: { title: "Pets", version: "1" }, paths: { "GET /pets": { query: z.object({ limit: z.number().int().max(100).optional() }), 200: z.object({}) } } };\n`);
    const tighter = project.write("api-tighter.ts", `import { z } from "zod";\nexport default { info: { title: "Pets", version: "1" }, paths: { "GET /pets": { query: z.object({ limit: z.number().int().max(10).optional() }), 200: z.object({}) } } };\n`);
    const run = await runCli(["diff", module, tighter, "-q"]);
    expect(lines(run.stdout)).toEqual([expect.stringMatching(/^error {3}request-parameter-max-decreased: GET \/pets: /)]);
  });

  it("a file that is missing or not a document is a one-line failure, exit 1", async () => {
    expect(expectOneLineFailure(await runCli(["diff", before, "missing.json"]))).toBe("specloom: missing.json: no such file");
    const notADocument = project.write("list.json", [1, 2]);
    expect(expectOneLineFailure(await runCli(["diff", notADocument, after]))).toMatch(/^specloom: .*list\.json: not an OpenAPI document: expected an object/);
  });

  it("--overlay is applied to both documents", async () => {
    const overlay = project.write("o.yaml", yaml({ overlay: "1.0.0", info: { title: "tag", version: "1" }, actions: [{ target: "$.paths['/pets'].get", update: { tags: ["pets"] } }] }));
    const run = await runCli(["diff", before, after, "--overlay", overlay, "-q"]);
    expect(lines(run.stdout)).toEqual(LINES.slice(0, 2));
  });

  it("a document that fails the OpenAPI schema: a warning line, compared anyway; --strict refuses it", async () => {
    const imperfect = project.write("imperfect.json", { ...pets([limit()]), paths: { "/pets": { get: { operationId: "listPets", parameters: [limit()], responses: { "200": {} } } } } });
    const run = await runCli(["diff", imperfect, after]);
    expect(lines(run.stderr)[0]).toBe('specloom: warning: imperfect.json: 1 problem against the OpenAPI schema (the first: /paths/~1pets/get/responses/200: the required field "description" is missing); compared anyway'.replace("imperfect.json", imperfect));
    expect(lines(run.stdout)).toEqual(LINES);
    expect(expectOneLineFailure(await runCli(["diff", imperfect, after, "--strict"]))).toMatch(/--strict refuses it$/);
  });
});
