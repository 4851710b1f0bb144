/**
 * One chunk of a long fuzz run, in a worker thread of its own (see ./chunks.ts): whatever
 * the schema libraries keep for the life of their module goes away with the worker.
 */
import { parentPort, workerData } from "node:worker_threads";
import { TARGETS } from "../targets/all";
import { runFuzz, type FuzzOptions } from "./runner";

export interface ChunkRequest {
  target: string;
  options: Omit<FuzzOptions, "onCase">;
  /** Post a progress message every this many cases of the whole run; none when undefined. */
  progressEvery?: number;
  /** Cases the run's earlier chunks ran, so progress counts the whole run. */
  offset: number;
}

export type ChunkMessage = { kind: "progress"; cases: number; heapUsed: number } | { kind: "done"; result: Awaited<ReturnType<typeof runFuzz>> };

const { target, options, progressEvery, offset } = workerData as ChunkRequest;
const chosen = TARGETS[target];
if (chosen === undefined) throw new Error(`unknown fuzz target ${target}`);
const post = (message: ChunkMessage) => parentPort?.postMessage(message);
const result = await runFuzz(chosen, {
  ...options,
  onCase: (cases) => {
    if (progressEvery !== undefined && (offset + cases) % progressEvery === 0) post({ kind: "progress", cases: offset + cases, heapUsed: process.memoryUsage().heapUsed });
  },
});
post({ kind: "done", result });
