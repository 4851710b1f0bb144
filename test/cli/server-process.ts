/**
 * The command's servers (`preview`, `mock`) as child processes of a test: started with
 * `node dist/cli.js <command> ...`, ready when they print their URL, and always stopped.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { cli, root } from "./helpers";

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: { stdout: string; stderr: string };
}

/** Servers started and not yet stopped: a test file stops them all after each test. */
export const running = new Set<ChildProcess>();

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "localhost", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node dist/cli.js <command> ...args` and waits for the first URL it prints. */
export function startServer(command: string, args: string[], cwd = root): Promise<ServerProcess> {
  const child = spawn(process.execPath, [cli, command, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const output = { stdout: "", stderr: "" };
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output.stdout += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output.stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 30 s; stderr: ${output.stderr}`)), 30_000);
    const check = () => {
      const url = /(http:\/\/[^\s/]+\/) /.exec(output.stdout)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, output });
      }
    };
    child.stdout?.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before printing its URL; stderr: ${output.stderr}`));
    });
  });
}

/** Stops a server with SIGTERM (SIGKILL if it does not go); resolves to its exit code. */
export function stop(child: ChildProcess): Promise<number | null> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

/** `probe()` until it gives a value, every 100 ms, for at most `timeout` ms. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeout = 15_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
