/**
 * Cold start: each tool as a whole process (process.ts, compiled), its wall time from spawn
 * to exit and its peak RSS. The tools take turns, round after round, so a change in the
 * machine's load lands on all of them alike.
 */
import { spawnSync } from "node:child_process";
import { stats, type Stats } from "../harness";

export const COLD_TOOLS = ["zod", "specloom", "zod-to-openapi", "orpc", "zod-openapi", "hono-openapi"] as const;
export type ColdTool = (typeof COLD_TOOLS)[number];

export interface ColdStart {
  tool: ColdTool;
  ms: Stats;
  peakRssMB: Stats;
}

/** `rounds` processes per tool (after one untimed round that warms the file cache). */
export function coldStarts(script: string, cwd: string, rounds: number): ColdStart[] {
  const ms: Record<string, number[]> = {};
  const rss: Record<string, number[]> = {};
  for (let round = -1; round < rounds; round++) {
    for (const tool of COLD_TOOLS) {
      const started = performance.now();
      const child = spawnSync(process.execPath, [script, tool], { cwd, encoding: "utf8" });
      const elapsed = performance.now() - started;
      if (child.status !== 0) throw new Error(`cold start of ${tool} failed: ${child.stderr}`);
      if (round < 0) continue;
      (ms[tool] ??= []).push(elapsed);
      (rss[tool] ??= []).push((JSON.parse(child.stdout) as { peakRssMB: number }).peakRssMB);
    }
  }
  return COLD_TOOLS.map((tool) => ({ tool, ms: stats(ms[tool] ?? []), peakRssMB: stats(rss[tool] ?? []) }));
}
