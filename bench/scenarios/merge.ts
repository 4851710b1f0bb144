/**
 * Merge of the generated documents (merge/documents.ts), sizes ascending in one process:
 * strict `merge()` against the floor, one JSON round trip of all inputs
 * (`JSON.parse(JSON.stringify(inputs))`), timed alternately in the same process; and, in
 * its own process, openapi-merge on the same documents. Inputs are built once (merge never
 * changes them; openapi-merge deep-clones each input before it starts). The last result of
 * the first size is checked to hold every operation of its inputs, untimed.
 */
import { merge as openapiMerge, isErrorResult } from "openapi-merge";
import type { OpenAPIDocument } from "specloom";
import { expectSameOperations, operations } from "../checks";
import { phase, rssMB, RUNS, timed, WARMUP, type Phase } from "../harness";
import { plainDocument, plainDocuments, producedDocuments } from "../merge/documents";
import { merge } from "../specloom";
import type { MergeInputs } from "../tasks";
import type { ScenarioResult } from "../worker";

export function jsonRoundTrip<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The first `size` documents; built as the sizes grow, so a smaller size's peak memory holds only its own. */
function growing(make: (from: number, to: number) => OpenAPIDocument[]): (size: number) => { documents: OpenAPIDocument[]; buildSeconds: number } {
  const all: OpenAPIDocument[] = [];
  return (size) => {
    const started = performance.now();
    if (all.length < size) all.push(...make(all.length, size));
    return { documents: all.slice(0, size), buildSeconds: (performance.now() - started) / 1000 };
  };
}

export async function runMerge(task: { inputs: MergeInputs; sizes: number[] }): Promise<ScenarioResult> {
  const baseRssMB = rssMB();
  const documentsUpTo = growing((from, to) => (task.inputs === "plain" ? plainDocuments(from, to) : producedDocuments(from, to)));
  const notes: string[] = [];
  const phases: Phase[] = [];
  for (const [index, size] of task.sizes.entries()) {
    const { documents, buildSeconds } = documentsUpTo(size);
    if (task.inputs === "frozen") {
      for (const k of new Set([0, 1, 57, size - 1])) {
        if (JSON.stringify(documents[k]) !== JSON.stringify(plainDocument(k))) throw new Error(`generated document ${k}: openapi()'s and the plain one differ`);
      }
    }
    const [base, ...sources] = documents as [OpenAPIDocument, ...OpenAPIDocument[]];
    const inputs = [base, ...sources];
    const warmup = index === 0 ? WARMUP : 0;
    let checked: OpenAPIDocument | undefined;
    const result = await phase(size, warmup, (record, iteration) => {
      record("floor", timed(() => jsonRoundTrip(inputs)));
      const merged = timed(() => merge(base, ...sources));
      record("merge", merged);
      if (iteration === warmup + RUNS - 1) checked = merged.value;
    });
    expectSameOperations(checked, inputs.flatMap(operations), `merge() of ${size} ${task.inputs} documents`);
    result.facts = { documents: size, inputMB: JSON.stringify(inputs).length / 1e6, buildSeconds };
    phases.push(result);
  }
  if (task.inputs === "frozen") notes.push("checked: openapi()'s documents are JSON.stringify-identical to the plain ones (samples)");
  notes.push("checked: every merge() result holds every operation of its inputs");
  return { phases, baseRssMB, notes };
}

export async function runOpenAPIMerge(task: { sizes: number[] }): Promise<ScenarioResult> {
  const baseRssMB = rssMB();
  const documentsUpTo = growing(plainDocuments);
  const phases: Phase[] = [];
  for (const [index, size] of task.sizes.entries()) {
    const { documents } = documentsUpTo(size);
    const inputs = documents.map((oas) => ({ oas: oas as never }));
    const warmup = index === 0 ? WARMUP : 0;
    let checked: unknown;
    const result = await phase(size, warmup, (record, iteration) => {
      const merged = timed(() => openapiMerge(inputs));
      if (isErrorResult(merged.value)) throw new Error(`openapi-merge failed: ${merged.value.message}`);
      record("openapiMerge", merged);
      if (iteration === warmup + RUNS - 1) checked = merged.value.output;
    });
    expectSameOperations(checked, documents.flatMap(operations), `openapi-merge of ${size} documents`);
    result.facts = { documents: size };
    phases.push(result);
  }
  return { phases, baseRssMB, notes: ["checked: every openapi-merge result holds every operation of its inputs"] };
}
