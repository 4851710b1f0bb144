import { hasOwn, type JsonObject } from "../internal/own";
import type { Compiler } from "./compiler";
import { evaluated, mergeEvaluated } from "./evaluated";
import { child, fail, type Check, type Evaluated, type SchemaIssue, type At } from "./types";

/**
 * A node with `unevaluatedProperties` or `unevaluatedItems`: its other keywords run with a
 * record of what they (and the in-place subschemas that held) evaluated, then the rest of
 * the properties or items meet the keyword's schema. Nodes without them pay nothing.
 */
export function withUnevaluated(schema: JsonObject, compiler: Compiler, inner: Check): Check {
  const props = schema.unevaluatedProperties === undefined ? undefined : schema.unevaluatedProperties === false ? false : compiler.sub(schema.unevaluatedProperties, "unevaluatedProperties");
  const items = schema.unevaluatedItems === undefined ? undefined : schema.unevaluatedItems === false ? false : compiler.sub(schema.unevaluatedItems, "unevaluatedItems");
  if (props === undefined && items === undefined) return inner;
  return (value, out, at, ev) => {
    const own = evaluated();
    let ok = inner(value, out, at, own);
    if (!ok && out === undefined) return false;
    if (props !== undefined && isRecord(value)) ok = restProperties(value, own, props, out, at) && ok;
    if (items !== undefined && Array.isArray(value)) ok = restItems(value, own, items, out, at) && ok;
    if (ok && ev !== undefined) mergeEvaluated(ev, own);
    return ok;
  };
}

const isRecord = (value: unknown): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);

function restProperties(value: JsonObject, own: Evaluated, check: Check | false, out: SchemaIssue[] | undefined, at: At | undefined): boolean {
  let ok = true;
  if (own.props !== true) {
    for (const key of Object.keys(value)) {
      if (own.props.has(key) || !hasOwn(value, key)) continue;
      const held = check === false ? fail(out, child(at, key, out), "is not a property the schema allows") : check(value[key], out, child(at, key, out), undefined);
      if (held) continue;
      ok = false;
      if (out === undefined) return false;
    }
  }
  own.props = true;
  return ok;
}

function restItems(value: unknown[], own: Evaluated, check: Check | false, out: SchemaIssue[] | undefined, at: At | undefined): boolean {
  let ok = true;
  if (own.items !== true) {
    for (let index = own.items; index < value.length; index++) {
      if (own.matched?.has(index)) continue;
      const held = check === false ? fail(out, child(at, index, out), "is not an item the schema allows") : check(value[index], out, child(at, index, out), undefined);
      if (held) continue;
      ok = false;
      if (out === undefined) return false;
    }
  }
  own.items = true;
  return ok;
}
