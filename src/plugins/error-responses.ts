import { normaliseStatusKey } from "../generate/status";
import { describeValue } from "../errors";
import type { ResponseShorthandObject, SpecloomPlugin, StandardJSONSchemaV1 } from "../types/definition";
import { componentNameOption, getOwn, isPlainObject, isStandardJSONSchema, label, optionError, readOptions, setOwn, type Data } from "./options";
import { compileExclusion, isPathRoute, type RouteExclusion } from "./route-match";

/** One response every operation gets unless it defines that status itself. */
export interface ErrorResponseEntry {
  /** `404`, `"404"`, `"4XX"` (any case) or `"default"`. */
  status: number | string;
  /** The body: a schema, or the name of a schema registered through `schemas`. Omitted: no body. */
  schema?: StandardJSONSchemaV1 | string;
  /** Default: the status's reason phrase (`Not Found`, `Client Error`, `Default response`). */
  description?: string;
  /** Default `application/json`; `application/problem+json` for RFC 9457 problem details. */
  contentType?: string;
  /**
   * The component name of `schema`. Default: `Error` when every entry has the same schema
   * object, otherwise `Error` plus the first status that uses it (`Error404`, `Error5XX`,
   * `ErrorDefault`). A schema the definition registers itself keeps the definition's name.
   */
  name?: string;
}

export interface ErrorResponsesOptions {
  /** Routes left as they are (see `RoutePattern`). */
  exclude?: RouteExclusion;
}

const PLUGIN = "errorResponses";
const ENTRY_FIELDS = ["status", "schema", "description", "contentType", "name"];

interface Entry {
  status: string;
  value: ResponseShorthandObject | string | StandardJSONSchemaV1 | null;
}

/** `404`, `"404"`, `"4xx"`, `"default"` to the response key (`"404"`, `"4XX"`, `"default"`); undefined otherwise. */
function statusKey(status: unknown): string | undefined {
  if (typeof status === "number") return Number.isInteger(status) ? normaliseStatusKey(String(status)) : undefined;
  return typeof status === "string" ? normaliseStatusKey(status) : undefined;
}

/**
 * Adds each entry's response to every path operation that does not define that status
 * (`404` and `"4XX"` are different statuses). A schema object becomes one component in
 * `components.schemas`, referenced by every operation. Webhooks are left alone.
 */
export function errorResponses(entries: readonly ErrorResponseEntry[], options?: ErrorResponsesOptions): SpecloomPlugin {
  if (!Array.isArray(entries)) {
    throw optionError(PLUGIN, "entries", `expected an array of { status, schema?, description? }, found ${describeValue(entries)}`);
  }
  const given = readOptions(PLUGIN, options, ["exclude"], false);
  const excluded = compileExclusion(PLUGIN, given.exclude);
  const checked = (entries as readonly unknown[]).map((entry, index) => checkEntry(entry, index));
  const seen = new Map<string, number>();
  checked.forEach(({ status }, index) => {
    const prior = seen.get(status);
    if (prior !== undefined) throw optionError(PLUGIN, `entries[${index}].status`, `the status ${status} is also given by entries[${prior}]`);
    seen.set(status, index);
  });
  const schemas = nameSchemas(checked);
  const responses: Entry[] = checked.map(({ status, schema, description, contentType }) => {
    if (schema === undefined && description === undefined && contentType === undefined) return { status, value: null };
    if (description === undefined && contentType === undefined) return { status, value: schema as StandardJSONSchemaV1 | string };
    const shorthand: ResponseShorthandObject = {};
    if (schema !== undefined) shorthand.schema = schema;
    if (contentType !== undefined) shorthand.contentType = contentType;
    if (description !== undefined) shorthand.description = description;
    return { status, value: shorthand };
  });

  const plugin: SpecloomPlugin = {
    name: PLUGIN,
    transformRoute(route) {
      if (!isPathRoute(route) || excluded(route)) return route;
      const defined = new Set<string>();
      for (const key of Object.keys(route)) {
        const status = statusKey(key);
        if (status !== undefined && (route as unknown as Data)[key] !== undefined) defined.add(status);
      }
      for (const { status, value } of responses) {
        if (defined.has(status)) continue;
        // Each route gets its own shorthand object; schema objects are shared, so they become one
        // $ref. A Standard Schema may be a plain object too (Valibot's): it is a schema, not a shorthand.
        setOwn(route, status, isPlainObject(value) && !isStandardJSONSchema(value) ? { ...value } : value);
      }
      return route;
    },
  };
  if (Object.keys(schemas).length > 0) plugin.schemas = schemas;
  return plugin;
}

