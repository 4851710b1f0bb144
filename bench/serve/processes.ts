/**
 * The servers of the HTTP scenarios (serve, mock), each a compiled server file started in a
 * process of its own with the kind to serve; it sends its port once listening. And the
 * median of a scenario's rounds.
 */
import { fork, type ChildProcess } from "node:child_process";

export function startServer(compiled: string, root: string, kind: string): Promise<{ child: ChildProcess; origin: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(compiled, [kind], { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.once("message", (message) => resolve({ child, origin: `http://127.0.0.1:${(message as { port: number }).port}` }));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the ${kind} server exited with code ${code}`)));
  });
}

/** Stops a server started above, without its exit counting as a failure. */
export function stopServer(child: ChildProcess): void {
  child.removeAllListeners("exit");
  child.kill();
}

/** The median of the rounds, with their least and greatest. */
export function medianOf(values: readonly number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] as number, min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}
