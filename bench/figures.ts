/**
 * The figures the docs quote, from this run: each one this run measured is written into
 * docs/figures.json with what it is and when it was measured, and every page that quotes it
 * is rewritten (scripts/figures.ts). A figure this run did not measure keeps its value and
 * its date. The pages then agree with each other, and test/docs/figures.test.ts holds them
 * to the file.
 */
import os from "node:os";
import { updateFigures, type Figure } from "../scripts/figures";
import type { CommandMerge } from "./cold/command-merge";
import { median, per } from "./report-tables";
import type { ServeRow } from "./serve/run";
import type { TaskResult } from "./tasks";

/** Three significant digits: `40.3 ms`, `172 ms`. */
const ms = (value: number) => `${Number(value.toPrecision(3))} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const times = (value: number) => `${value.toFixed(1)} x`;
/** Whole above ten: `354 x`, `4.3 x`. */
const wholeTimes = (value: number) => (value >= 10 ? `${Math.round(value)} x` : times(value));
const perSecond = (value: number) => Math.round(value).toLocaleString("en-US");
/** A factor as words use it: `6`, or `6 to 7` when the sizes give two. */
const factor = (values: number[]) => {
  const rounded = [...new Set(values.map((v) => Math.round(v)))].sort((a, b) => a - b);
  return rounded.length === 1 ? String(rounded[0]) : `${rounded[0]} to ${rounded[rounded.length - 1]}`;
};

/** Each figure this run measured, by key. */
export function measuredFigures(results: readonly TaskResult[], merges: readonly CommandMerge[], served: readonly ServeRow[] = []): Record<string, Figure> {
  const measured = `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores (npm run bench)`;
  const figures: Record<string, Figure> = {};
  const put = (key: string, value: number | undefined, format: (v: number) => string, what: string) => {
    if (value !== undefined && Number.isFinite(value)) figures[key] = { value: format(value), what, measured };
  };
  const twilio = results.find((r) => r.task.kind === "twilio")?.phases[0];
  put("twilio-merge", median(twilio, "merge"), ms, "createMerge() of the 55 Twilio documents with the command's options, median (bench: twilio)");
  put("twilio-openapi-merge", median(twilio, "openapiMerge"), ms, "openapi-merge on the same documents, closest options, median (bench: twilio)");
  put("twilio-merge-ratio", per(median(twilio, "openapiMerge"), median(twilio, "merge")), times, "openapi-merge / createMerge() on the Twilio documents (bench: twilio)");
  put("twilio-round-trip", median(twilio, "floor"), ms, "one JSON round trip of the 55 Twilio documents, median (bench: twilio)");
  put("diff-twilio", median(twilio, "diff"), ms, "diff() of api_v2010 against its copy with 100 seeded mutations, median (bench: twilio)");
  put("diff-twilio-floor", median(twilio, "diffFloor"), ms, "one JSON round trip of the two documents diff() compares, median (bench: twilio)");
  put("diff-twilio-ratio", per(median(twilio, "diff"), median(twilio, "diffFloor")), times, "diff() / the JSON round trip of its two documents (bench: twilio)");
  const merge = (inputs: "plain" | "frozen") => results.find((r) => r.task.kind === "merge" && r.task.inputs === inputs);
  const peer = results.find((r) => r.task.kind === "openapi-merge");
  for (const inputs of ["plain", "frozen"] as const) {
    const ours = merge(inputs);
    const ratios = (ours?.phases ?? []).map((phase) => per(median(peer?.phases.find((p) => p.size === phase.size), "openapiMerge"), median(phase, "merge")));
    if (ratios.length > 0 && ratios.every((r): r is number => r !== undefined)) {
      figures[`merge-${inputs}-vs-openapi-merge`] = { value: factor(ratios), what: `openapi-merge / merge() of ${inputs === "plain" ? "plain JSON" : "frozen openapi() results"}, each size of generated documents, rounded (bench: merge)`, measured };
    }
  }
  const noCheck = merges.find((m) => !m.check);
  put("command-twilio-merge", noCheck?.reported.median, seconds, "the time specloom merge of the 55 Twilio documents reports in its summary line (reading, merging, writing), --no-check, median (bench: command merge)");
  put("command-twilio-run", noCheck?.wall.median, seconds, "the same command as a whole process, spawn to exit, --no-check, median (bench: command merge)");
  Object.assign(figures, servedFigures(served, measured));
  return figures;
}

const SERVERS = { specloom: "docsHandler()", stringify: "the hand-written JSON.stringify route", "fastify-swagger": "@fastify/swagger's JSON route" } as const;
const SERVED_REQUESTS = { "200": "a plain 200", "200 gzip": "a gzipped 200", "304": "a 304" } as const;

/** Requests per second of /docs/openapi.json (bench: serve), and docsHandler() / the hand-written route. */
function servedFigures(served: readonly ServeRow[], measured: string): Record<string, Figure> {
  const figures: Record<string, Figure> = {};
  const about = "of /docs/openapi.json of the merged Twilio document, median of 3 rounds of 2 s over 8 keep-alive connections (bench: serve)";
  for (const row of served) {
    const request = row.request.replace(" ", "-");
    figures[`serve-${row.server}-${request}`] = { value: perSecond(row.requestsPerSecond), what: `requests per second of ${SERVERS[row.server]}, ${SERVED_REQUESTS[row.request as keyof typeof SERVED_REQUESTS]}, ${about}`, measured };
    const floor = served.find((other) => other.server === "stringify" && other.request === row.request);
    if (row.server === "specloom" && floor) {
      figures[`serve-ratio-${request}`] = { value: wholeTimes(row.requestsPerSecond / floor.requestsPerSecond), what: `docsHandler() / the hand-written route, ${SERVED_REQUESTS[row.request as keyof typeof SERVED_REQUESTS]} (bench: serve)`, measured };
    }
  }
  return figures;
}

/** Writes this run's figures into docs/figures.json and the pages; returns the pages changed. */
export function writeFigures(results: readonly TaskResult[], merges: readonly CommandMerge[], served: readonly ServeRow[]): string[] {
  const figures = measuredFigures(results, merges, served);
  return Object.keys(figures).length === 0 ? [] : updateFigures(figures);
}
