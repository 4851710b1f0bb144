/**
 * The timing harness: one sample is one call, timed with `performance.now()` after a
 * garbage collection (workers run with `--expose-gc`), so a sample does not pay for the
 * garbage of the one before it. Statistics are median, min and max over the recorded runs;
 * warm-up runs are made exactly like the others and thrown away.
 *
 * The collections that happen during a call are part of its time; how much of it they took
 * is read from the engine's `gc` performance entries whose start falls inside the call.
 */
import { PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";

/** Runs recorded per size, after the warm-up. */
export const RUNS = 5;
/**
 * Warm-up runs of a worker's first (smallest) size; larger sizes follow in the same, warm
 * process. Three, not one: after a single warm-up the engine was still optimising the code
 * during the recorded runs (a second openapi() of 1,000 operations took 43, 23, 9, 8 and
 * 7 ms in its first five runs), so the median measured the compiler, not the code.
 */
export const WARMUP = 3;

const gc = (globalThis as { gc?: (options?: { type: "major" | "minor" }) => void }).gc;
let forcedMs = 0;

/**
 * What to collect before a timed call: "full" (every generation) or "minor" (only the young
 * generation: milliseconds instead of up to a second on a heap of a gigabyte, and enough
 * when the call before left only short-lived garbage). A full collection is V8's major
 * collection, `gc({ type: "major" })`, not a bare `gc()`: that one is the collection V8 makes
 * to reduce memory, which also throws away compiled code and type feedback, so every run
 * after it started with a partly cold engine (a second openapi() of 1,000 operations with
 * Valibot took 20-35 ms after `gc()`, 7 ms after a major collection). An application's own
 * collections are major ones.
 */
export type Collection = "full" | "minor";

export function collectGarbage(collection: Collection = "full"): void {
  if (!gc) return;
  const started = performance.now();
  gc({ type: collection === "minor" ? "minor" : "major" });
  forcedMs += performance.now() - started;
}

/** Time spent in the forced collections so far (untimed, but part of the run's wall time), in s. */
export function gcSeconds(): number {
  return forcedMs / 1000;
}

export function hasGc(): boolean {
  return gc !== undefined;
}

/** The engine's collections, as they are reported (after the synchronous code that caused them). */
const collections: PerformanceEntry[] = [];
new PerformanceObserver((list) => collections.push(...list.getEntries())).observe({ entryTypes: ["gc"] });

/** A timed call: its duration and the interval it ran in (to attribute collections to it). */
export interface Timing<T> {
  ms: number;
  start: number;
  value: T;
}

/** One timed call, after a collection (full unless the caller knows a minor one is enough). */
export function timed<T>(fn: () => T, collection: Collection = "full"): Timing<T> {
  collectGarbage(collection);
  const start = performance.now();
  const value = fn();
  const ms = performance.now() - start;
  return { ms, start, value };
}

/** One timed asynchronous call (a generator whose API returns a promise), awaited inside the timing. */
export async function timedAsync<T>(fn: () => T | Promise<T>, collection: Collection = "full"): Promise<Timing<T>> {
  collectGarbage(collection);
  const start = performance.now();
  const value = await fn();
  const ms = performance.now() - start;
  return { ms, start, value };
}

export interface Stats {
  runs: number;
  median: number;
  min: number;
  max: number;
}

export function stats(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error("no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { runs: sorted.length, median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

/** The process's peak resident set size so far, in MB (`maxRSS` is in KiB). */
export function peakRssMB(): number {
  return process.resourceUsage().maxRSS / 1024;
}

export function rssMB(): number {
  return process.memoryUsage().rss / (1024 * 1024);
}

/** Samples per subject for one size of one scenario, as a worker reports them. */
export interface Phase {
  size: number;
  /** Subject (`floor`, `openapi`, ...) to its recorded samples in ms. */
  samples: Record<string, number[]>;
  /** Of each sample, the ms the garbage collector took during it (same order). */
  gc: Record<string, number[]>;
  /** Counts and notes about the phase (vendor calls, time spent building inputs...). */
  facts: Record<string, number | string>;
  /** Peak RSS of the worker up to the end of this phase (MB). */
  peakRssMB: number;
}

/** Lets the observer receive the entries of the collections so far. */
const flush = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), 0));

/**
 * Collects the samples of one phase; `run` is called `warmup + RUNS` times and records each
 * timed call under a subject. Between runs, the collections are read and attributed.
 */
export async function phase(size: number, warmup: number, run: (record: (subject: string, timing: Timing<unknown>) => void, iteration: number) => void | Promise<void>, runs = RUNS): Promise<Phase> {
  const samples: Record<string, number[]> = {};
  const gcTimes: Record<string, number[]> = {};
  for (let i = 0; i < warmup + runs; i++) {
    const calls: [string, Timing<unknown>][] = [];
    await run((subject, timing) => calls.push([subject, timing]), i);
    await flush();
    for (const [subject, timing] of i < warmup ? [] : calls) {
      const end = timing.start + timing.ms;
      const during = collections.filter((c) => c.startTime >= timing.start && c.startTime < end).reduce((sum, c) => sum + c.duration, 0);
      (samples[subject] ??= []).push(timing.ms);
      (gcTimes[subject] ??= []).push(during);
    }
    collections.length = 0;
  }
  collectGarbage();
  return { size, samples, gc: gcTimes, facts: {}, peakRssMB: peakRssMB() };
}
