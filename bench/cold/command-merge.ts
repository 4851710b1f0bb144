/**
 * `specloom merge` of the 55 Twilio documents as a user runs it (docs/command.md): a whole
 * process, with `--no-check` and with the check before writing, taking turns after one
 * untimed round. Each run's own summary line gives the time the command reports (reading,
 * merging and writing); the wall time adds Node's start and the exit.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stats, type Stats } from "../harness";

export interface CommandMerge {
  check: boolean;
  /** From spawn to exit (ms). */
  wall: Stats;
  /** The time the summary line reports (ms). */
  reported: Stats;
  /** The summary line of the last run, from "merged" on. */
  summary: string;
}

/** The options docs/command.md gives for this merge. */
export const TWILIO_COMMAND = ["--components", "rename", "--operation-ids", "rename", "--path-prefix-from", "title", "--servers", "per-path", "--security", "per-operation"];

export function commandMerges(root: string, rounds: number): CommandMerge[] {
  const folder = join(root, "test", "corpora", "twilio");
  const inputs = readdirSync(folder).filter((name) => name.endsWith(".json")).sort().map((name) => join(folder, name));
  const output = mkdtempSync(join(tmpdir(), "specloom-bench-merge-"));
  const runs = [false, true].map((check) => ({ check, wall: [] as number[], reported: [] as number[], summary: "" }));
  try {
    for (let round = -1; round < rounds; round++) {
      for (const run of runs) {
        const args = [join(root, "dist", "cli.js"), "merge", ...inputs, ...TWILIO_COMMAND, ...(run.check ? [] : ["--no-check"]), "-o", join(output, "twilio.json")];
        const started = performance.now();
        const child = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
        const elapsed = performance.now() - started;
        const line = /merged .* in ([\d.]+) s: .*/.exec(child.stderr);
        if (child.status !== 0 || !line) throw new Error(`specloom merge of the Twilio corpus failed: ${child.stderr}`);
        run.summary = line[0];
        if (round < 0) continue;
        run.wall.push(elapsed);
        run.reported.push(Number(line[1]) * 1000);
      }
    }
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
  return runs.map((run) => ({ check: run.check, wall: stats(run.wall), reported: stats(run.reported), summary: run.summary }));
}
