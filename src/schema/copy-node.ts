import { setOwn, type JsonObject } from "../internal/own";
import { holdsRef, isRefNode } from "./ref-marks";
import type { Side } from "./vendor";

/** The reference placeholders handed out, per side. */
type Placeholders = Readonly<Record<Side, ReadonlyMap<object, unknown>>>;

type ConvertRef = (ref: JsonObject, siblings: JsonObject | undefined) => unknown;

/**
 * Path-copies `node` over the nodes `descend` selects, iteratively: each reference becomes
 * what `resolve` gives, each node `recognise` knows becomes its reference (with annotations beside it).
 * `onCopy` sees each node copied (not shared), with its copy. `refs`: the
 * reference placeholders handed out, which keywords beside a `$ref` join directly.
 */
export function copyNode(
  node: object,
  refs: Placeholders,
  resolve: (ref: JsonObject) => unknown,
  recognise: (node: object, isTop: boolean) => unknown = () => undefined,
  descend: (child: unknown) => boolean = holdsRef,
  onCopy?: (source: object, copy: object) => void,
): unknown {
  const convertRef: ConvertRef = (ref, siblings) => {
    const target = resolve(ref);
    if (!siblings) return target;
    // 3.1 allows keywords beside $ref; beside an inlined body they join through allOf.
    if (refs.input.has(target as object) || refs.output.has(target as object)) {
      for (const key of Object.keys(siblings)) setOwn(target as object, key, siblings[key]);
      return target;
    }
    const allOf = Array.isArray(siblings.allOf) ? [target, ...(siblings.allOf as unknown[])] : [target];
    return { ...siblings, allOf };
  };
  const recognised = recognise(node, true);
  const start = recognised ? { value: recognised, done: true } : shallowRef(node, refs, convertRef);
  if (start.done) return start.value;
  onCopy?.(node, start.value as object);
  const stack: { source: object; target: JsonObject | unknown[] }[] = [{ source: node, target: start.value as JsonObject | unknown[] }];
  while (stack.length > 0) {
    const { source, target } = stack.pop() as { source: object; target: JsonObject | unknown[] };
    const keys = Array.isArray(source) ? undefined : Object.keys(source);
    const length = keys ? keys.length : (source as unknown[]).length;
    for (let i = 0; i < length; i++) {
      const key = keys ? (keys[i] as string) : i;
      const child = (source as Record<string | number, unknown>)[key];
      let value: unknown = child;
      if (descend(child)) {
        const known = recognise(child as object, false);
        const step = known ? { value: known, done: true } : shallowRef(child as object, refs, convertRef);
        value = step.value;
        if (!step.done) {
          onCopy?.(child as object, step.value as object);
          stack.push({ source: child as object, target: step.value as JsonObject | unknown[] });
        }
      }
      if (Array.isArray(target)) target[i] = value;
      else setOwn(target, key as string, value);
    }
  }
  return start.value;
}

/** One ref-holding node: a reference resolves now; any other node gets an empty copy to fill. */
function shallowRef(node: object, refs: Placeholders, convertRef: ConvertRef): { value: unknown; done: boolean } {
  if (isRefNode(node)) {
    const keys = Object.keys(node).filter((k) => k !== "$ref");
    if (keys.length === 0) return { value: convertRef(node, undefined), done: true };
    const rest: JsonObject = {};
    for (const key of keys) setOwn(rest, key, node[key]);
    // Siblings of a 3.1 $ref may hold references themselves.
    const siblings = holdsRef(rest) ? (copyNode(rest, refs, (ref) => convertRef(ref, undefined)) as JsonObject) : rest;
    return { value: convertRef(node, siblings), done: true };
  }
  return { value: Array.isArray(node) ? new Array(node.length) : {}, done: false };
}
