/**
 * The 55 Twilio documents through createMerge (merge/twilio.ts), the JSON round-trip
 * floor of the 55 inputs, and openapi-merge with the closest options it has, alternately
 * in one process; then an overlay of 1,000 actions applied to the merged document, against
 * one JSON round trip of that document; then diff() of the largest document against a copy
 * with 100 seeded mutations, against one JSON round trip of the two. The last results are
 * checked (every operation kept, every mutation found), untimed.
 */
import { merge as openapiMerge, isErrorResult } from "openapi-merge";
import type { OpenAPIDocument } from "specloom";
import { operations } from "../checks";
import { phase, rssMB, RUNS, timed, WARMUP } from "../harness";
import { hostPrefix, loadTwilio, openapiMergeInputs, TWILIO_OPTIONS } from "../merge/twilio";
import { applyOverlay, createMerge, diff } from "../specloom";
import { mutate } from "../../test/diff/mutations";
import type { Overlay } from "specloom/overlay";
import type { ScenarioResult } from "../worker";
import { jsonRoundTrip } from "./merge";

export async function runTwilio(): Promise<ScenarioResult> {
  const baseRssMB = rssMB();
  const documents = loadTwilio();
  const [base, ...sources] = documents as [OpenAPIDocument, ...OpenAPIDocument[]];
  const twilio = createMerge(TWILIO_OPTIONS);
  const peerInputs = openapiMergeInputs(documents);
  let ours: unknown;
  let theirs: unknown;
  const merged = twilio(base, ...sources);
  const overlay = publicDocsOverlay(merged, 1000);
  let overlaid: unknown;
  const largest = documents.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a));
  const mutated = JSON.parse(JSON.stringify(largest)) as OpenAPIDocument;
  const mutations = mutate(mutated as unknown as Record<string, unknown>, 100, 1);
  let diffed: ReturnType<typeof diff> | undefined;
  const result = await phase(documents.length, WARMUP, (record, iteration) => {
    record("floor", timed(() => jsonRoundTrip(documents)));
    const mergedNow = timed(() => twilio(base, ...sources));
    record("merge", mergedNow);
    const peer = timed(() => openapiMerge(peerInputs));
    if (isErrorResult(peer.value)) throw new Error(`openapi-merge failed: ${peer.value.message}`);
    record("openapiMerge", peer);
    record("overlayFloor", timed(() => JSON.parse(JSON.stringify(merged)) as unknown));
    const applied = timed(() => applyOverlay(merged, overlay));
    record("overlay", applied);
    record("diffFloor", timed(() => jsonRoundTrip([largest, mutated])));
    const compared = timed(() => diff(largest, mutated));
    record("diff", compared);
    diffed = compared.value;
    if (iteration === WARMUP + RUNS - 1) [ours, theirs, overlaid] = [mergedNow.value, peer.value.output, applied.value];
  });
  const missed = mutations.filter((m) => !diffed?.changes.some((change) => change.id === m.id && change.location === m.location));
  if (missed.length > 0) throw new Error(`diff missed ${missed.length} of the 100 mutations`);
  if (operations(overlaid).length !== operations(merged).length || !JSON.stringify(overlaid).includes('"x-reviewed":999')) throw new Error("the overlay of the Twilio merge lost operations or actions");
  // Every operation, under its product's prefix, in both results.
  const expected = documents.flatMap((document) => operations(document).map((op) => op.replace(" ", ` ${hostPrefix(document)}`))).sort().join("\n");
  for (const [name, merged] of [["createMerge", ours], ["openapi-merge", theirs]] as const) {
    if (operations(merged).join("\n") !== expected) throw new Error(`${name} of the Twilio documents lost or moved operations`);
  }
  result.facts = { documents: documents.length, operations: expected.split("\n").length, inputMB: JSON.stringify(documents).length / 1e6, mergedMB: JSON.stringify(merged).length / 1e6, actions: overlay.actions.length, diffMB: JSON.stringify(largest).length / 1e6, diffTitle: String(largest.info.title) };
  return {
    phases: [result],
    baseRssMB,
    notes: [`checked: createMerge and openapi-merge both keep all ${result.facts.operations} operations, each under its product's path prefix; diff found all 100 mutations`],
  };
}

/**
 * An overlay of `count` actions, each giving one operation of `document` a public
 * description and an `x-reviewed` key, by its path and method (quoted names).
 */
function publicDocsOverlay(document: OpenAPIDocument, count: number): Overlay {
  const actions: Overlay["actions"] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      if (item[method] === undefined || actions.length === count) continue;
      actions.push({ target: `$.paths['${path.replace(/'/g, "\\'")}'].${method}`, update: { description: `Public description ${actions.length}`, "x-reviewed": actions.length } });
    }
  }
  if (actions.length < count) throw new Error(`the Twilio merge has only ${actions.length} operations`);
  return { overlay: "1.1.0", info: { title: "Public docs", version: "1.0.0" }, actions };
}
