/**
 * OpenAPI documents for `merge()`: skeletons of both versions whose names collide across
 * documents (paths, operationIds, component names, tags, all from small pools holding
 * `__proto__`, `constructor` and friends), 3.1 features that must be converted for a 3.0
 * base (`$defs`, `$anchor`, type arrays, webhooks, `pathItems`), and now and then a part
 * replaced by random JSON or a whole argument that is not a document at all.
 */
import fc from "fast-check";
import { json, type Json } from "./json-schema";

type Version = "3.0.3" | "3.1.0";

export interface OperationPlan {
  operationId?: string;
  response: SchemaRef;
  body?: SchemaRef;
  tags?: string[];
  secured?: boolean;
}

/** A schema position: a reference to a pool name (kept only if the document defines it) or an inline schema. */
export type SchemaRef = { ref: string } | { inline: Json };

export interface DocumentPlan {
  openapi: Version;
  title: string;
  paths: [string, [string, OperationPlan][]][];
  webhooks: [string, [string, OperationPlan][]][];
  schemas: [string, Json][];
  pathItems: [string, [string, OperationPlan][]][] | undefined;
  scheme: "http" | "apiKey" | "mutualTLS" | undefined;
  tags: string[];
  server: string | undefined;
  extensions: [string, Json][];
  /** A part replaced by random JSON: `[a root key, the value]`. */
  corrupt?: [string, Json] | undefined;
  frozen: boolean;
  /**
   * The document's own `$anchor` name. Merge does not rename anchors (a documented limit),
   * and two documents declaring one anchor give a result the validator rejects; each
   * document's anchors are its own, as in documents written apart.
   */
  anchor: number;
}

/** `generated`: a document openapi() returned (deeply frozen, shared subtrees), by index into ./generated.ts. */
export type ArgumentPlan = { document: DocumentPlan } | { notADocument: Json } | { generated: number };

const NAMES = ["Pet", "User", "__proto__", "constructor", "prototype", "toString", "valueOf"];
const PATHS = ["/a", "/b", "/users/{id}", "/users/{userId}", "/__proto__", "/constructor", "/toString/{id}", "/"];
const METHODS = ["get", "post", "delete"];
const OPERATION_IDS = ["list", "get", "__proto__", "constructor", "hasOwnProperty"];
const TITLES = ["A", "B", "Users API", "__proto__", "constructor", "A"];

const name = fc.constantFrom(...NAMES);

/** Schemas as OpenAPI writers produce them, written in JSON Schema 2020-12 where 3.1 allows it. */
const schema31 = fc.oneof(
  fc.constantFrom<Json>(
    { type: "string" },
    { type: ["string", "null"] },
    { type: "object", properties: { id: { type: "integer", exclusiveMinimum: 0 } }, required: ["id"] },
    { const: "x" },
    { type: "array", prefixItems: [{ type: "string" }], items: false },
    { $defs: { Tag: { $anchor: "tag", type: "string" } }, type: "object", properties: { tag: { $ref: "#tag" } } },
    { type: "object", properties: { ["__proto__"]: { type: "string" }, constructor: { examples: ["a", "b"] } } },
  ),
  name.map((target): Json => ({ $ref: `#/components/schemas/${target}` })),
  name.map((target): Json => ({ type: "array", items: { $ref: `#/components/schemas/${target}` } })),
);

const schema30 = fc.oneof(
  fc.constantFrom<Json>(
    { type: "string", nullable: true },
    { type: "integer", minimum: 0, exclusiveMinimum: true },
    { type: "object", properties: { ["__proto__"]: { type: "string", example: "x" } } },
    { oneOf: [{ type: "string" }, { type: "number" }], discriminator: { propertyName: "kind" } },
  ),
  name.map((target): Json => ({ $ref: `#/components/schemas/${target}` })),
);

const schemaRef: fc.Arbitrary<SchemaRef> = fc.oneof(name.map((ref) => ({ ref })), fc.constantFrom<Json>({ type: "string" }, { type: "integer" }).map((inline) => ({ inline })));

const operation: fc.Arbitrary<OperationPlan> = fc.record(
  {
    operationId: fc.constantFrom(...OPERATION_IDS),
    response: schemaRef,
    body: schemaRef,
    tags: fc.array(fc.constantFrom("a", "__proto__", "constructor"), { maxLength: 2 }),
    secured: fc.boolean(),
  },
  { requiredKeys: ["response"] },
);

const operations = fc.uniqueArray(fc.tuple(fc.constantFrom(...METHODS), operation), { minLength: 1, maxLength: 2, selector: ([method]) => method });

function documentOf(openapi: Version): fc.Arbitrary<DocumentPlan> {
  return fc.record(
    {
      openapi: fc.constant(openapi),
      title: fc.constantFrom(...TITLES),
      paths: fc.uniqueArray(fc.tuple(fc.constantFrom(...PATHS), operations), { maxLength: 3, selector: ([path]) => path }),
      webhooks: openapi === "3.1.0" ? fc.uniqueArray(fc.tuple(name, operations), { maxLength: 2, selector: ([key]) => key }) : fc.constant([]),
      schemas: fc.uniqueArray(fc.tuple(name, openapi === "3.1.0" ? schema31 : schema30), { maxLength: 4, selector: ([key]) => key }),
      pathItems: openapi === "3.1.0" ? fc.option(fc.uniqueArray(fc.tuple(name, operations), { maxLength: 2, selector: ([key]) => key }), { nil: undefined }) : fc.constant(undefined),
      scheme: fc.constantFrom("http" as const, "apiKey" as const, undefined, ...(openapi === "3.1.0" ? ["mutualTLS" as const] : [])),
      tags: fc.uniqueArray(fc.constantFrom("a", "__proto__", "constructor", "b"), { maxLength: 2 }),
      server: fc.constantFrom("https://a.example.com", "https://b.example.com", undefined),
      extensions: fc.uniqueArray(fc.tuple(fc.constantFrom("x-a", "x-__proto__", "x-b"), json), { maxLength: 2, selector: ([key]) => key }),
      corrupt: fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom("paths", "components", "info", "tags", "servers", "security", "webhooks", "openapi", "__proto__", "x-a"), json) }),
      frozen: fc.boolean(),
      anchor: fc.nat(),
    },
    { requiredKeys: ["openapi", "title", "paths", "webhooks", "schemas", "pathItems", "scheme", "tags", "server", "extensions", "frozen", "anchor"] },
  );
}

export const documentPlan: fc.Arbitrary<DocumentPlan> = fc.constantFrom<Version>("3.0.3", "3.1.0").chain(documentOf);

/** An argument of merge: mostly a document of the base's version, sometimes of the other, rarely not a document. */
export function argumentPlan(base: Version): fc.Arbitrary<ArgumentPlan> {
  return fc.oneof(
    { weight: 15, arbitrary: documentOf(base).map((document) => ({ document })) },
    { weight: 5, arbitrary: documentPlan.map((document) => ({ document })) },
    { weight: 2, arbitrary: fc.nat({ max: 3 }).map((generated) => ({ generated })) },
    { weight: 1, arbitrary: json.map((notADocument) => ({ notADocument })) },
  );
}

/** One to four arguments around one base version. */
export const argumentsPlan: fc.Arbitrary<ArgumentPlan[]> = fc.constantFrom<Version>("3.0.3", "3.1.0").chain((base) => fc.array(argumentPlan(base), { minLength: 1, maxLength: 4 }));
