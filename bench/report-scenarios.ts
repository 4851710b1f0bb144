/** One section of the report per scenario: each writes its tables and registers its targets. */
import type { Library } from "./api/crud";
import { PEER_NAMES, PEERS } from "./api/peers";
import { median, number, per, ratioTable, sizeLabel, timingTable, workerLine, type Row, type Target } from "./report-tables";
import type { TaskResult } from "./tasks";

const LIBRARY_NAMES: Record<Library, string> = { zod: "Zod 4", arktype: "ArkType 2", valibot: "Valibot 1" };

/** What a section reads and writes: the run's results, the report's lines, the targets. */
export interface ReportContext {
  results: TaskResult[];
  out: string[];
  find: <K extends TaskResult["task"]["kind"]>(kind: K, match?: (task: Extract<TaskResult["task"], { kind: K }>) => boolean) => TaskResult | undefined;
  target: (scenario: string, what: string, value: number | undefined, limit: number, kind: "max" | "min", unit?: string) => Target | undefined;
}

/** Generation: one table per library and variant. */
export function generationSection({ results, out, find, target }: ReportContext): void {
  for (const result of results) {
    if (result.task.kind !== "generation") continue;
    const { library, variant } = result.task;
    const peers = library === "zod" ? PEERS.map((name) => find("peer", (t) => t.peer === name && t.variant === variant)).filter((r): r is TaskResult => r !== undefined) : [];
    const scenario = `Generation · ${LIBRARY_NAMES[library]} · CRUD API (${variant === "registered" ? "resource schemas registered in `schemas`" : "nothing registered, every schema inline"})`;
    const short = `Generation · ${LIBRARY_NAMES[library]}`;
    const sizes = result.phases.map((p) => p.size);
    const peerPhase = (peer: TaskResult, size: number) => peer.phases.find((p) => p.size === size);
    const gated = variant === "registered";
    const floorRatios = result.phases.map((p) => per(median(p, "openapi"), median(p, "floor")));
    const first = result.phases[0];
    const last = result.phases[result.phases.length - 1];
    const growth = result.phases.length > 1 && first && last ? per(median(last, "openapi"), median(first, "openapi")) : undefined;
    const floorGrowth = result.phases.length > 1 && first && last ? per(median(last, "floor"), median(first, "floor")) : undefined;
    const each = (what: string, values: (number | undefined)[], limit: number, kind: "max" | "min", unit?: string) =>
      gated ? values.map((v, i) => target(short, `${what} at ${sizeLabel(sizes[i] as number, "operations")}`, v, limit, kind, unit)).filter((t): t is Target => t !== undefined) : undefined;
    const noTarget = gated ? undefined : "no target (variant)";
    // Microseconds per operation of the second openapi(): the document build alone.
    const secondMicros = result.phases.map((p) => per(median(p, "second"), p.size / 1000));
    const lines: Parameters<typeof ratioTable>[0] = [
      { what: "openapi() / vendor floor", values: floorRatios, target: each("openapi() / vendor floor", floorRatios, library === "zod" ? 1.15 : 1.5, "max"), note: noTarget },
      { what: "second openapi() / first", values: result.phases.map((p) => per(median(p, "second"), median(p, "openapi"))), note: "no target" },
      { what: "second openapi() per operation", values: secondMicros, unit: "µs", target: each("second openapi() per operation", secondMicros, 8, "max", "µs"), note: noTarget },
    ];
    for (const peer of peers) {
      if (peer.task.kind !== "peer") continue;
      const name = peer.task.peer;
      const values = result.phases.map((p) => per(median(peerPhase(peer, p.size), "peer"), median(p, "openapi")));
      lines.push({ what: `${name} / openapi()`, values, target: each(`${name} / openapi()`, values, 1.3, "min"), note: noTarget });
    }
    if (growth !== undefined && first && last) {
      const columns = result.phases.map((_, i) => (i === result.phases.length - 1 ? growth : undefined));
      lines.push({
        what: `openapi() ${sizeLabel(last.size, "")}/ ${sizeLabel(first.size, "")}`.replace(/ +\//, " /"),
        values: columns,
        note: "no target",
      });
      lines.push({ what: `vendor floor ${sizeLabel(last.size, "")}/ ${sizeLabel(first.size, "")}`.replace(/ +\//, " /"), values: result.phases.map((_, i) => (i === result.phases.length - 1 ? floorGrowth : undefined)), note: "no target" });

    }
    const rows: Row[] = [];
    for (const p of result.phases) {
      const size = sizeLabel(p.size, "ops");
      rows.push({ subject: `vendor floor (${number(Number(p.facts.floorCalls), 0)} calls)`, size, phase: p, key: "floor" });
      rows.push({ subject: "openapi() first", size, phase: p, key: "openapi", note: p.facts.openapiCalls === undefined ? undefined : `${number(Number(p.facts.openapiCalls), 0)} vendor calls` });
      rows.push({ subject: "openapi() second", size, phase: p, key: "second" });
      for (const peer of peers) {
        const pp = peerPhase(peer, p.size);
        if (pp && peer.task.kind === "peer") rows.push({ subject: PEER_NAMES[peer.task.peer], size, phase: pp, key: "peer", note: "own process" });
      }
    }
    out.push(`${scenario}\n`, ratioTable(lines, sizes.map((s) => sizeLabel(s, "ops"))), "", timingTable(rows), workerLine([result, ...peers]), "");
  }

}

/** Merge of the generated documents, beside openapi-merge. */
export function mergeSection({ out, find, target }: ReportContext): void {
  const plain = find("merge", (t) => t.inputs === "plain");
  const frozen = find("merge", (t) => t.inputs === "frozen");
  const peerMerge = find("openapi-merge");
  if (plain || frozen) {
    const scenario = "Merge · generated documents (25 paths and 25 component schemas each, no clashes), strict merge()";
    const short = "Merge · generated documents";
    const sizes = (plain ?? frozen)?.phases.map((p) => p.size) ?? [];
    const at = (result: TaskResult | undefined, size: number) => result?.phases.find((p) => p.size === size);
    const growthOf = (result: TaskResult | undefined, subject: string) => {
      const first = result?.phases[0];
      const last = result?.phases[result.phases.length - 1];
      return first && last && first !== last ? per(median(last, subject), median(first, subject)) : undefined;
    };
    const lastOnly = (value: number | undefined) => sizes.map((_, i) => (i === sizes.length - 1 ? value : undefined));
    const first = sizes[0] as number;
    const last = sizes[sizes.length - 1] as number;
    const lines: Parameters<typeof ratioTable>[0] = [];
    const each = (what: string, values: (number | undefined)[], limit: number, kind: "max" | "min") => ({
      what,
      values,
      target: values.map((v, i) => target(short, `${what} at ${sizeLabel(sizes[i] as number, "documents")}`, v, limit, kind)).filter((t): t is Target => t !== undefined),
    });
    if (plain) lines.push(each("merge() of plain JSON / JSON round trip", sizes.map((s) => per(median(at(plain, s), "merge"), median(at(plain, s), "floor"))), 1.1, "max"));
    if (frozen) lines.push(each("merge() of frozen openapi() results / JSON round trip", sizes.map((s) => per(median(at(frozen, s), "merge"), median(at(frozen, s), "floor"))), 0.25, "max"));
    if (plain && peerMerge) lines.push({ what: "openapi-merge / merge() of plain JSON", values: sizes.map((s) => per(median(at(peerMerge, s), "openapiMerge"), median(at(plain, s), "merge"))), note: "no target" });
    if (frozen && peerMerge) lines.push({ what: "openapi-merge / merge() of frozen results", values: sizes.map((s) => per(median(at(peerMerge, s), "openapiMerge"), median(at(frozen, s), "merge"))), note: "no target" });
    const growthLabel = `${sizeLabel(last, "")}/ ${sizeLabel(first, "")}`.replace(/ +\//, " /");
    if (plain) {
      const g = growthOf(plain, "merge");
      lines.push({ what: `merge() of plain JSON ${growthLabel}`, values: lastOnly(g), note: "no target" });
      lines.push({ what: `JSON round trip ${growthLabel}`, values: lastOnly(growthOf(plain, "floor")), note: "no target" });
    }
    if (frozen) {
      const g = growthOf(frozen, "merge");
      lines.push({ what: `merge() of frozen results ${growthLabel}`, values: lastOnly(g), note: "no target" });
    }
    if (peerMerge) lines.push({ what: `openapi-merge ${growthLabel}`, values: lastOnly(growthOf(peerMerge, "openapiMerge")), note: "no target" });
    const rows: Row[] = [];
    for (const size of sizes) {
      const label = sizeLabel(size, "docs");
      const p = at(plain, size);
      const f = at(frozen, size);
      const o = at(peerMerge, size);
      if (p) {
        rows.push({ subject: `JSON round trip of plain inputs (${number(Number(p.facts.inputMB), 1)} MB)`, size: label, phase: p, key: "floor" });
        rows.push({ subject: "merge() of plain JSON", size: label, phase: p, key: "merge" });
      }
      if (f) {
        rows.push({ subject: "JSON round trip of frozen inputs", size: label, phase: f, key: "floor" });
        rows.push({ subject: "merge() of frozen openapi() results", size: label, phase: f, key: "merge" });
      }
      if (o) rows.push({ subject: "openapi-merge (plain inputs)", size: label, phase: o, key: "openapiMerge", note: "own process" });
    }
    out.push(`${scenario}\n`, ratioTable(lines, sizes.map((s) => sizeLabel(s, "docs"))), "", timingTable(rows), workerLine([plain, frozen, peerMerge]), "");
  }

}

/** The 55 Twilio documents: merge, overlay and diff. */
export function twilioSection({ out, find }: ReportContext): void {
  const twilio = find("twilio");
  const tp = twilio?.phases[0];
  if (tp) {
    const scenario = "Merge · the 55 Twilio documents, createMerge({ components: \"rename\", operationIds: \"rename\", pathPrefix, servers: \"per-path\", security: \"per-operation\" })";
    const lines: Parameters<typeof ratioTable>[0] = [
      { what: "createMerge / JSON round trip", values: [per(median(tp, "merge"), median(tp, "floor"))], note: "no target (not a strict merge)" },
      { what: "openapi-merge / createMerge", values: [per(median(tp, "openapiMerge"), median(tp, "merge"))], note: "no target" },
      { what: `applyOverlay (${tp.facts.actions ?? "?"} actions) / JSON round trip of the merged document`, values: [per(median(tp, "overlay"), median(tp, "overlayFloor"))], note: "no target" },
      { what: "diff (largest document, 100 mutations) / JSON round trip of the two", values: [per(median(tp, "diff"), median(tp, "diffFloor"))], note: "no target" },
    ];
    const label = sizeLabel(tp.size, "docs");
    const rows: Row[] = [
      { subject: `JSON round trip of the inputs (${number(Number(tp.facts.inputMB), 1)} MB)`, size: label, phase: tp, key: "floor" },
      { subject: "createMerge(options)", size: label, phase: tp, key: "merge" },
      { subject: "openapi-merge (closest options)", size: label, phase: tp, key: "openapiMerge", note: "no per-path servers, no per-operation security" },
      { subject: `JSON round trip of the merged document (${number(Number(tp.facts.mergedMB), 1)} MB)`, size: label, phase: tp, key: "overlayFloor" },
      { subject: `applyOverlay(merged, overlay of ${tp.facts.actions ?? "?"} actions)`, size: label, phase: tp, key: "overlay", note: "each action updates one operation" },
      { subject: `JSON round trip of ${tp.facts.diffTitle ?? "the largest document"} and its mutated copy (2 × ${number(Number(tp.facts.diffMB), 1)} MB)`, size: label, phase: tp, key: "diffFloor" },
      { subject: "diff(largest, copy with 100 seeded mutations)", size: label, phase: tp, key: "diff", note: "every mutation found" },
    ];
    out.push(`${scenario}\n`, ratioTable(lines, [label]), "", timingTable(rows), workerLine([twilio]), "");
  }

}

/** The peers of request validation, each at least as slow as requestValidator on the same request (target >= 1): key, name, note. */
const peerLines = [
  ["honoOpenapi", "hono-openapi validator", "includes Hono's routing"],
  ["zodOpenapi", "@hono/zod-openapi", "includes Hono's routing"],
  ["openapiBackend", "openapi-backend", "includes its routing"],
] as const;

/** Request validation against its floor, the Hono validators and openapi-backend. */
export function validationSection({ out, find, target }: ReportContext): void {
  const validation = find("validation");
  const vp = validation?.phases[0];
  if (vp) {
    const scenario = `Request validation · PUT /items/{id}: a path parameter, three query parameters, a ${vp.facts.bodyFields ?? 20}-field JSON body (Zod 4), ${sizeLabel(vp.size, "requests")} per sample`;
    const perRequest = (key: string) => per(median(vp, key), vp.size / 1000);
    const floorRatio = per(median(vp, "specloom"), median(vp, "floor"));
    const lines: Parameters<typeof ratioTable>[0] = [
      { what: "requestValidator / floor (JSON.parse + the schemas' own validate)", values: [floorRatio], target: target("Request validation", "requestValidator / floor", floorRatio, 1.3, "max") },
      { what: "requestValidator / floor + reading the Request's body stream", values: [per(median(vp, "specloom"), median(vp, "floorRead"))], note: "no target" },
      ...peerLines.map(([key, what, note]) => {
        const ratio = per(median(vp, key), median(vp, "specloom"));
        return { what: `${what} / requestValidator (${note})`, values: [ratio], target: target("Request validation", `${what} / requestValidator`, ratio, 1, "min") };
      }),
      { what: "µs per request: requestValidator", values: [perRequest("specloom")], unit: "µs", note: "no target" },
    ];
    const label = sizeLabel(vp.size, "requests");
    const rows: Row[] = [
      { subject: "floor: JSON.parse + validate(params, query, body)", size: label, phase: vp, key: "floor" },
      { subject: "floor + reading the Request's body stream", size: label, phase: vp, key: "floorRead" },
      { subject: "requestValidator(definition)(request)", size: label, phase: vp, key: "specloom" },
      { subject: "hono-openapi validator (param, query, json)", size: label, phase: vp, key: "honoOpenapi", note: "z.coerce in params and query" },
      { subject: "@hono/zod-openapi route", size: label, phase: vp, key: "zodOpenapi", note: "z.coerce in params and query" },
      { subject: "openapi-backend handleRequest", size: label, phase: vp, key: "openapiBackend", note: "the body read as text, JSON parsed by openapi-backend" },
      { subject: "bare Hono app (routing + c.req.json())", size: label, phase: vp, key: "honoBare", note: "no validation" },
    ];
    out.push(`${scenario}\n`, ratioTable(lines, [label]), "", timingTable(rows), workerLine([validation]), "");
  }

}
