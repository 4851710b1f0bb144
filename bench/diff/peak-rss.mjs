// Preloaded (`node --import`) into a command the diff scenario times: at exit, writes the
// process's peak RSS (MB) and CPU time (ms) to the file $SPECLOOM_BENCH_RSS names.
import { writeFileSync } from "node:fs";
import process from "node:process";

process.on("exit", () => {
  const file = process.env.SPECLOOM_BENCH_RSS;
  const usage = process.resourceUsage();
  if (file) writeFileSync(file, JSON.stringify({ peakRssMB: usage.maxRSS / 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
});
