/**
 * A fresh clone, as a newcomer and a CI system meet it: the working tree's files that a
 * clone has (dist/ and node_modules/ are git-ignored, so neither is there) committed into a
 * repository of their own, in a temporary folder. clone-install.test.ts and
 * clone-pack.test.ts each make one, so the two run side by side.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect } from "vitest";
import { root, type Run } from "./helpers";

export interface FreshClone {
  /** The temporary folder holding the clone (and whatever a test adds beside it). */
  work: string;
  /** The clone's folder. */
  clone: string;
}

/**
 * A temporary folder for a clone, removed after the file's tests. Two node_modules trees
 * take a while to delete (Scalar's, a test dependency, alone has tens of thousands of
 * files), longer on a busy machine.
 */
export function cloneFolder(): FreshClone {
  const work = mkdtempSync(join(tmpdir(), "specloom-clone-test-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }), 300_000);
  return { work, clone: join(work, "specloom") };
}

/** Copies the files a clone would have (tracked, or new and not ignored) and commits them. */
export function makeClone(clone: string): void {
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
  expect(gitStatus(clone)).toBe("");
  expect(existsSync(join(clone, "dist"))).toBe(false);
  expect(existsSync(join(clone, "node_modules"))).toBe(false);
}

/** `git status --porcelain` of a clone: empty when nothing changed. */
export function gitStatus(clone: string): string {
  return execFileSync("git", ["status", "--porcelain"], { cwd: clone, encoding: "utf8" });
}

/** The commands of the README's `sh` block that tries the clone, one per line, comments left out. */
export function cloneCommands(): string[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string).find((text) => text.includes("examples/petstore.ts")) ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/** Runs a command line with the shell, as a reader would. */
function shell(command: string, cwd: string): Promise<Run> {
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

/** Runs a command line in `cwd` and expects it to exit 0. */
export async function succeeds(command: string, cwd: string): Promise<Run> {
  const run = await shell(command, cwd);
  expect(run.code, `${command}\n${run.stderr}`).toBe(0);
  return run;
}
