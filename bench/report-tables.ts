/** The building blocks of the benchmark report: targets, number formats and the tables. */
import { stats, type Phase } from "./harness";
import type { TaskResult } from "./tasks";

/** One target: a ratio measured in this run, and the bound it must meet. */
export interface Target {
  scenario: string;
  what: string;
  value: number;
  bound: number;
  /** "max": value ≤ bound; "min": value ≥ bound. */
  kind: "max" | "min";
  /** What value and bound are in: "x" (a ratio) unless given. */
  unit?: string;
}

export function met(target: Target): boolean {
  return target.kind === "max" ? target.value <= target.bound : target.value >= target.bound;
}

export const number = (value: number, digits = 1) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ms = (value: number) => (value >= 100 ? number(value, 0) : value >= 10 ? number(value, 1) : number(value, 2));
export const ratio = (value: number, unit = "x") => `${value >= 10 ? number(value, 1) : number(value, 2)} ${unit}`;
export const bound = (t: Target) => `${t.kind === "max" ? "≤" : "≥"} ${t.bound} ${t.unit ?? "x"}`;

/** Columns padded to their widest cell; numbers (and the first column) aligned as given. */
export function table(header: string[], rows: string[][], rightAligned: (column: number) => boolean): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => "  " + cells.map((c, i) => (rightAligned(i) ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join("  ").trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export interface Row {
  subject: string;
  size: string;
  phase: Phase | undefined;
  key: string;
  note?: string;
}

export function timingTable(rows: Row[]): string {
  const body = rows.map((row) => {
    const samples = row.phase?.samples[row.key];
    if (!row.phase || !samples) return [row.subject, row.size, "", "", "", "", "", row.note ?? ""];
    const s = stats(samples);
    const gc = row.phase.gc[row.key];
    return [row.subject, row.size, ms(s.median), ms(s.min), ms(s.max), gc ? ms(stats(gc).median) : "", `${number(row.phase.peakRssMB, 0)} MB`, row.note ?? ""];
  });
  return table(["", "size", "median ms", "min ms", "max ms", "GC ms", "peak RSS", ""], body, (i) => i >= 1 && i <= 6);
}

export function ratioTable(lines: { what: string; values: (number | undefined)[]; target?: Target | Target[]; note?: string; unit?: string }[], columns: string[]): string {
  const rows = lines.map((line) => {
    const targets = line.target === undefined ? [] : Array.isArray(line.target) ? line.target : [line.target];
    const verdict = targets.length === 0 ? (line.note ?? "") : targets.every(met) ? "met" : `MISSED${line.note ? ` (${line.note})` : ""}`;
    return [line.what, ...line.values.map((v) => (v === undefined ? "" : ratio(v, line.unit))), targets[0] ? bound(targets[0]) : "", verdict];
  });
  return table(["ratio (same run)", ...columns, "target", ""], rows, (i) => i >= 1 && i <= columns.length);
}

/** One line per worker: its wall time, the untimed part of it, and its memory before any input. */
export function workerLine(results: (TaskResult | undefined)[]): string {
  const parts = results
    .filter((r): r is TaskResult => r !== undefined)
    .map((r) => {
      const building = r.phases.reduce((sum, p) => sum + (typeof p.facts.buildSeconds === "number" ? p.facts.buildSeconds : 0), 0);
      return `${r.task.kind === "generation" ? "openapi() and floor" : r.task.kind} worker ${number(r.seconds, 1)} s (untimed: building inputs ${number(building, 1)} s, forced GCs ${number(r.gcSeconds, 1)} s), ${number(r.baseRssMB, 0)} MB RSS before building inputs`;
    });
  return parts.map((part) => `  ${part}`).join("\n");
}

export const median = (phase: Phase | undefined, subject: string): number | undefined => {
  const samples = phase?.samples[subject];
  return samples && samples.length > 0 ? stats(samples).median : undefined;
};
export const per = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : a / b);
export const sizeLabel = (size: number, unit: string) => `${size.toLocaleString("en-US")} ${unit}`;
