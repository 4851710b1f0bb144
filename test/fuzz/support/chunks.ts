/**
 * A long fuzz run as a series of chunks, each in a new worker thread. Some schema
 * libraries never let go of a schema once built (ArkType registers every type in a
 * process-wide registry; Zod keeps the last schema of each `.meta({ id })`), so a run that
 * builds new schemas case after case in one thread grows until the heap is exhausted.
 * A worker's heap goes when it ends, so memory stays bounded by one chunk.
 *
 * Chunk `i` runs from seed `seed + i`; a failure's report names its chunk's seed, which
 * replays it with `--seed` and `--path` as usual.
 */
import { Worker } from "node:worker_threads";
import type { ChunkMessage, ChunkRequest } from "./chunk-worker";
import type { FuzzOptions, FuzzResult } from "./runner";

export interface ChunkedOptions extends Omit<FuzzOptions, "path" | "onCase"> {
  /** Cases per worker. */
  chunkSize: number;
  /** A progress line every this many cases, with the heap of the worker and of this thread. */
  progressEvery?: number;
  log: (line: string) => void;
}

/** The worker is TypeScript: a one-line module registers tsx in the worker, then loads it. */
const WORKER = new URL(
  `data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(import.meta.resolve("tsx/esm/api"))}; register(); await import(${JSON.stringify(new URL("./chunk-worker.ts", import.meta.url).href)});`)}`,
);

function runChunk(request: ChunkRequest, onProgress: (cases: number, heapUsed: number) => void): Promise<FuzzResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: request });
    let result: FuzzResult | undefined;
    worker.on("message", (message: ChunkMessage) => {
      if (message.kind === "progress") onProgress(message.cases, message.heapUsed);
      else result = message.result;
    });
    worker.on("error", reject);
    worker.on("exit", (code) => (result === undefined ? reject(new Error(`fuzz worker exited with code ${code} and no result`)) : resolve(result)));
  });
}

/** Adds a chunk's figures to the run's: cases and outcomes summed, failure kinds merged keeping the shortest input. */
export function addChunk(total: FuzzResult, chunk: FuzzResult): void {
  total.casesRun += chunk.casesRun;
  for (const [label, count] of Object.entries(chunk.outcomes)) total.outcomes[label] = (total.outcomes[label] ?? 0) + count;
  for (const [kind, found] of Object.entries(chunk.failures)) {
    const known = total.failures[kind];
    if (known === undefined) total.failures[kind] = { ...found };
    else {
      const count = known.count + found.count;
      if (found.example.length < known.example.length) Object.assign(known, found);
      known.count = count;
    }
  }
  if (chunk.failure !== undefined) total.failure = chunk.failure;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export async function runChunked(target: { key: string; name: string }, options: ChunkedOptions): Promise<FuzzResult> {
  const total: FuzzResult = { target: target.name, seed: options.seed, casesRun: 0, outcomes: {}, failures: {} };
  const started = Date.now();
  for (let chunk = 0, done = 0; done < options.runs && total.failure === undefined; chunk++) {
    const remainingMs = options.timeLimitMs === undefined ? undefined : options.timeLimitMs - (Date.now() - started);
    if (remainingMs !== undefined && remainingMs <= 0) break;
    const runs = Math.min(options.chunkSize, options.runs - done);
    const request: ChunkRequest = {
      target: target.key,
      options: { runs, seed: (options.seed + chunk) % 2 ** 31, survey: options.survey, ...(remainingMs === undefined ? {} : { timeLimitMs: remainingMs }) },
      ...(options.progressEvery === undefined ? {} : { progressEvery: options.progressEvery }),
      offset: done,
    };
    const result = await runChunk(request, (cases, heapUsed) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      options.log(`  ${target.name}: ${cases} cases, ${seconds} s, heapUsed ${mb(heapUsed)} (worker), ${mb(process.memoryUsage().heapUsed)} (main)`);
    });
    addChunk(total, result);
    done += runs;
  }
  return total;
}