interface CheckedEntry {
  status: string;
  schema: StandardJSONSchemaV1 | string | undefined;
  description: string | undefined;
  contentType: string | undefined;
  name: string | undefined;
  index: number;
}

function checkEntry(entry: unknown, index: number): CheckedEntry {
  const at = `entries[${index}]`;
  if (!isPlainObject(entry)) throw optionError(PLUGIN, at, `expected { status, schema?, description? }, found ${describeValue(entry)}`);
  for (const key of Object.keys(entry)) {
    if (!ENTRY_FIELDS.includes(key)) throw optionError(PLUGIN, at + label(key), `unknown field of an entry (expected ${ENTRY_FIELDS.join(", ")})`);
  }
  const rawStatus = getOwn(entry, "status");
  const status = statusKey(rawStatus);
  if (status === undefined) {
    throw optionError(PLUGIN, `${at}.status`, `expected a status from 100 to 599, "1XX" to "5XX" or "default", found ${describeValue(rawStatus)}`);
  }
  const schema = getOwn(entry, "schema");
  if (schema !== undefined && !isStandardJSONSchema(schema)) {
    if (typeof schema === "string") componentNameOption(PLUGIN, schema, `${at}.schema`);
    else throw optionError(PLUGIN, `${at}.schema`, `expected a Standard JSON Schema (an object with ~standard.jsonSchema) or the name of a registered schema, found ${describeValue(schema)}`);
  }
  const text = (key: string, nonEmpty: boolean): string | undefined => {
    const value = getOwn(entry, key);
    if (value === undefined) return undefined;
    if (typeof value !== "string" || (nonEmpty && value === "")) throw optionError(PLUGIN, `${at}.${key}`, `expected a ${nonEmpty ? "non-empty " : ""}string, found ${describeValue(value)}`);
    return value;
  };
  const description = text("description", false);
  const contentType = text("contentType", true);
  const rawName = getOwn(entry, "name");
  let name: string | undefined;
  if (rawName !== undefined) {
    name = componentNameOption(PLUGIN, rawName, `${at}.name`);
    if (schema === undefined || typeof schema === "string") throw optionError(PLUGIN, `${at}.name`, "names the entry's schema, but the entry has no schema object");
  }
  return { status, schema: schema as CheckedEntry["schema"], description, contentType, name, index };
}

/** Component names for the entries' schema objects: one schema object, one name (see `ErrorResponseEntry.name`). */
function nameSchemas(entries: readonly CheckedEntry[]): Record<string, StandardJSONSchemaV1> {
  const bySchema = new Map<StandardJSONSchemaV1, { name?: string; first: CheckedEntry; nameAt?: number }>();
  for (const entry of entries) {
    if (entry.schema === undefined || typeof entry.schema === "string") continue;
    const known = bySchema.get(entry.schema);
    if (!known) {
      bySchema.set(entry.schema, { name: entry.name, first: entry, nameAt: entry.name === undefined ? undefined : entry.index });
      continue;
    }
    if (entry.name === undefined) continue;
    if (known.name !== undefined && known.name !== entry.name) {
      throw optionError(PLUGIN, `entries[${entry.index}].name`, `entries[${known.nameAt}] names the same schema object "${known.name}"; one schema has one name`, "DUPLICATE_SCHEMA");
    }
    known.name = entry.name;
    known.nameAt = entry.index;
  }
  const result: Record<string, StandardJSONSchemaV1> = {};
  const owner = new Map<string, number>();
  // Chosen names first, so a derived name steps around them.
  for (const info of bySchema.values()) {
    if (info.name === undefined) continue;
    const prior = owner.get(info.name);
    if (prior !== undefined) {
      throw optionError(PLUGIN, `entries[${info.nameAt}].name`, `entries[${prior}] gives the name "${info.name}" to a different schema object`, "DUPLICATE_SCHEMA");
    }
    owner.set(info.name, info.nameAt as number);
  }
  const single = bySchema.size === 1;
  for (const [schema, info] of bySchema) {
    let name = info.name;
    if (name === undefined) {
      const base = single ? "Error" : `Error${info.first.status === "default" ? "Default" : info.first.status}`;
      name = base;
      for (let n = 2; owner.has(name); n++) name = `${base}${n}`;
      owner.set(name, info.first.index);
    }
    setOwn(result, name, schema);
  }
  return result;
}
