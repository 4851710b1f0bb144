/**
 * The 55 Twilio documents through createMerge (merge/twilio.ts), the JSON round-trip
 * floor of the 55 inputs, and openapi-merge with the closest options it has, alternately
 * in one process. The last results are checked to hold every operation, untimed.
 */
import { merge as openapiMerge, isErrorResult } from "openapi-merge";
import type { OpenAPIDocument } from "specloom";
import { operations } from "../checks";
import { phase, rssMB, RUNS, timed, WARMUP } from "../harness";
import { hostPrefix, loadTwilio, openapiMergeInputs, TWILIO_OPTIONS } from "../merge/twilio";
import { createMerge } from "../specloom";
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
  const result = await phase(documents.length, WARMUP, (record, iteration) => {
    record("floor", timed(() => jsonRoundTrip(documents)));
    const merged = timed(() => twilio(base, ...sources));
    record("merge", merged);
    const peer = timed(() => openapiMerge(peerInputs));
    if (isErrorResult(peer.value)) throw new Error(`openapi-merge failed: ${peer.value.message}`);
    record("openapiMerge", peer);
    if (iteration === WARMUP + RUNS - 1) [ours, theirs] = [merged.value, peer.value.output];
  });
  // Every operation, under its product's prefix, in both results.
  const expected = documents.flatMap((document) => operations(document).map((op) => op.replace(" ", ` ${hostPrefix(document)}`))).sort().join("\n");
  for (const [name, merged] of [["createMerge", ours], ["openapi-merge", theirs]] as const) {
    if (operations(merged).join("\n") !== expected) throw new Error(`${name} of the Twilio documents lost or moved operations`);
  }
  result.facts = { documents: documents.length, operations: expected.split("\n").length, inputMB: JSON.stringify(documents).length / 1e6 };
  return { phases: [result], baseRssMB, notes: [`checked: createMerge and openapi-merge both keep all ${result.facts.operations} operations, each under its product's path prefix`] };
}
