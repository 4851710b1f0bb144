/**
 * A fresh clone, as a newcomer and a CI system meet it: the working tree's files that a
 * clone has (dist/ and node_modules/ are git-ignored, so neither is there) committed into a
 * repository of their own. The README's commands run as written there: `npm install` builds
 * (the `dependencies` script), so the next command works; neither `npm install` nor `npm ci` leaves
 * `git status` dirty (the lockfile is as npm writes it, dist/ is ignored); and the tarball
 * `npm pack` makes installs into an empty project without an npm warning about specloom
 * (no install script asks for approval).
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "specloom";
import petstore from "../../examples/petstore";
import { lines, root, type Run } from "./helpers";

const work = mkdtempSync(join(tmpdir(), "specloom-clone-test-"));
const clone = join(work, "specloom");
const user = join(work, "user-project");
// Two node_modules trees take a while to delete (Scalar's, a test dependency, alone has
// tens of thousands of files), longer on a busy machine.
afterAll(() => rmSync(work, { recursive: true, force: true }), 300_000);

/** The commands of the README's `sh` block that tries the clone, one per line, comments left out. */
function cloneCommands(): string[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string).find((text) => text.includes("examples/petstore.ts")) ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/** Runs a command line with the shell, as a reader would. */
function shell(command: string, cwd = clone): Promise<Run> {
  return new Promise((resolve, reject) => {
    // From npm's cache where it can: the packages are the ones this checkout installed.
    const env = { ...process.env, npm_config_prefer_offline: "true", npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
    const child = spawn("sh", ["-c", command], { cwd, env });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

async function succeeds(command: string, cwd = clone): Promise<Run> {
  const run = await shell(command, cwd);
  expect(run.code, `${command}\n${run.stderr}`).toBe(0);
  return run;
}

/** `git status --porcelain` of the clone: empty when nothing changed. */
function gitStatus(): string {
  return execFileSync("git", ["status", "--porcelain"], { cwd: clone, encoding: "utf8" });
}

describe("a fresh clone", { timeout: 300_000 }, () => {
  it("has the repository's files, and neither dist/ nor node_modules/", () => {
    // The working tree's files that a clone would have (tracked, or new and not ignored).
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
    for (const file of files) {
      if (!existsSync(join(root, file))) continue;
      mkdirSync(dirname(join(clone, file)), { recursive: true });
      cpSync(join(root, file), join(clone, file));
    }
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=test", "-c", "user.email=test@example.com", ...args], { cwd: clone, stdio: "pipe" });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-q", "-m", "clone");
    expect(gitStatus()).toBe("");
    expect(existsSync(join(clone, "dist"))).toBe(false);
    expect(existsSync(join(clone, "node_modules"))).toBe(false);
  });

  it("runs the README's two commands as written: npm install builds, then the command prints the example's document", async () => {
    const commands = cloneCommands();
    expect(commands).toEqual(["npm install", "npx specloom generate examples/petstore.ts"]);
    // The first install of the clone: it must not rewrite the lockfile, and must build.
    await succeeds(commands[0] as string);
    expect(existsSync(join(clone, "dist", "cli.js")), "npm install runs the dependencies script, which builds").toBe(true);
    const run = await succeeds(commands[1] as string);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(openapi(petstore))));
    expect(gitStatus(), "npm install changed tracked files (a lockfile npm rewrites?)").toBe("");
  });

  it("installs again with npm ci, the reproducible install of CI systems, which builds too and stays clean", async () => {
    rmSync(join(clone, "dist"), { recursive: true, force: true });
    await succeeds("npm ci");
    expect(existsSync(join(clone, "node_modules", "vitest"))).toBe(true);
    expect(existsSync(join(clone, "dist", "cli.js")), "npm ci runs the dependencies script, which builds").toBe(true);
    expect(gitStatus(), "the build writes only git-ignored files").toBe("");
  });

  it("packs a tarball that installs into an empty project with no npm warning about specloom", async () => {
    // prepack builds, so the tarball never holds a stale dist/.
    rmSync(join(clone, "dist"), { recursive: true, force: true });
    const pack = await succeeds(`npm pack --pack-destination ${JSON.stringify(work)}`);
    const tarball = lines(pack.stdout).at(-1) as string;
    expect(tarball).toMatch(/^specloom-\d+\.\d+\.\d+\.tgz$/);
    expect(gitStatus()).toBe("");

    mkdirSync(user);
    writeFileSync(join(user, "package.json"), JSON.stringify({ name: "user-project", version: "1.0.0", private: true }));
    const install = await succeeds(`npm install ${JSON.stringify(join(work, tarball))}`, user);
    const warnings = lines(install.stdout + install.stderr).filter((line) => /\bwarn/i.test(line) && /specloom/i.test(line));
    expect(warnings).toEqual([]);
    expect(install.stderr, "a script npm would ask the user to approve").not.toMatch(/install-scripts/);
    expect(readdirSync(join(user, "node_modules", "specloom", "dist"))).toContain("cli.js");
    expect(readdirSync(join(user, "node_modules", "specloom")), "the licence ships with the package").toContain("LICENSE");
    const version = await succeeds("npx specloom --version", user);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version);
  });
});
