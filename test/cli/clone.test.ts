/**
 * The README's first lines, run as written in a fresh copy of the repository (the files a
 * clone has: dist/ and node_modules/ are git-ignored, so neither is there): `npm install`
 * must build the command, and `npx specloom generate examples/petstore.ts` must print the
 * example's document.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "specloom";
import petstore from "../../examples/petstore";
import { root, type Run } from "./helpers";

const clone = mkdtempSync(join(tmpdir(), "specloom-clone-test-"));
afterAll(() => rmSync(clone, { recursive: true, force: true }));

/** The commands of the README's `sh` block that tries the clone, one per line, comments left out. */
function firstCommands(): string[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string).find((text) => text.includes("examples/petstore.ts")) ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/** Runs a command line in the copy with the shell, as a reader would. */
function shell(command: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    // From npm's cache where it can: the packages are the ones this checkout installed.
    const child = spawn("sh", ["-c", command], { cwd: clone, env: { ...process.env, npm_config_prefer_offline: "true", npm_config_audit: "false", npm_config_fund: "false" } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe("the README's first lines, from a fresh clone", () => {
  it("npm install builds the command, and npx specloom generate examples/petstore.ts prints the document", { timeout: 300_000 }, async () => {
    const commands = firstCommands();
    expect(commands).toEqual(["npm install", "npm run build", "npx specloom generate examples/petstore.ts"]);

    // The working tree's files that a clone would have (tracked, or new and not ignored).
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
    for (const file of files) {
      if (!existsSync(join(root, file))) continue;
      mkdirSync(dirname(join(clone, file)), { recursive: true });
      cpSync(join(root, file), join(clone, file));
    }
    expect(existsSync(join(clone, "dist"))).toBe(false);
    expect(existsSync(join(clone, "node_modules"))).toBe(false);

    for (const command of commands.slice(0, 2)) {
      const step = await shell(command);
      expect(step.code, step.stderr).toBe(0);
    }
    expect(existsSync(join(clone, "dist", "cli.js")), "npm run build did not build dist/").toBe(true);

    const run = await shell(commands[2] as string);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(openapi(petstore))));
  });
});
