/**
 * A seeded generator of changes to a real document, each knowing the change diff() must
 * report for it (id, pointer, operation). Every mutation claims what it touches (an
 * operation, a component), so no two mutations hide or move one another.
 */
import { encodeSegment } from "../../src/internal/json-pointer";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Mutation {
  readonly kind: string;
  readonly id: string;
  readonly location: string;
  readonly operation?: string;
}

/** mulberry32: a small, seeded PRNG, the same numbers on every machine. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METHODS = ["get", "post", "put", "patch", "delete"];
const FORM = "application/x-www-form-urlencoded";
const ptr = (...keys: (string | number)[]) => keys.map((key) => "/" + encodeSegment(String(key))).join("");

interface Op {
  path: string;
  method: string;
  node: Json;
  label: string;
  at: string;
}

type Kind = (doc: Json, op: Op, pick: <T>(list: readonly T[]) => T | undefined) => Omit<Mutation, "kind"> | undefined;

const optional = (schema: Json) => Object.keys(schema.properties ?? {}).filter((name) => !(schema.required ?? []).includes(name) && schema.properties[name].type === "string");
const formSchema = (op: Op): Json | undefined => op.node.requestBody?.content?.[FORM]?.schema;
const formAt = (op: Op, ...keys: string[]) => op.at + ptr("requestBody", "content", FORM, "schema", ...keys);
const queryIndexes = (op: Op): number[] => (op.node.parameters ?? []).map((p: Json, i: number) => (p.in === "query" ? i : -1)).filter((i: number) => i >= 0);

/** The mutations of one operation. */
const OPERATION_KINDS: Readonly<Record<string, Kind>> = {
  "remove operation": (doc, op) => {
    if (Object.keys(doc.paths[op.path]).filter((key) => METHODS.includes(key)).length < 2) return undefined;
    delete doc.paths[op.path][op.method];
    return { id: "api-removed-without-deprecation", location: op.at, operation: op.label };
  },
  deprecate: (_doc, op) => ((op.node.deprecated = true), { id: "endpoint-deprecated", location: op.at, operation: op.label }),
  "new required query parameter": (_doc, op) => {
    const list = (op.node.parameters ??= []);
    list.push({ name: "Mutated", in: "query", required: true, schema: { type: "string" } });
    return { id: "new-required-request-parameter", location: op.at + ptr("parameters", list.length - 1), operation: op.label };
  },
  "remove query parameter": (_doc, op, pick) => {
    const index = pick(queryIndexes(op));
    if (index === undefined) return undefined;
    op.node.parameters.splice(index, 1);
    return { id: "request-parameter-removed", location: op.at + ptr("parameters", index), operation: op.label };
  },
  "query parameter made required": (_doc, op, pick) => {
    const index = pick(queryIndexes(op).filter((i: number) => op.node.parameters[i].required !== true));
    if (index === undefined) return undefined;
    op.node.parameters[index].required = true;
    return { id: "request-parameter-became-required", location: op.at + ptr("parameters", index), operation: op.label };
  },
  "success response removed": (_doc, op) => {
    const status = Object.keys(op.node.responses ?? {}).find((key) => key.startsWith("2"));
    if (status === undefined) return undefined;
    delete op.node.responses[status];
    return { id: "response-success-status-removed", location: op.at + ptr("responses", status), operation: op.label };
  },
  "new required form property": (_doc, op) => {
    const schema = formSchema(op);
    if (schema?.properties === undefined) return undefined;
    schema.properties.Mutated = { type: "string" };
    (schema.required ??= []).push("Mutated");
    return { id: "new-required-request-property", location: formAt(op, "properties", "Mutated"), operation: op.label };
  },
  "form property made required": (_doc, op, pick) => {
    const schema = formSchema(op);
    const name = schema === undefined ? undefined : pick(optional(schema));
    if (name === undefined) return undefined;
    (schema!.required ??= []).push(name);
    return { id: "request-property-became-required", location: formAt(op, "properties", name), operation: op.label };
  },
  "form property maxLength set": (_doc, op, pick) => {
    const schema = formSchema(op);
    // Not on an enum: a bound its values all satisfy refuses nothing, and is no change.
    const name = schema === undefined ? undefined : pick(optional(schema).filter((key) => schema.properties[key].maxLength === undefined && schema.properties[key].enum === undefined));
    if (name === undefined) return undefined;
    schema!.properties[name].maxLength = 5;
    return { id: "request-property-max-length-set", location: formAt(op, "properties", name), operation: op.label };
  },
  "form enum value removed": (_doc, op, pick) => {
    const schema = formSchema(op);
    const name = schema === undefined ? undefined : pick(Object.keys(schema.properties ?? {}).filter((key) => (schema.properties[key].enum?.length ?? 0) > 1));
    if (name === undefined) return undefined;
    schema!.properties[name].enum.pop();
    return { id: "request-property-enum-value-removed", location: formAt(op, "properties", name), operation: op.label };
  },
  "request body removed": (_doc, op) => {
    if (op.node.requestBody === undefined) return undefined;
    delete op.node.requestBody;
    return { id: "request-body-removed", location: op.at + "/requestBody", operation: op.label };
  },
  "operationId changed": (_doc, op) => ((op.node.operationId += "V2"), { id: "api-operation-id-removed", location: op.at + "/operationId", operation: op.label }),
  "tag added": (_doc, op) => ((op.node.tags ??= []).push("Mutated"), { id: "api-tag-added", location: op.at + "/tags", operation: op.label }),
  "security scope added": (_doc, op) => ((op.node.security = [{ accountSid_authToken: ["mutated"] }]), { id: "api-security-scope-added", location: op.at + "/security", operation: op.label }),
};

