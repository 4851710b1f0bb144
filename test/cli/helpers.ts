/**
 * Running the real `specloom` binary (dist/cli.js, built by `npm test` before vitest runs)
 * on real files, and temporary projects for the modules the tests write.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect } from "vitest";

export const root = join(import.meta.dirname, "..", "..");
export const cli = join(root, "dist", "cli.js");
export const corpora = join(root, "test", "corpora");
export const twilioDir = join(corpora, "twilio");
export const oaiDir = join(corpora, "oai-examples");
export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  /** Written to stdin, which is then closed; stdin is empty otherwise. */
  input?: string;
  env?: Record<string, string>;
  /** The script to run instead of dist/cli.js (a copy of the package elsewhere). */
  script?: string;
  /** Milliseconds before the run is killed (SIGKILL; the Run's `signal` says so); 120 s by default. */
  timeout?: number;
}

/** Runs `node dist/cli.js ...args` to completion. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.script ?? cli, ...args], {
      cwd: options.cwd ?? root,
      env: { ...process.env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeout ?? 120_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** The lines a run wrote to stderr. */
export function lines(text: string): string[] {
  return text.split("\n").filter((line) => line !== "");
}

/**
 * A failure reported the way the command promises: exactly one line on stderr, starting
 * with `specloom: `, no stack trace, nothing on stdout.
 */
export function expectOneLineFailure(run: Run, exitCode = 1): string {
  expect(run.code, run.stderr).toBe(exitCode);
  const stderr = lines(run.stderr);
  expect(stderr, run.stderr).toHaveLength(1);
  expect(stderr[0]).toMatch(/^specloom: /);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stdout).toBe("");
  return stderr[0] as string;
}

/** A usage mistake: the message, then the usage of the command, exit code 2. */
export function expectUsageError(run: Run, command: string): string {
  expect(run.code, run.stderr).toBe(2);
  const stderr = lines(run.stderr);
  expect(stderr[0]).toMatch(/^specloom: /);
  expect(stderr).toContain(`Run "specloom${command ? ` ${command}` : ""} --help" for the options and examples.`);
  expect(stderr.some((line) => line.startsWith(`Usage: specloom${command ? ` ${command}` : ""} `))).toBe(true);
  expect(run.stdout).toBe("");
  return stderr[0] as string;
}

/**
 * A temporary project: its own directory with `node_modules/zod` and
 * `node_modules/specloom` (linked to this repository, whose package.json points to dist/),
 * as a user's project that installed both.
 */
export class TempProject {
  readonly dir = mkdtempSync(join(tmpdir(), "specloom-cli-test-"));

  constructor() {
    mkdirSync(join(this.dir, "node_modules"));
    symlinkSync(join(root, "node_modules", "zod"), join(this.dir, "node_modules", "zod"), "dir");
    symlinkSync(root, join(this.dir, "node_modules", "specloom"), "dir");
  }

  /** Writes a file (creating directories); returns its absolute path. */
  write(name: string, content: string | object): string {
    const file = join(this.dir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
    return file;
  }

  path(name: string): string {
    return join(this.dir, name);
  }

  /** The names in a directory of the project (to check no temporary file stayed behind). */
  list(name = "."): string[] {
    const dir = join(this.dir, name);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Every operation of a document as `"METHOD path"`. */
export function operationsOf(document: unknown, group: "paths" | "webhooks" = "paths"): string[] {
  const items = ((document as Record<string, unknown>)[group] ?? {}) as Record<string, Record<string, unknown>>;
  const found: string[] = [];
  for (const [path, item] of Object.entries(items)) {
    for (const method of METHODS) if (item[method] !== undefined) found.push(`${method.toUpperCase()} ${path}`);
  }
  return found;
}

/** A minimal valid 3.0.3 document; `parts` overrides or adds root fields. */
export function doc(title: string, parts: Record<string, unknown> = {}, openapi = "3.0.3"): Record<string, unknown> {
  return { openapi, info: { title, version: "1.0.0" }, paths: {}, ...parts };
}

/** A valid operation with one response; `extra` adds fields. */
export function op(operationId?: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...(operationId === undefined ? {} : { operationId }), responses: { "200": { description: "OK" } }, ...extra };
}
