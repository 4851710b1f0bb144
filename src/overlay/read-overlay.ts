/**
 * Checks an overlay against the official Overlay JSON Schema of its version (1.0.x or 1.1.x)
 * before anything is applied, and turns it into actions ready to run. The schemas are small,
 * so their rules are written out here, each failure naming the field:
 * `overlays[0].actions[3].target: ...`.
 */
import { SpecloomError, describeValue } from "../errors";
import { canonicalJson } from "../internal/canonical-json";
import { cloneData } from "../internal/clone";
import { getOwn, hasOwn, isPlainObject, propertyLabel, type JsonObject } from "../internal/own";
import { compileQuery, type CompiledQuery } from "./jsonpath";

export type OverlayVersion = "1.0" | "1.1";

export type ParsedAction =
  | { readonly kind: "none"; readonly target: CompiledQuery; readonly at: string }
  | { readonly kind: "remove"; readonly target: CompiledQuery; readonly at: string }
  | { readonly kind: "update"; readonly target: CompiledQuery; readonly at: string; readonly update: unknown }
  | { readonly kind: "copy"; readonly target: CompiledQuery; readonly at: string; readonly copy: CompiledQuery };

export interface ParsedOverlay {
  readonly version: OverlayVersion;
  /** `overlays[0]`: how messages name it. */
  readonly at: string;
  readonly actions: readonly ParsedAction[];
}

/** The `overlay` field patterns of the official schemas. */
const VERSIONS: readonly [OverlayVersion, RegExp][] = [
  ["1.0", /^1\.0\.\d+$/],
  ["1.1", /^1\.1\.\d+$/],
];

const FIELDS = {
  root: ["overlay", "info", "extends", "actions"],
  info: { "1.0": ["title", "version"], "1.1": ["title", "version", "description"] },
  action: { "1.0": ["target", "description", "update", "remove"], "1.1": ["target", "description", "update", "copy", "remove"] },
} as const;

function invalid(at: string, detail: string): SpecloomError {
  return new SpecloomError("INVALID_DEFINITION", at, detail);
}

export function readOverlay(value: unknown, index: number): ParsedOverlay {
  const at = `overlays[${index}]`;
  if (!isPlainObject(value)) throw invalid(at, `expected an Overlay object (overlay, info, actions), found ${describeValue(value)}`);
  const version = readVersion(value, at);
  onlyFields(value, FIELDS.root, at, version);
  readInfo(getOwn(value, "info"), `${at}.info`, version);
  const extendsValue = getOwn(value, "extends");
  // A URI reference: a string, and never one with characters no URI reference holds.
  if (extendsValue !== undefined && (typeof extendsValue !== "string" || /[\s<>"{}|\\^`]/.test(extendsValue))) {
    throw invalid(`${at}.extends`, `expected a URI reference (the document the overlay was written for), found ${describeValue(extendsValue)}`);
  }
  const actions = getOwn(value, "actions");
  if (actions === undefined) throw invalid(`${at}.actions`, "required: the list of actions to apply");
  if (!Array.isArray(actions)) throw invalid(`${at}.actions`, `expected an array of actions, found ${describeValue(actions)}`);
  if (actions.length === 0) throw invalid(`${at}.actions`, "the list MUST contain at least one action");
  const parsed: ParsedAction[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < actions.length; i++) {
    const actionAt = `${at}.actions[${i}]`;
    parsed.push(readAction(actions[i], actionAt, version));
    const key = canonicalJson(actions[i]);
    const first = seen.get(key);
    if (first !== undefined) throw invalid(actionAt, `the same action as actions[${first}]; the schema requires the actions to be unique`);
    seen.set(key, i);
  }
  return { version, at, actions: parsed };
}

function readVersion(value: JsonObject, at: string): OverlayVersion {
  const text = getOwn(value, "overlay");
  if (text === undefined) throw invalid(`${at}.overlay`, 'required: the Overlay Specification version, such as "1.1.0"');
  if (typeof text !== "string") throw invalid(`${at}.overlay`, `expected a version string such as "1.1.0", found ${describeValue(text)}`);
  for (const [version, pattern] of VERSIONS) if (pattern.test(text)) return version;
  throw invalid(`${at}.overlay`, `unknown Overlay Specification version ${JSON.stringify(text)}; Specloom applies 1.0.x and 1.1.x`);
}

/** The schemas' `unevaluatedProperties: false`: the fixed fields and `x-` extensions only. */
function onlyFields(value: JsonObject, allowed: readonly string[], at: string, version: OverlayVersion): void {
  for (const key of Object.keys(value)) {
    if (key.startsWith("x-") || allowed.includes(key)) continue;
    const later = version === "1.0" && (key === "copy" || key === "description") ? `; ${key} here is an Overlay 1.1 field (overlay: 1.1.0)` : "";
    throw invalid(`${at}${propertyLabel(key)}`, `not a field here (allowed: ${allowed.join(", ")} and x- extensions)${later}`);
  }
}

function readInfo(info: unknown, at: string, version: OverlayVersion): void {
  if (info === undefined) throw invalid(at, "required: an object with title and version");
  if (!isPlainObject(info)) throw invalid(at, `expected an object with title and version, found ${describeValue(info)}`);
  onlyFields(info, FIELDS.info[version], at, version);
  for (const field of ["title", "version", "description"]) {
    const text = getOwn(info, field);
    if (text === undefined && field !== "description") throw invalid(`${at}.${field}`, "required: a string");
    if (text !== undefined && typeof text !== "string") throw invalid(`${at}.${field}`, `expected a string, found ${describeValue(text)}`);
  }
}

function readAction(action: unknown, at: string, version: OverlayVersion): ParsedAction {
  if (!isPlainObject(action)) throw invalid(at, `expected an action object with a target, found ${describeValue(action)}`);
  onlyFields(action, FIELDS.action[version], at, version);
  const target = readQuery(action, "target", at);
  if (target === undefined) throw invalid(`${at}.target`, "required: a JSONPath query selecting the nodes to change");
  const description = getOwn(action, "description");
  if (description !== undefined && typeof description !== "string") throw invalid(`${at}.description`, `expected a string, found ${describeValue(description)}`);
  const remove = getOwn(action, "remove");
  if (remove !== undefined && typeof remove !== "boolean") throw invalid(`${at}.remove`, `expected true or false, found ${describeValue(remove)}`);
  const copy = version === "1.1" ? readQuery(action, "copy", at) : undefined;
  const hasUpdate = hasOwn(action, "update");
  // Both versions, of update (and 1.1 of copy): "This field has no impact if the remove field of this action object is true."
  if (remove === true) return { kind: "remove", target, at };
  // 1.1 says of each of update and copy that it has no impact when the other is given: no action is meant.
  if (hasUpdate && copy) throw invalid(`${at}.copy`, "an action has update or copy, not both (Overlay 1.1 gives each no impact when the other is there)");
  if (copy) return { kind: "copy", target, at, copy };
  if (hasUpdate) return { kind: "update", target, at, update: cloneData(getOwn(action, "update"), `${at}.update`) };
  return { kind: "none", target, at };
}

/** A JSONPath field: absent, or a string starting with `$` that RFC 9535 accepts. */
function readQuery(action: JsonObject, field: "target" | "copy", at: string): CompiledQuery | undefined {
  const text = getOwn(action, field);
  if (text === undefined) return undefined;
  if (typeof text !== "string") throw invalid(`${at}.${field}`, `expected a JSONPath query string such as "$.paths", found ${describeValue(text)}`);
  return compileQuery(text, `${at}.${field}`);
}
