import { SpecloomError } from "../errors";
import { getOwn, isObject, propertyLabel } from "../internal/own";
import type { MergeInput } from "./inputs";
import { childKind, COMPONENT_KINDS, Kind } from "./object-kinds";

/**
 * What a 3.2 document may hold that 3.0 and 3.1 have no faithful form for. Merging such a
 * source into an older base stops at the first one, naming it, rather than writing an
 * invalid document or dropping it silently. (Tags with `parent` do have a lower form:
 * `x-tagGroups`, written by ./tags.ts.)
 */
const FIELDS_32: ReadonlyMap<Kind, readonly [field: string, what: string][]> = new Map([
  [Kind.PathItem, [["query", "a QUERY operation"], ["additionalOperations", "an additional operation (additionalOperations)"]]],
  [Kind.MediaType, [["itemSchema", "itemSchema"], ["description", "a Media Type description"], ["prefixEncoding", "prefixEncoding"], ["itemEncoding", "itemEncoding"]]],
  [Kind.Response, [["summary", "a Response summary"]]],
  [Kind.Example, [["dataValue", "an Example dataValue"], ["serializedValue", "an Example serializedValue"]]],
  [Kind.SecurityScheme, [["oauth2MetadataUrl", "oauth2MetadataUrl"], ["deprecated", "a deprecated security scheme"]]],
]);

interface Found {
  path: (string | number)[];
  what: string;
}

/** A place in the walk: the path is built from the parents only when something is found. */
interface Frame {
  node: unknown;
  kind: Kind;
  key: string | number;
  parent: Frame | undefined;
}

function pathOf(frame: Frame | undefined): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = frame; at !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** The first 3.2-only construct of a document (components, then webhooks, then paths); iterative. */
export function first32Construct(document: Record<string, unknown>): Found | undefined {
  if (getOwn(document, "$self") !== undefined) return { path: ["$self"], what: "$self" };
  const servers = firstServerName(getOwn(document, "servers"), ["servers"]);
  if (servers) return servers;
  const stack: Frame[] = [];
  const components = getOwn(document, "components");
  if (isObject(components)) {
    if (getOwn(components, "mediaTypes") !== undefined) return { path: ["components", "mediaTypes"], what: "components.mediaTypes" };
    const top: Frame = { node: components, kind: Kind.Data, key: "components", parent: undefined };
    for (const [name, kind] of [...COMPONENT_KINDS].reverse()) {
      const map = getOwn(components, name);
      const holder: Frame = { node: map, kind: Kind.Data, key: name, parent: top };
      if (isObject(map)) for (const key of Object.keys(map).reverse()) stack.push({ node: map[key], kind, key, parent: holder });
    }
  }
  for (const group of ["webhooks", "paths"]) {
    const map = getOwn(document, group);
    const holder: Frame = { node: map, kind: Kind.Data, key: group, parent: undefined };
    if (isObject(map)) for (const key of Object.keys(map).reverse()) if (!key.startsWith("x-")) stack.push({ node: map[key], kind: Kind.PathItem, key, parent: holder });
  }
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const { node, kind } = frame;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], kind: childKind(kind, i, node[i]), key: i, parent: frame });
      continue;
    }
    if (!isObject(node) || kind === Kind.Data) continue;
    const found = ownConstruct(node, kind);
    if (found) return { path: pathOf(frame).concat(found.path), what: found.what };
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      const child = childKind(kind, key, node[key]);
      if (child !== Kind.Data && child !== Kind.Ref) stack.push({ node: node[key], kind: child, key, parent: frame });
    }
  }
  return undefined;
}

/** A 3.2 field of this object itself, if it has one. */
function ownConstruct(node: Record<string, unknown>, kind: Kind): Found | undefined {
  const path: (string | number)[] = [];
  for (const [field, what] of FIELDS_32.get(kind) ?? []) if (getOwn(node, field) !== undefined) return { path: [...path, field], what };
  // 3.2 made a response's description optional; 3.0 and 3.1 require one, and merge will not make one up.
  if (kind === Kind.Response && getOwn(node, "$ref") === undefined && getOwn(node, "description") === undefined) return { path: [], what: "a Response without a description" };
  if (kind === Kind.Parameter && getOwn(node, "in") === "querystring") return { path: [...path, "in"], what: "a querystring parameter" };
  if (kind === Kind.MediaType && typeof getOwn(node, "$ref") === "string") return { path: [...path, "$ref"], what: "a Reference Object in place of a Media Type" };
  if (kind === Kind.SecurityScheme) {
    const flows = getOwn(node, "flows");
    if (isObject(flows) && getOwn(flows, "deviceAuthorization") !== undefined) return { path: [...path, "flows", "deviceAuthorization"], what: "the deviceAuthorization OAuth flow" };
  }
  if (kind === Kind.Schema) {
    const discriminator = getOwn(node, "discriminator");
    if (isObject(discriminator) && getOwn(discriminator, "defaultMapping") !== undefined) return { path: [...path, "discriminator", "defaultMapping"], what: "a Discriminator defaultMapping" };
  }
  if (kind === Kind.PathItem || kind === Kind.Operation) return firstServerName(getOwn(node, "servers"), [...path, "servers"]);
  return undefined;
}

function firstServerName(servers: unknown, path: (string | number)[]): Found | undefined {
  if (!Array.isArray(servers)) return undefined;
  const index = servers.findIndex((server) => isObject(server) && getOwn(server, "name") !== undefined);
  return index === -1 ? undefined : { path: [...path, index, "name"], what: "a Server name" };
}

/** A 3.2 source into a 3.0 or 3.1 base: INVALID_DEFINITION at its first construct those versions cannot hold. */
export function checkLowerable(input: MergeInput, base: MergeInput): void {
  const found = first32Construct(input.document);
  if (!found) return;
  const at = input.location + found.path.map(propertyLabel).join("");
  throw new SpecloomError(
    "INVALID_DEFINITION",
    at,
    `${found.what} needs OpenAPI 3.2, and ${base.label} is ${base.version}; OpenAPI ${base.version} has no form for it, so merge stops rather than drop it (merge into a 3.2.0 base instead)`,
  );
}
