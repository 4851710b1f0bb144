/**
 * The measured figures the pages quote come from one source, docs/figures.json, which
 * `npm run bench` writes (bench/figures.ts): every `<!-- figure:KEY -->` marker in README.md
 * and docs/ holds the file's value, every code block marked `<!-- figure-block: KEY -->`
 * contains it, and every figure in the file is quoted somewhere. `npm run figures` rewrites
 * the pages from the file.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { measuredFigures } from "../../bench/figures";
import type { CommandMerge } from "../../bench/cold/command-merge";
import type { ServeRow } from "../../bench/serve/run";
import type { TaskResult } from "../../bench/tasks";
import { blockFigureMismatches, figureValues, readFigures, withFigures } from "../../scripts/figures";
import { pages, quotedKeys, withBlockValues } from "../../scripts/markers";

const figures = readFigures();
const values = figureValues(figures);

describe("docs/figures.json", () => {
  it("says of each figure what it is and when it was measured", () => {
    for (const [key, figure] of Object.entries(figures)) {
      expect(Object.keys(figure).sort(), key).toEqual(["measured", "value", "what"]);
      for (const field of Object.values(figure)) expect(typeof field === "string" && field.length > 0, key).toBe(true);
    }
  });

  it("has no figure that no page quotes", () => {
    const quoted = new Set(pages().flatMap((page) => quotedKeys(readFileSync(page, "utf8"), "figure")));
    expect(Object.keys(figures).filter((key) => !quoted.has(key))).toEqual([]);
  });
});

describe.each(pages().map((page) => ({ name: relative(process.cwd(), page), page })))("$name", ({ page }) => {
  it("quotes each marked figure as docs/figures.json has it (`npm run figures` writes them)", () => {
    const markdown = readFileSync(page, "utf8");
    expect(markdown).toBe(withFigures(markdown, values));
    expect(blockFigureMismatches(markdown, values)).toEqual([]);
  });
});

describe("the markers", () => {
  it("refuse a key the file does not have, inline or before a block", () => {
    expect(() => withFigures("<!-- figure:nonsense -->1 ms<!-- /figure -->", values)).toThrow('unknown figure key "nonsense"');
    expect(() => blockFigureMismatches("<!-- figure-block: nonsense -->\n```text\n1 ms\n```\n", values)).toThrow('unknown figure key "nonsense"');
  });

  it("find a block that quotes another value, and a new value is written into the blocks that quote the old one only", () => {
    const page = "Took <!-- figure:a -->1 s<!-- /figure -->.\n\n<!-- figure-block: a -->\n```text\ndone in 1 s\n```\n\n```text\nunmarked 1 s\n```\n";
    expect(blockFigureMismatches(page, { a: "2 s" })).toEqual(["a: 2 s"]);
    const updated = withBlockValues(withFigures(page, { a: "2 s" }), "figure", { a: "1 s" }, { a: "2 s" });
    expect(updated).toBe("Took <!-- figure:a -->2 s<!-- /figure -->.\n\n<!-- figure-block: a -->\n```text\ndone in 2 s\n```\n\n```text\nunmarked 1 s\n```\n");
    expect(blockFigureMismatches(updated, { a: "2 s" })).toEqual([]);
  });
});

describe("what the bench writes", () => {
  const phase = (size: number, medians: Record<string, number>) => ({ size, facts: {}, gc: {}, samples: Object.fromEntries(Object.entries(medians).map(([key, median]) => [key, [median]])) });
  const result = (task: TaskResult["task"], phases: unknown[]) => ({ task, phases, baseRssMB: 0, seconds: 0, gcSeconds: 0, notes: [] }) as unknown as TaskResult;

  it("each figure it measured, in the form the pages write it", () => {
    const results = [
      result({ kind: "twilio" }, [phase(55, { merge: 40.34, openapiMerge: 172.4, floor: 51.2, diff: 143.2, diffFloor: 49.91 })]),
      result({ kind: "merge", inputs: "plain", sizes: [200, 1000] }, [phase(200, { merge: 10 }), phase(1000, { merge: 10 })]),
      result({ kind: "merge", inputs: "frozen", sizes: [200, 1000] }, [phase(200, { merge: 2 }), phase(1000, { merge: 2 })]),
      result({ kind: "openapi-merge", sizes: [200, 1000] }, [phase(200, { openapiMerge: 57.7 }), phase(1000, { openapiMerge: 63 })]),
    ];
    const stats = (median: number) => ({ runs: 3, median, min: median, max: median });
    const merges: CommandMerge[] = [{ check: false, wall: stats(612), reported: stats(471), summary: "" }];
    const row = (server: ServeRow["server"], request: string, requestsPerSecond: number): ServeRow => ({ server, request, requestsPerSecond, min: requestsPerSecond, max: requestsPerSecond, bytes: 1 });
    const served = [row("specloom", "200", 61.4), row("specloom", "200 gzip", 1460.2), row("specloom", "304", 7905), row("stringify", "200", 6.2), row("stringify", "200 gzip", 4.12), row("stringify", "304", 8.5), row("fastify-swagger", "200", 5.9)];
    const measured = measuredFigures(results, merges, served);
    expect(Object.fromEntries(Object.entries(measured).map(([key, figure]) => [key, figure.value]))).toEqual({
      "twilio-merge": "40.3 ms",
      "twilio-openapi-merge": "172 ms",
      "twilio-merge-ratio": "4.3 x",
      "twilio-round-trip": "51.2 ms",
      "diff-twilio": "143 ms",
      "diff-twilio-floor": "49.9 ms",
      "diff-twilio-ratio": "2.9 x",
      "merge-plain-vs-openapi-merge": "6",
      "merge-frozen-vs-openapi-merge": "29 to 32",
      "command-twilio-merge": "0.47 s",
      "command-twilio-run": "0.61 s",
      "serve-specloom-200": "61",
      "serve-specloom-200-gzip": "1,460",
      "serve-specloom-304": "7,905",
      "serve-stringify-200": "6",
      "serve-stringify-200-gzip": "4",
      "serve-stringify-304": "9",
      "serve-fastify-swagger-200": "6",
      "serve-ratio-200": "9.9 x",
      "serve-ratio-200-gzip": "354 x",
      "serve-ratio-304": "930 x",
    });
    // Every figure it writes is one the file has, so a page quotes it.
    expect(Object.keys(measured).filter((key) => !(key in figures))).toEqual([]);
    expect(measuredFigures([], [])).toEqual({});
  });
});
