import { SpecloomError, describeValue } from "../errors";
import { frozenCopy } from "../internal/frozen-copy";
import { forEachOperation } from "../internal/http-methods";
import { getOwn, isPlainObject, propertyLabel, type JsonObject } from "../internal/own";
import { isProduced } from "../internal/produced";

/** The schema dialect a version implies: 3.0's Schema Object, or JSON Schema 2020-12 from 3.1 on. */
export type SchemaDialect = "3.0" | "3.1";

/** One argument of merge(), checked, with what messages and rules need to know about it. */
export interface MergeInput {
  /** Position in the argument list: 0 is base, 1 is `sources[0]`. */
  readonly index: number;
  /** `base` or `sources[2]`: the start of every location inside this document. */
  readonly location: string;
  /** `sources[2] ("Twilio - Api")`: how messages name the document. */
  readonly label: string;
  readonly document: JsonObject;
  readonly version: string;
  /** The minor version: 0, 1 or 2 (3.2 adds objects older versions cannot hold). */
  readonly minor: number;
  readonly dialect: SchemaDialect;
  /**
   * A document Specloom produced: deeply frozen and ours, so its subtrees go into the result
   * as they are. Anything else is copied (and checked to be JSON) before use.
   */
  readonly produced: boolean;
}

export function locationOf(index: number): string {
  return index === 0 ? "base" : `sources[${index - 1}]`;
}

/** Checks every argument is an OpenAPI 3.x document before any merging starts. */
export function readInputs(documents: readonly unknown[]): MergeInput[] {
  return documents.map((document, index) => readInput(document, index));
}

function readInput(document: unknown, index: number): MergeInput {
  const location = locationOf(index);
  if (!isPlainObject(document) || typeof getOwn(document, "openapi") !== "string" || !isPlainObject(getOwn(document, "info"))) {
    throw new SpecloomError(
      "INVALID_DEFINITION",
      location,
      `expected an OpenAPI document (an object with a string "openapi" and an object "info"), found ${describeShape(document)}`,
    );
  }
  const version = document.openapi as string;
  const match = /^3\.(\d+)(?:\.\d+)?(?:-[\w.]+)?$/.exec(version);
  if (!match) {
    throw new SpecloomError("INVALID_DEFINITION", `${location}.openapi`, `expected an OpenAPI 3.x version such as "3.0.3" or "3.1.0", found ${describeValue(version)}`);
  }
  const title = getOwn(document.info as JsonObject, "title");
  const label = typeof title === "string" ? `${location} (${JSON.stringify(title)})` : location;
  const minor = Number(match[1]);
  const input: MergeInput = { index, location, label, document, version, minor, dialect: minor === 0 ? "3.0" : "3.1", produced: isProduced(document) };
  for (const key of ["paths", "webhooks", "components"]) {
    const value = getOwn(document, key);
    if (value !== undefined && !isPlainObject(value)) throw invalid(input, key, `expected a map, found ${describeValue(value)}`);
  }
  for (const key of ["servers", "security", "tags"]) {
    const value = getOwn(document, key);
    if (value !== undefined && !Array.isArray(value)) throw invalid(input, key, `expected an array, found ${describeValue(value)}`);
  }
  return input;
}

/** Like describeValue, but says which part of a document is missing. */
function describeShape(value: unknown): string {
  if (!isPlainObject(value)) return describeValue(value);
  if (typeof getOwn(value, "openapi") !== "string") {
    return getOwn(value, "swagger") !== undefined ? "a Swagger 2.0 document" : `an object whose "openapi" is ${describeValue(getOwn(value, "openapi"))}`;
  }
  return `an object whose "info" is ${describeValue(getOwn(value, "info"))}`;
}

/** INVALID_DEFINITION at `<input>.<path>` (`path` written as in a location: `tags[2]`). */
export function invalid(input: MergeInput, path: string, detail: string): SpecloomError {
  return new SpecloomError("INVALID_DEFINITION", `${input.location}.${path}`, detail);
}

/**
 * A part of an input, ready to go into the result: a produced document's own (frozen)
 * subtree, or a frozen copy of the caller's data.
 */
export function trusted<T>(input: MergeInput, value: T, ...path: (string | number)[]): T {
  return input.produced ? value : frozenCopy(value, () => inside(input, ...path));
}

/** A specification extension's name: the only key allowed beside an object's fixed fields. */
export function isExtension(key: string): boolean {
  return key.startsWith("x-");
}

/** `<input>` plus a property path: `sources[0].paths["/a"]`. */
export function inside(input: MergeInput, ...keys: (string | number)[]): string {
  return input.location + keys.map(propertyLabel).join("");
}

/**
 * A caller's path item (of paths, webhooks or components.pathItems) is an object whose
 * operations are objects; anything else is INVALID_DEFINITION at its place.
 */
export function checkPathItem(input: MergeInput, raw: unknown, ...path: (string | number)[]): asserts raw is JsonObject {
  if (!isPlainObject(raw)) throw new SpecloomError("INVALID_DEFINITION", inside(input, ...path), `expected a Path Item Object, found ${describeValue(raw)}`);
  const additional = getOwn(raw, "additionalOperations");
  if (additional !== undefined && !isPlainObject(additional)) {
    throw new SpecloomError("INVALID_DEFINITION", inside(input, ...path, "additionalOperations"), `expected a map of methods to Operation Objects, found ${describeValue(additional)}`);
  }
  forEachOperation(raw, (operation, key, method) => {
    if (operation === undefined || isPlainObject(operation)) return;
    const keys = method === undefined ? [key] : [key, method];
    throw new SpecloomError("INVALID_DEFINITION", inside(input, ...path, ...keys), `expected an Operation Object, found ${describeValue(operation)}`);
  });
}
