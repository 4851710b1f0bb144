/**
 * The tables: one per scenario, ratios first (each against its target), then median, min
 * and max in milliseconds and the peak memory of the worker that measured them; then every
 * target in one list.
 */
import { PEER_NAMES } from "./api/peers";
import type { CommandStart } from "./cold/command";
import type { ColdStart } from "./cold/run";
import { bound, met, ms, number, per, ratio, table, type Target } from "./report-tables";
import { generationSection, mergeSection, twilioSection, validationSection, type ReportContext } from "./report-scenarios";
import { responsesSection } from "./report-responses";
import type { TaskResult } from "./tasks";

/** Everything the run measured, as text, and the targets it checked. */
export function render(results: TaskResult[], cold: readonly ColdStart[] = [], command: readonly CommandStart[] = []): { text: string; targets: Target[] } {
  const targets: Target[] = [];
  const out: string[] = [];
  const find: ReportContext["find"] = (kind, match = () => true) => results.find((r) => r.task.kind === kind && match(r.task as never));
  const target: ReportContext["target"] = (scenario, what, value, limit, kind, unit) => {
    if (value === undefined) return undefined;
    const t: Target = { scenario, what, value, bound: limit, kind, ...(unit ? { unit } : {}) };
    targets.push(t);
    return t;
  };
  const context: ReportContext = { results, out, find, target };
  for (const section of [generationSection, mergeSection, twilioSection, validationSection, responsesSection]) section(context);
  if (cold.length > 0) out.push(coldStartTable(cold, target), "");
  if (command.length > 0) out.push(commandTable(command, target), "");

  out.push("Targets\n");
  if (targets.length === 0) out.push("  none in this selection (the targets apply to the registered variant and the merge scenarios)");
  else out.push(
    table(
      ["", "scenario", "ratio", "measured", "target"],
      targets.map((t) => [met(t) ? "met" : "MISSED", t.scenario, t.what, ratio(t.value, t.unit), bound(t)]),
      (i) => i === 3,
    ),
  );
  return { text: out.join("\n"), targets };
}

const COLD_NAMES: Record<ColdStart["tool"], string> = { zod: "Zod alone (toJSONSchema of every schema)", specloom: "specloom openapi()", ...PEER_NAMES };

/** Cold start: one row per tool, its ratio and difference to Zod alone. */
function coldStartTable(cold: readonly ColdStart[], target: (scenario: string, what: string, value: number | undefined, limit: number, kind: "max" | "min") => Target | undefined): string {
  const zod = cold.find((c) => c.tool === "zod");
  const ours = cold.find((c) => c.tool === "specloom");
  const ratioToZod = per(ours?.ms.median, zod?.ms.median);
  const t = target("Cold start", "specloom / Zod alone, whole process", ratioToZod, 1.1, "max");
  const rows = cold.map((c) => [
    COLD_NAMES[c.tool],
    ms(c.ms.median),
    ms(c.ms.min),
    ms(c.ms.max),
    zod ? ratio(c.ms.median / zod.ms.median) : "",
    zod ? `${c.ms.median >= zod.ms.median ? "+" : ""}${ms(c.ms.median - zod.ms.median)}` : "",
    `${number(c.peakRssMB.median, 0)} MB`,
  ]);
  const verdict = t ? `specloom / Zod alone: ${ratio(t.value)} (target ${bound(t)}: ${met(t) ? "met" : "MISSED"})` : "";
  return [
    `Cold start · one process per run: import, build the 20-operation CRUD API from fresh Zod schemas, generate (median/min/max of ${cold[0]?.ms.runs ?? 0} runs)\n`,
    table(["", "median ms", "min ms", "max ms", "/ Zod alone", "ms above Zod", "peak RSS"], rows, (i) => i >= 1),
    `  ${verdict}`,
  ].join("\n");
}

/** The command as a whole process: each run's time and what it adds to `--version`; `validate` of a small document may add 100 ms. */
function commandTable(command: readonly CommandStart[], target: (scenario: string, what: string, value: number | undefined, limit: number, kind: "max" | "min", unit?: string) => Target | undefined): string {
  const [version, document] = command;
  const added = version && document ? document.ms.median - version.ms.median : undefined;
  const t = target("Command", "validate of a small document - --version, whole process", added, 100, "max", "ms");
  const rows = command.map((c) => [c.label, ms(c.ms.median), ms(c.ms.min), ms(c.ms.max), version ? `${c.ms.median >= version.ms.median ? "+" : ""}${ms(c.ms.median - version.ms.median)}` : ""]);
  const verdict = t ? `validate of a small document adds ${ms(t.value)} ms to --version (target ${bound(t)}: ${met(t) ? "met" : "MISSED"})` : "";
  return [
    `Command · one process per run, from spawn to exit (median/min/max of ${version?.ms.runs ?? 0} runs)\n`,
    table(["", "median ms", "min ms", "max ms", "ms above --version"], command.length > 0 ? rows : [], (i) => i >= 1),
    `  ${verdict}`,
  ].join("\n");
}

