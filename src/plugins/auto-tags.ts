import { SpecloomError, describeValue } from "../errors";
import { pathItemOperations } from "../internal/http-methods";
import type { RouteDefinition, SpecloomPlugin } from "../types/definition";
import type { OpenAPIDocument, TagObject } from "../types/document";
import { withRootField } from "./document";
import { isObject, optionError, readOptions, stringOption } from "./options";
import { compileExclusion, isPathRoute, type RouteExclusion } from "./route-match";

export interface AutoTagsOptions {
  /**
   * A path prefix removed before segments are counted, such as `"/api/v1"`. Paths that do
   * not start with it (at a segment boundary) are read whole.
   */
  prefix?: string;
  /** Which literal segment names the tag, counting from 0 and skipping `{params}`. Default 0. */
  segment?: number;
  /** Turns the segment into the tag name. Default: the segment as written. */
  format?: (segment: string, route: RouteDefinition) => string;
  /** Routes that get no tag (see `RoutePattern`). */
  exclude?: RouteExclusion;
}

const PLUGIN = "autoTags";
const OPTIONS = ["prefix", "segment", "format", "exclude"];

/**
 * Tags each path operation that has no `tags` (an explicit `tags: []` is kept) with a
 * literal segment of its path: `/users/{id}/posts` is tagged `users`. Every tag any
 * operation uses is then listed in the document's `tags`; entries already there keep
 * their description and position (the first of two with one name wins). Webhooks get no tag.
 */
export function autoTags(options?: AutoTagsOptions): SpecloomPlugin {
  const given = readOptions(PLUGIN, options, OPTIONS, false);
  const prefix = stringOption(PLUGIN, given, "prefix", true);
  if (prefix !== undefined && !prefix.startsWith("/")) throw optionError(PLUGIN, "options.prefix", `expected a path starting with "/", found ${describeValue(prefix)}`);
  const trimmed = prefix?.replace(/\/+$/, "");
  const segment = given.segment === undefined ? 0 : given.segment;
  if (typeof segment !== "number" || !Number.isInteger(segment) || segment < 0) {
    throw optionError(PLUGIN, "options.segment", `expected a whole number from 0 up, found ${describeValue(segment)}`);
  }
  const format = given.format;
  if (format !== undefined && typeof format !== "function") throw optionError(PLUGIN, "options.format", `expected a function (segment, route) => tag name, found ${describeValue(format)}`);
  const excluded = compileExclusion(PLUGIN, given.exclude);

  return {
    name: PLUGIN,
    transformRoute(route) {
      if (!isPathRoute(route) || route.tags !== undefined || excluded(route)) return route;
      let path = route.path;
      if (trimmed && (path === trimmed || path.startsWith(trimmed + "/"))) path = path.slice(trimmed.length);
      const literal = path.split("/").filter((part) => part !== "" && !part.includes("{") && !part.startsWith(":"));
      const chosen = literal[segment];
      if (chosen === undefined) return route;
      const tag: unknown = format ? (format as (segment: string, route: RouteDefinition) => unknown)(chosen, route) : chosen;
      if (typeof tag !== "string" || tag === "") {
        throw new SpecloomError("INVALID_DEFINITION", `plugin "${PLUGIN}" (options.format)`, `returned ${describeValue(tag)} for the segment "${chosen}"; a tag name is a non-empty string`);
      }
      route.tags = [tag];
      return route;
    },
    transformDocument(document) {
      return listTags(document);
    },
  };
}

/** Existing `tags` entries first (first of a name wins), then each tag operations use, in document order. */
function listTags(document: OpenAPIDocument): OpenAPIDocument {
  const list: TagObject[] = [];
  const seen = new Set<string>();
  const existing: unknown = document.tags;
  if (Array.isArray(existing)) {
    for (const entry of existing) {
      if (!isObject(entry) || typeof entry.name !== "string") {
        list.push(entry as TagObject);
        continue;
      }
      if (seen.has(entry.name)) continue;
      seen.add(entry.name);
      list.push(entry as unknown as TagObject);
    }
  }
  const before = list.length;
  for (const group of [document.paths, document.webhooks]) {
    if (!isObject(group)) continue;
    for (const path of Object.keys(group)) {
      const item = group[path];
      if (!isObject(item)) continue;
      // Every operation, 3.2's query and additionalOperations included.
      for (const { operation } of pathItemOperations(item)) {
        if (!isObject(operation) || !Array.isArray(operation.tags)) continue;
        for (const name of operation.tags) {
          if (typeof name !== "string" || seen.has(name)) continue;
          seen.add(name);
          list.push({ name });
        }
      }
    }
  }
  if (existing === undefined && list.length === 0) return document;
  if (Array.isArray(existing) && list.length === before && list.length === existing.length) return document;
  return withRootField(document, "tags", list);
}
