/**
 * One action on the working copy of the document: select the target nodes, then update,
 * copy into or remove them, as the Overlay Specification says.
 */
import { SpecloomError, describeValue } from "../errors";
import { isPlainObject, setOwn, type JsonObject } from "../internal/own";
import { normalizedPath, select, type SelectedNode } from "./jsonpath";
import { appendTo, fresh, kindOf, mergeInto } from "./merge-value";
import type { OverlayVersion, ParsedAction } from "./read-overlay";

export function runAction(root: JsonObject, action: ParsedAction, version: OverlayVersion): void {
  if (action.kind === "none") return;
  const nodes = select(action.target, root, `${action.at}.target`);
  // "If the target JSONPath expression selects zero nodes, the action succeeds without changing the target document."
  if (nodes.length === 0) return;
  // Any node is removed, in 1.0 too: the OAI's 1.0 compliant sets remove a string (remove-example).
  if (action.kind === "remove") return removeNodes(root, nodes, action.at);
  if (version === "1.0") onlyContainers(nodes, action.at);
  const value = action.kind === "update" ? action.update : copySource(root, action.copy, action.at);
  updateNodes(root, nodes, value, `${action.at}.${action.kind}`, action.at);
}

/** 1.0 update: "The result of the target JSONPath expression must be zero or more objects or arrays". */
function onlyContainers(nodes: readonly SelectedNode[], at: string): void {
  for (const node of nodes) {
    if (kindOf(node.value) !== "primitive") continue;
    throw new SpecloomError(
      "INVALID_DEFINITION",
      `${at}.target`,
      `selects ${describeValue(node.value)} at ${normalizedPath(node.location)}; in Overlay 1.0 a target selects objects or arrays (target the object that holds it, or use overlay: 1.1.0)`,
    );
  }
}

/** 1.1 copy: "A JSONPath expression selecting a single node"; its value as it is now. */
function copySource(root: JsonObject, query: Parameters<typeof select>[0], at: string): unknown {
  const sources = select(query, root, `${at}.copy`);
  if (sources.length !== 1) throw new SpecloomError("INVALID_DEFINITION", `${at}.copy`, `selects ${sources.length} nodes; copy takes its value from exactly one`);
  // A snapshot: the source may be one of the targets, or inside one.
  return fresh((sources[0] as SelectedNode).value);
}

function updateNodes(root: JsonObject, nodes: readonly SelectedNode[], value: unknown, at: string, actionAt: string): void {
  const kind = kindOf((nodes[0] as SelectedNode).value);
  for (const node of nodes) {
    if (kindOf(node.value) === kind) continue;
    throw new SpecloomError(
      "INVALID_DEFINITION",
      `${actionAt}.target`,
      `selects ${describeValue((nodes[0] as SelectedNode).value)} at ${normalizedPath((nodes[0] as SelectedNode).location)} and ${describeValue(node.value)} at ${normalizedPath(node.location)}: "the selected nodes MUST be either all objects or all arrays or all primitives"`,
    );
  }
  for (const node of nodes) {
    const where = normalizedPath(node.location);
    if (kind === "array") appendTo(node.value as unknown[], value);
    else if (kind === "object") {
      if (!isPlainObject(value)) throw new SpecloomError("INVALID_DEFINITION", at, `the target selects an object at ${where}, so this MUST be an object to merge into it; found ${describeValue(value)}`);
      mergeInto(node.value as JsonObject, value, at, where);
    } else {
      if (kindOf(value) !== "primitive") throw new SpecloomError("INVALID_DEFINITION", at, `the target selects ${describeValue(node.value)} at ${where}, so this MUST be a primitive value to replace it; found ${describeValue(value)}`);
      const { parent, key } = parentOf(root, node.location);
      if (Array.isArray(parent)) parent[key as number] = value;
      else setOwn(parent, key as string, value);
    }
  }
}

/**
 * "each of the target nodes MUST be removed from the map or array it is contained in".
 * Every parent is found before anything moves; each array is then compacted once, so
 * removing many items of one array stays linear.
 */
function removeNodes(root: JsonObject, nodes: readonly SelectedNode[], at: string): void {
  const fromArrays = new Map<unknown[], Set<number>>();
  const fromObjects: [JsonObject, string][] = [];
  for (const node of nodes) {
    if (node.location.length === 0) throw new SpecloomError("INVALID_DEFINITION", `${at}.target`, "selects the root of the document, which no map or array contains, so it cannot be removed");
    const { parent, key } = parentOf(root, node.location);
    if (Array.isArray(parent)) {
      let indexes = fromArrays.get(parent);
      if (indexes === undefined) fromArrays.set(parent, (indexes = new Set()));
      indexes.add(key as number);
    } else fromObjects.push([parent, key as string]);
  }
  for (const [object, key] of fromObjects) delete object[key];
  for (const [array, indexes] of fromArrays) {
    let kept = 0;
    for (let index = 0; index < array.length; index++) if (!indexes.has(index)) array[kept++] = array[index];
    array.length = kept;
  }
}

/** The object or array holding the node at `location`, and its key there. */
function parentOf(root: JsonObject, location: readonly (string | number)[]): { parent: JsonObject | unknown[]; key: string | number } {
  let parent: unknown = root;
  for (let index = 0; index < location.length - 1; index++) parent = (parent as Record<string | number, unknown>)[location[index] as string | number];
  return { parent: parent as JsonObject | unknown[], key: location[location.length - 1] as string | number };
}
