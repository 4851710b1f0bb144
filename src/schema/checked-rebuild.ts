import type { SpecloomError } from "../errors";
import { pointerFromTokens } from "../internal/json-pointer";
import type { SourceDialect } from "./dialect-31";
import { checkSchemaNode, withoutEmptyLists } from "./keyword-check";
import { rebuildSchema, SchemaNodeProblem, type RebuildOptions, type SchemaHook } from "./rebuild";

/** How the nodes of one rebuild are checked, and what a problem found becomes. */
export interface NodeCheck {
  /** The dialect the nodes are written in. */
  readonly from: SourceDialect;
  /** Whether a `$ref` inside data is a problem (it would reach the document as one). */
  readonly refsInData: boolean;
  /** The error for a problem: where it is (a JSON Pointer, or "its root") and what. */
  readonly fail: (where: string, problem: string, cause: SchemaNodeProblem) => SpecloomError;
}

/**
 * A schema copied by `rebuildSchema`, each node checked as a library's answer is (empty
 * lists gone, every keyword's form) before `hook` sees it. `at`: where the schema sits in
 * what the user gave, put in front of a problem's own path.
 */
export function checkedRebuild(value: unknown, hook: SchemaHook, check: NodeCheck, at: readonly string[] = [], options?: RebuildOptions): unknown {
  const { from, refsInData } = check;
  const checked: SchemaHook = (node, info) => {
    withoutEmptyLists(node, from);
    checkSchemaNode(node, from, refsInData);
    return hook(node, info);
  };
  try {
    return rebuildSchema(value, checked, options).value;
  } catch (error) {
    if (!(error instanceof SchemaNodeProblem)) throw error;
    const pointer = pointerFromTokens(at) + pointerFromTokens(error.path.map(String));
    throw check.fail(pointer || "its root", error.problem, error);
  }
}