/** The mutations of one component schema used by a response. */
const COMPONENT_KINDS: Readonly<Record<string, (schema: Json, name: string, pick: <T>(list: readonly T[]) => T | undefined) => Omit<Mutation, "kind"> | undefined>> = {
  "response property type changed": (schema, name, pick) => {
    const key = pick(optional(schema).filter((p) => schema.properties[p].format === undefined));
    if (key === undefined) return undefined;
    schema.properties[key].type = "boolean";
    return { id: "response-property-type-changed", location: ptr("components", "schemas", name, "properties", key) };
  },
  "response property removed": (schema, name, pick) => {
    const key = pick(optional(schema));
    if (key === undefined) return undefined;
    delete schema.properties[key];
    return { id: "response-optional-property-removed", location: ptr("components", "schemas", name, "properties", key) };
  },
  "response property made not nullable": (schema, name, pick) => {
    const key = pick(Object.keys(schema.properties ?? {}).filter((p) => schema.properties[p].nullable === true));
    if (key === undefined) return undefined;
    delete schema.properties[key].nullable;
    return { id: "response-property-became-not-nullable", location: ptr("components", "schemas", name, "properties", key) };
  },
  "response property added": (schema, name) => {
    if (schema.properties === undefined) return undefined;
    schema.properties.mutated = { type: "string" };
    return { id: "response-optional-property-added", location: ptr("components", "schemas", name, "properties", "mutated") };
  },
};

/** `count` mutations of `doc` (changed in place), from `seed`. */
export function mutate(doc: Json, count: number, seed: number): Mutation[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T | undefined => (list.length === 0 ? undefined : list[Math.floor(next() * list.length)]);
  const ops: Op[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS) if (item[method]) ops.push({ path, method, node: item[method], label: `${method.toUpperCase()} ${path}`, at: ptr("paths", path, method) });
  }
  // Components a response names directly, and the operations whose responses do.
  const users = new Map<string, string[]>();
  for (const op of ops) {
    for (const match of JSON.stringify(op.node.responses ?? {}).matchAll(/#\/components\/schemas\/([^"]+)"/g)) users.set(match[1] as string, [...(users.get(match[1] as string) ?? []), op.label]);
  }
  const components = [...users.keys()].sort();
  const claimed = new Set<string>();
  const mutations: Mutation[] = [];
  for (let attempt = 0; mutations.length < count && attempt < count * 50; attempt++) {
    const onComponent = next() < 0.3;
    const kinds = onComponent ? COMPONENT_KINDS : OPERATION_KINDS;
    const kind = pick(Object.keys(kinds)) as string;
    const target = onComponent ? pick(components) : pick(ops)?.label;
    if (target === undefined || claimed.has(target)) continue;
    // A component's change is seen at an operation that uses it: that one is claimed too, so no other mutation removes it.
    const witness = onComponent ? users.get(target)?.find((label) => !claimed.has(label)) : undefined;
    if (onComponent && witness === undefined) continue;
    const op = ops.find((candidate) => candidate.label === target);
    const made = onComponent ? COMPONENT_KINDS[kind]!(doc.components.schemas[target], target, pick) : OPERATION_KINDS[kind]!(doc, op as Op, pick);
    if (made === undefined) continue;
    claimed.add(target);
    if (witness !== undefined) claimed.add(witness);
    mutations.push({ kind, ...made });
  }
  return mutations;
}

/** The name of every kind of mutation. */
export const MUTATION_KINDS: readonly string[] = [...Object.keys(OPERATION_KINDS), ...Object.keys(COMPONENT_KINDS)];
