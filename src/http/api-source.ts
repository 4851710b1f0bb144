import { SpecloomError, describeValue } from "../errors";
import { OpenAPI, builderInput } from "../generate/builder";
import type { ComponentEntry } from "../generate/component-refs";
import { definitionInput } from "../generate/openapi";
import { buildDocument, type DocumentInput, type ResolvedRoute } from "../generate/pipeline";
import { isObject, isPlainObject, type JsonObject } from "../internal/own";
import type { OpenAPIDocument } from "../types/document";
import type { ValidatorDefinition } from "./types";

/** The definition behind a generated document: its routes as plugins left them, and what was registered. */
export interface DefinitionSide {
  /** Path routes by `METHOD /path`, as the document writes the path. */
  readonly routes: ReadonlyMap<string, ResolvedRoute>;
  readonly pathFields: (path: string) => JsonObject | undefined;
  readonly registered: (kind: ComponentEntry["kind"], name: string) => unknown;
}

/** What the validators read: the document (the source of every route), and the definition when there is one. */
export interface ApiSource {
  readonly document: JsonObject;
  readonly definition: DefinitionSide | undefined;
}

/**
 * A plain OpenAPI document: an `openapi` version string and `paths` whose keys are paths
 * (`/users`). A definition's route keys have a method (`GET /users`); a builder is an `OpenAPI`.
 */
export function isOpenAPIDocument(value: unknown): value is OpenAPIDocument {
  if (!isPlainObject(value) || typeof value.openapi !== "string") return false;
  const paths = value.paths;
  if (paths === undefined) return true;
  return isObject(paths) && Object.keys(paths).every((key) => key.startsWith("/") || key.startsWith("x-"));
}

/** The document and definition of what a validator was given; `where` names the caller for messages. */
export function apiSource(given: ValidatorDefinition | OpenAPIDocument, where: string): ApiSource {
  if (isOpenAPIDocument(given)) {
    if (!/^3\.[0-2]\.\d+$/.test(given.openapi)) throw new SpecloomError("INVALID_DEFINITION", `${where}: openapi`, `expected an OpenAPI 3.0, 3.1 or 3.2 version, found ${JSON.stringify(given.openapi)}`);
    return { document: given as unknown as JsonObject, definition: undefined };
  }
  if (!(given instanceof OpenAPI) && !isPlainObject(given)) throw new SpecloomError("INVALID_DEFINITION", where, `expected a definition, an OpenAPI builder or an OpenAPI document, found ${describeValue(given)}`);
  const input: DocumentInput = given instanceof OpenAPI ? builderInput(given) : definitionInput(given);
  let resolved: readonly ResolvedRoute[] = [];
  const document = buildDocument({ ...input, onRoutes: (routes) => (resolved = routes) }) as unknown as JsonObject;
  const routes = new Map<string, ResolvedRoute>();
  for (const route of resolved) if (route.entry.kind === "path") routes.set(`${route.method.toUpperCase()} ${route.path}`, route);
  return {
    document,
    definition: {
      routes,
      pathFields: (path) => input.pathItems?.find((entry) => entry.path === path)?.definition,
      registered: (kind, name) => input.components?.find((entry) => entry.kind === kind && entry.name === name)?.value,
    },
  };
}
