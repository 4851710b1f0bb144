/**
 * The `specloom` command as a whole process: `validate` of a small document and of the
 * petstore module against `--version`, which only starts the command. What `validate`
 * adds over `--version` is reading the input, loading the OpenAPI schema's precompiled
 * validator and checking. The runs take turns, round after round, after one untimed round.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { stats, type Stats } from "../harness";

export const COMMAND_RUNS = [
  { label: "specloom --version", args: ["--version"] },
  { label: "specloom validate petstore-expanded.yaml (the OAI example, 4 operations)", args: ["validate", "test/corpora/oai-examples/petstore-expanded.yaml"] },
  { label: "specloom validate examples/petstore.ts (a Zod module, 4 operations)", args: ["validate", "examples/petstore.ts"] },
] as const;

export interface CommandStart {
  label: string;
  ms: Stats;
}

/** `rounds` processes per command line, from the checkout's root (dist/cli.js must be built). */
export function commandStarts(root: string, rounds: number): CommandStart[] {
  const samples: number[][] = COMMAND_RUNS.map(() => []);
  for (let round = -1; round < rounds; round++) {
    COMMAND_RUNS.forEach(({ label, args }, index) => {
      const started = performance.now();
      const child = spawnSync(process.execPath, [join(root, "dist", "cli.js"), ...args], { cwd: root, encoding: "utf8" });
      const elapsed = performance.now() - started;
      if (child.status !== 0) throw new Error(`${label} failed: ${child.stderr}`);
      if (round >= 0) samples[index]?.push(elapsed);
    });
  }
  return COMMAND_RUNS.map(({ label }, index) => ({ label, ms: stats(samples[index] ?? []) }));
}
