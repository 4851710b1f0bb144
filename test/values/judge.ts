/**
 * An independent judge of generated values: Ajv (draft-04 with OpenAPI's `nullable` for
 * 3.0 documents, 2020-12 for 3.1 and 3.2) with ajv-formats, given the whole document so
 * `$ref`s resolve as they are written. OpenAPI's one rule Ajv does not know is applied to
 * a copy first: a required property that is writeOnly is not required in a response, a
 * readOnly one not in a request.
 */
import Ajv2020 from "ajv/dist/2020";
import type { ErrorObject, ValidateFunction } from "ajv";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import type { BrokenRule, Direction } from "../../src/values/index";

type Json = Record<string, unknown>;

export interface DocumentJudge {
  /** Ajv's errors for `value` against the schema at `pointer` (`/components/schemas/Pet`); empty when valid. */
  errors(pointer: string, value: unknown): ErrorObject[];
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** The node a local `$ref` names (one hop), for reading a property's readOnly/writeOnly. */
function follow(document: unknown, node: unknown): unknown {
  if (!isObject(node) || typeof node.$ref !== "string" || !node.$ref.startsWith("#/")) return node;
  let current: unknown = document;
  for (const raw of node.$ref.slice(2).split("/")) current = isObject(current) ? current[raw.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  return current;
}

/** Maps whose keys are names a document chose, not keywords. */
const NAME_MAPS = new Set(["properties", "patternProperties", "schemas", "definitions", "$defs"]);

/**
 * A copy Ajv can judge as OpenAPI means it: `required` lists leave out the properties the
 * direction does not send; examples (data, where draft-04 Ajv would read an `id` key as a
 * schema id) are dropped; a 3.0 `nullable` without `type`, which changes nothing, is dropped
 * (Ajv refuses it).
 */
function withDirection(document: unknown, direction: Direction): unknown {
  const copy = structuredClone(document) as Json;
  const flag = direction === "response" ? "writeOnly" : "readOnly";
  const stack: [unknown, boolean][] = [[copy, false]];
  while (stack.length > 0) {
    const [node, names] = stack.pop() as [unknown, boolean];
    if (Array.isArray(node)) for (const item of node) stack.push([item, false]);
    if (!isObject(node)) continue;
    if (!names) {
      delete node.example;
      delete node.examples;
      if (node.nullable !== undefined && node.type === undefined) delete node.nullable;
    }
    if (!names && Array.isArray(node.required) && isObject(node.properties)) {
      const properties = node.properties;
      node.required = node.required.filter((name) => {
        const property = follow(copy, properties[name as string]);
        return !(isObject(property) && property[flag] === true);
      });
    }
    for (const [key, value] of Object.entries(node)) stack.push([value, !names && NAME_MAPS.has(key)]);
  }
  return copy;
}

// No logger: a format Ajv does not know (Twilio's `uri-map`) is an annotation, not news.
const options = { strict: false, allErrors: true, validateFormats: true, logger: false } as const;
/** One Ajv per dialect for the whole test file (making one with its formats costs more than most compiles). */
let shared: { draft04: AjvDraft04; draft2020: Ajv2020; documents: number } | undefined;

export function documentJudge(document: unknown, direction: Direction): DocumentJudge {
  shared ??= { draft04: addFormats(new AjvDraft04(options)), draft2020: addFormats(new Ajv2020(options)), documents: 0 };
  const version = String((document as Json).openapi ?? "3.1.0");
  const ajv = version.startsWith("3.0") ? shared.draft04 : shared.draft2020;
  const id = `doc${shared.documents++}`;
  ajv.addSchema(withDirection(document, direction) as Json, id);
  const compiled = new Map<string, ValidateFunction>();
  return {
    errors(pointer, value) {
      let validate = compiled.get(pointer);
      if (validate === undefined) {
        validate = ajv.getSchema(`${id}#${pointer}`);
        if (validate === undefined) throw new Error(`no schema at ${pointer}`);
        compiled.set(pointer, validate);
      }
      return validate(value) ? [] : [...(validate.errors ?? [])];
    },
  };
}

/** Ajv's keyword for a rule: draft-04 writes an exclusive bound as `minimum`/`maximum` with a strict comparison. */
function sameKeyword(error: ErrorObject, rule: BrokenRule): boolean {
  if (error.keyword === rule.keyword) return true;
  const strict = (error.params as { comparison?: string }).comparison;
  return (rule.keyword === "exclusiveMinimum" && error.keyword === "minimum" && strict === ">") || (rule.keyword === "exclusiveMaximum" && error.keyword === "maximum" && strict === "<") || (rule.keyword === "const" && error.keyword === "enum");
}

/** Every error is the rule's keyword at the rule's place (a JSON Pointer, as Ajv's instancePath). */
export function onlyThatRule(errors: readonly ErrorObject[], rule: BrokenRule): boolean {
  return errors.length > 0 && errors.every((error) => error.instancePath === rule.pointer && sameKeyword(error, rule));
}
