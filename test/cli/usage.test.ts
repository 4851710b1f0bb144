/**
 * The command line itself: --help (for the command and each subcommand, with examples),
 * --version, and usage mistakes (the message, the usage, exit code 2).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, expectUsageError, lines, root, runCli } from "./helpers";

const SUBCOMMANDS = ["generate", "merge", "validate", "preview"] as const;

describe("specloom", () => {
  it("is the built binary the package declares", () => {
    expect(existsSync(cli), "run `npm run build` first (npm test does)").toBe(true);
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> };
    expect(join(root, pkg.bin.specloom as string)).toBe(cli);
    expect(readFileSync(cli, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("--version prints the package's version", async () => {
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    for (const flag of ["--version", "-v"]) {
      const run = await runCli([flag]);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`${version}\n`);
      expect(run.stderr).toBe("");
    }
  });

  it("--help lists the four commands, examples and the exit codes", async () => {
    const run = await runCli(["--help"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^Usage: specloom <command> \[options\]/);
    for (const command of SUBCOMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${command} \\[options\\]`, "m"));
    expect(run.stdout).toContain("Examples:\n  $ specloom generate");
    expect(run.stdout).toMatch(/Exit codes:\n {2}0 .*\n {2}1 .*\n {2}2 /);
  });

  it.each(SUBCOMMANDS)("%s --help shows its usage, options and examples", async (command) => {
    const run = await runCli([command, "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: specloom ${command} \\[options\\]`));
    expect(run.stdout).toContain("Examples:");
    const examples = run.stdout.slice(run.stdout.indexOf("Examples:")).split("\n").filter((line) => line.startsWith("  $ "));
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) expect(example).toMatch(new RegExp(`^ {2}\\$ (.* \\| )?specloom ${command} `));
    // `specloom help <command>` is the same page.
    expect((await runCli(["help", command])).stdout).toBe(run.stdout);
  });

  it("merge --help names a flag for every createMerge option", async () => {
    const { stdout } = await runCli(["merge", "--help"]);
    for (const flag of ["--components <mode>", "--operation-ids <mode>", "--servers <mode>", "--security <mode>", "--path-prefix <file=/prefix>", "--path-prefix-from <field>", "--prefix <file=Prefix_>", "--output <file>", "--format <format>"]) {
      expect(stdout).toContain(flag);
    }
  });
});

describe("usage mistakes: the message, the usage, exit code 2", () => {
  it("no command at all", async () => {
    const run = await runCli([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Usage: specloom <command> [options]");
    expect(run.stdout).toBe("");
  });

  it("an unknown command, with a suggestion", async () => {
    const run = await runCli(["genrate", "x.ts"]);
    expect(expectUsageError(run, "")).toBe("specloom: unknown command 'genrate'");
    expect(run.stderr).toContain("(Did you mean generate?)");
  });

  it("an unknown option", async () => {
    expect(expectUsageError(await runCli(["generate", "examples/petstore.ts", "--ouput", "x.json"]), "generate")).toBe("specloom: unknown option '--ouput'");
  });

  it("a missing argument", async () => {
    expect(expectUsageError(await runCli(["generate"]), "generate")).toBe("specloom: missing required argument 'module'");
    expect(expectUsageError(await runCli(["merge", "a.json"]), "merge")).toBe("specloom: missing required argument 'sources'");
    expect(expectUsageError(await runCli(["validate"]), "validate")).toBe("specloom: missing required argument 'files'");
    expect(expectUsageError(await runCli(["preview"]), "preview")).toBe("specloom: missing required argument 'module-or-file'");
  });

  it("too many arguments", async () => {
    expect(expectUsageError(await runCli(["generate", "a.ts", "b.ts"]), "generate")).toMatch(/^specloom: too many arguments/);
  });

  it("a value outside an option's choices", async () => {
    expect(expectUsageError(await runCli(["generate", "examples/petstore.ts", "--format", "xml"]), "generate")).toContain("Allowed choices are json, yaml");
    expect(expectUsageError(await runCli(["generate", "examples/petstore.ts", "--openapi", "3.0.0"]), "generate")).toContain("Allowed choices are 3.0.3, 3.1.0");
    expect(expectUsageError(await runCli(["merge", "a.json", "b.json", "--components", "merge"]), "merge")).toContain("Allowed choices are error, share-identical, rename");
    expect(expectUsageError(await runCli(["merge", "a.json", "b.json", "--path-prefix-from", "host"]), "merge")).toContain("Allowed choices are title");
  });

  it("a port that is not a port", async () => {
    for (const port of ["http", "70000", "-1"]) {
      const run = await runCli(["preview", "examples/petstore.ts", "--port", port]);
      expect(run.code).toBe(2);
      expect(lines(run.stderr)[0]).toMatch(/^specloom: (option '-p, --port <number>' argument '-?\w+' is invalid|unknown option '-1')/);
    }
  });

  it("per-input flags that name no input, or hold no value of the right kind", async () => {
    const base = ["merge", "a.json", "b.json"];
    expect(expectUsageError(await runCli([...base, "--path-prefix", "c.json=/c"]), "merge")).toBe('specloom: --path-prefix "c.json=/c" names no input (inputs: a.json b.json)');
    expect(expectUsageError(await runCli([...base, "--path-prefix", "/c"]), "merge")).toBe('specloom: --path-prefix "/c" expects file=value');
    expect(expectUsageError(await runCli([...base, "--path-prefix", "b.json=c"]), "merge")).toBe('specloom: --path-prefix "b.json=c": a path prefix starts with "/" (or is empty for none)');
    expect(expectUsageError(await runCli([...base, "--path-prefix", "b.json=/b", "--path-prefix", "./b.json=/c"]), "merge")).toBe("specloom: --path-prefix is given twice for b.json");
    expect(expectUsageError(await runCli([...base, "--prefix", "b.json="]), "merge")).toBe('specloom: --prefix "b.json=": the prefix must not be empty');
  });

  it("stdin given twice", async () => {
    expect(expectUsageError(await runCli(["merge", "-", "-"]), "merge")).toBe("specloom: - (stdin) can be given only once");
    expect(expectUsageError(await runCli(["validate", "-", "-"]), "validate")).toBe("specloom: - (stdin) can be given only once");
  });

  it("stdin for preview, which watches a file", async () => {
    expect(expectUsageError(await runCli(["preview", "-"]), "preview")).toBe("specloom: preview watches a file; it cannot read stdin (-)");
  });

  it("--export on a file that is not a module", async () => {
    const run = await runCli(["generate", join("test", "corpora", "oai-examples", "petstore.yaml"), "--export", "api"]);
    expect(expectUsageError(run, "generate")).toBe("specloom: --export names a module's export; test/corpora/oai-examples/petstore.yaml is not a module (.ts, .js, ...)");
  });
});
