/**
 * A module `specloom generate` loads may throw anything while it loads: a value whose
 * `String()` throws (`Object.create(null)`) or says little (a Symbol) still gives one line
 * naming the file, and exit 1, never an internal error.
 */
import { afterAll, describe, expect, it } from "vitest";
import { TempProject, expectOneLineFailure, runCli } from "./helpers";

const project = new TempProject();
afterAll(() => project.remove());

describe("specloom generate: a module that throws something other than an Error", () => {
  it.each([
    ["Object.create(null)", "throw Object.create(null);", "an object"],
    ["a Symbol", 'throw Symbol("boom");', "a symbol (Symbol(boom))"],
    ["an object whose toString throws", 'throw { toString() { throw new Error("no"); } };', "an object"],
    ["a string", 'throw "not configured";', "not configured"],
  ])("%s", async (_label, statement, described) => {
    const file = project.write(`throws-${described.replace(/\W+/g, "-")}.ts`, `${statement}\nexport default {};\n`);
    const line = expectOneLineFailure(await runCli(["generate", file], { cwd: project.dir }));
    expect(line).toBe(`specloom: ${file}: cannot load the module: ${described}`);
  });

  it("a builder whose document() throws Object.create(null)", async () => {
    const file = project.write("throwing-document.ts", "export default {\n  document() {\n    throw Object.create(null);\n  },\n};\n");
    expect(expectOneLineFailure(await runCli(["generate", file], { cwd: project.dir }))).toBe(`specloom: ${file}: document() threw: an object`);
  });
});
