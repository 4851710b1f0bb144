/**
 * The `merge()`/`createMerge()` target: a merge function from random options over two to
 * four random arguments. The result must be valid whenever every argument is.
 */
import fc from "fast-check";
import { buildArgument } from "../arbitraries/build-document";
import { argumentsPlan, type ArgumentPlan } from "../arbitraries/documents";
import { buildMerger, mergerPlan, type MergerPlan } from "../arbitraries/merge-options";
import type { Call } from "../support/check";
import { isValidDocument } from "../support/documents";
import type { FuzzTarget } from "../support/runner";

export interface MergePlan {
  merger: MergerPlan;
  documents: ArgumentPlan[];
}

const mergePlan: fc.Arbitrary<MergePlan> = fc.record({ merger: mergerPlan, documents: argumentsPlan });

async function mergeCall(plan: MergePlan): Promise<Call> {
  const { options, make } = buildMerger(plan.merger);
  const documents = plan.documents.map(buildArgument);
  let valid = true;
  for (const document of documents) if (!(await isValidDocument(document))) valid = false;
  return {
    inputs: [options, documents],
    run: () => (make() as (...args: unknown[]) => unknown)(...documents),
    mustBeValid: valid,
  };
}

export const mergeTarget: FuzzTarget<MergePlan> = { name: "merge()", plan: mergePlan, call: mergeCall };
