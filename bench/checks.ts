/**
 * Untimed checks that keep the comparisons honest. Each worker applies them to a result it
 * already has (the last run of its first size), so they cost no extra build:
 * - every CRUD document `openapi()` produces is valid OpenAPI 3.1
 *   (@seriousme/openapi-schema-validator) and every `$ref` in it resolves (a peer's
 *   document is checked the same way and reported when it is not);
 * - `openapi()`'s Zod document and each peer's are equivalent (`skeleton()`: the same
 *   paths, operations, operationIds, parameters with `in` and `required`, request bodies and
 *   responses with status, description, content type and the component each schema refers
 *   to, and the same component names). Schema bodies differ in detail: some peers walk
 *   Zod's internals, Specloom asks Zod's own `toJSONSchema`;
 * - merge() and openapi-merge keep every operation of their inputs.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { danglingRefs } from "../test/helpers/refs";

type Json = Record<string, unknown>;

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

let validator: Validator | undefined;

/** Throws unless `document` is valid OpenAPI and every `$ref` in it resolves. */
export async function expectValid(document: unknown, what: string): Promise<void> {
  const problem = await validity(document, what);
  if (problem !== undefined) throw new Error(problem);
}

/**
 * What makes `document` invalid OpenAPI or leaves a `$ref` unresolved; undefined when nothing
 * does. `asJson` validates the document as it is served (a JSON round trip): oRPC's object
 * holds properties whose value is `undefined` (`allowEmptyValue`), which JSON leaves out.
 */
export async function validity(document: unknown, what: string, asJson = false): Promise<string | undefined> {
  validator ??= new Validator();
  const result = await validator.validate((asJson ? JSON.parse(JSON.stringify(document)) : structuredClone(document)) as Json);
  if (!result.valid) return `${what} is not valid OpenAPI: ${JSON.stringify(result.errors).slice(0, 400)}`;
  const dangling = danglingRefs(document);
  if (dangling.length > 0) return `${what}: $refs that resolve to nothing: ${dangling.slice(0, 5).join(", ")}`;
  return undefined;
}

/** `method path` of every operation, sorted. */
export function operations(document: unknown): string[] {
  const paths = ((document as Json).paths ?? {}) as Record<string, Json>;
  return Object.entries(paths)
    .flatMap(([path, item]) => METHODS.filter((m) => item[m] !== undefined).map((m) => `${m} ${path}`))
    .sort();
}

export function expectSameOperations(actual: unknown, expected: readonly string[], what: string): void {
  const found = operations(actual);
  if (found.join("\n") !== [...expected].sort().join("\n")) throw new Error(`${what}: ${found.length} operations instead of the ${expected.length} of its inputs`);
}

/** What two equivalent CRUD documents have in common (schema bodies aside). */
export function skeleton(document: unknown): Json {
  const doc = document as Json;
  const ops: Json = {};
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const body = op.requestBody as Json | undefined;
      ops[`${method} ${path}`] = {
        operationId: op.operationId,
        parameters: ((op.parameters ?? []) as Json[]).map((p) => `${p.in} ${p.name}${p.required === true ? " required" : ""} ${schemaKind(p.schema)}`),
        requestBody: body && { required: body.required === true, content: content(body.content) },
        responses: Object.fromEntries(Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, r]) => [status, { description: r.description, content: content(r.content) }])),
      };
    }
  }
  return { ops, components: Object.keys(((doc.components as Json | undefined)?.schemas ?? {}) as Json).sort() };
}

/**
 * The differences between two skeletons, as lines (empty when equivalent). `wording: false`
 * ignores what a tool words its own way without a choice: response descriptions (oRPC writes
 * the status) and the body schema of a 204 (oRPC writes an empty one).
 */
export function compareSkeletons(ours: unknown, theirs: unknown, peer: string, wording = true): string[] {
  const a = ours as Json;
  const b = theirs as Json;
  const differences: string[] = [];
  const aOps = a.ops as Record<string, Json>;
  const bOps = b.ops as Record<string, Json>;
  const shown = (op: Json | undefined) => JSON.stringify(wording || !op ? op : withoutWording(op));
  for (const key of new Set([...Object.keys(aOps), ...Object.keys(bOps)])) {
    const x = shown(aOps[key]);
    const y = shown(bOps[key]);
    if (x !== y) differences.push(`${key}: openapi() ${x} / ${peer} ${y}`);
  }
  if (JSON.stringify(a.components) !== JSON.stringify(b.components)) differences.push(`components: ${JSON.stringify(a.components).slice(0, 200)} / ${JSON.stringify(b.components).slice(0, 200)}`);
  return differences;
}

function withoutWording(op: Json): Json {
  const responses: Json = {};
  for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) responses[status] = status === "204" ? {} : { content: response.content };
  return { ...op, responses };
}

function content(map: unknown): Json | undefined {
  if (map === undefined) return undefined;
  return Object.fromEntries(Object.entries(map as Record<string, Json>).map(([type, media]) => [type, schemaKind(media.schema)]));
}

/** `$ref Name`, or `inline` with the components it refers to inside. */
function schemaKind(schema: unknown): string {
  const ref = (schema as Json | undefined)?.$ref;
  if (typeof ref === "string") return `$ref ${ref.split("/").pop()}`;
  const names = new Set<string>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") names.add(value.split("/").pop() as string);
      else stack.push(value);
    }
  }
  return `inline${names.size ? ` (${[...names].sort().join(", ")})` : ""}`;
}

