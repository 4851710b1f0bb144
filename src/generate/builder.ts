import { SpecloomError } from "../errors";
import { copyStructure } from "../internal/clone";
import { isValidComponentName } from "../schema/names";
import { explainNotASchema, isStandardJSONSchema } from "../schema/vendor";
import type { HttpMethod, OpenAPIDocument } from "../types/document";
import type { OpenAPIOptions, OpenAPIVersion, RouteShorthand, StandardJSONSchemaV1 } from "../types/definition";
import type { Carries } from "../types/paths-of/carried";
import { captureCallSite } from "./call-site";
import { mapOption, webhookEntries } from "./openapi";
import { buildDocument, type SchemaEntry } from "./pipeline";
import { hasVersion, needsVersion, versionOf } from "./version";
import { needs32 } from "../internal/http-methods";
import { methodPathRoute, pathRoute, RouteTable, siteLabel, webhookRoute, type RouteEntry } from "./routes";

const OPTION_FIELDS: ReadonlySet<string> = new Set(["info", "openapi", "$self", "servers", "security", "securitySchemes", "mediaTypes", "tags", "externalDocs", "webhooks", "plugins"]);

/** The eight in either case; QUERY and other methods need `openapi: "3.2.0"`. */
type Method = HttpMethod | Uppercase<HttpMethod> | (string & {});

/** The type a builder with these options, routes and schemas carries for `PathsOf`. */
type Built<Options extends OpenAPIOptions, Routes, Schemas> = Carries<{ openapi: Options["openapi"]; paths: Routes; schemas: Schemas }>;

// Declaration merging adds the carried type to the class without a member at run time.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OpenAPI<Options extends OpenAPIOptions, Routes, Schemas> extends Built<Options, Routes, Schemas> {}

/**
 * Builds a document step by step. `route()`, `webhook()` and `schema()` check what they can
 * at once (so a bad key throws at the line that added it) and remember that line for
 * errors found later by `document()`. `document()` runs the same pipeline as `openapi()`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class OpenAPI<const Options extends OpenAPIOptions = OpenAPIOptions, Routes = Record<never, never>, Schemas = Record<never, never>> {
  readonly #options: OpenAPIOptions;
  readonly #schemas: SchemaEntry[] = [];
  readonly #routes: RouteEntry[] = [];
  readonly #table = new RouteTable();
  readonly #version: OpenAPIVersion;
  #document: OpenAPIDocument | undefined;

  constructor(options: Options) {
    const map = mapOption(options, "", "builder options ({ info, ... })");
    for (const key of Object.keys(map)) {
      if (OPTION_FIELDS.has(key) || key.startsWith("x-")) continue;
      const hint = key === "paths" ? "; add routes with .route()" : key === "schemas" ? "; add schemas with .schema()" : "";
      throw new SpecloomError("INVALID_DEFINITION", key, `unknown field of builder options (expected ${[...OPTION_FIELDS].join(", ")}, or an x- extension)${hint}`);
    }
    this.#version = versionOf(map.openapi).version;
    this.#options = snapshot(map) as unknown as OpenAPIOptions;
    const webhooks = this.#options.webhooks;
    for (const entry of webhookEntries(webhooks)) this.#add(entry);
  }

  /** Registers a schema as `components.schemas[name]`; it is a `$ref` wherever it is used. */
  schema<const Name extends string, const Schema extends StandardJSONSchemaV1>(name: Name, schema: Schema): OpenAPI<Options, Routes, Schemas & { [N in Name]: Schema }> {
    const site = captureCallSite(this.schema);
    const location = siteLabel(`schema(${JSON.stringify(name)})`, site);
    if (typeof name !== "string" || !isValidComponentName(name)) {
      throw new SpecloomError("INVALID_DEFINITION", location, `${JSON.stringify(name)} is not a valid component name (letters, digits, ".", "-" and "_" only)`);
    }
    if (!isStandardJSONSchema(schema)) throw new SpecloomError("INVALID_DEFINITION", location, explainNotASchema(schema));
    const prior = this.#schemas.find((entry) => entry.name === name);
    if (prior) {
      if (prior.schema === schema) return this.#retyped();
      throw new SpecloomError("DUPLICATE_SCHEMA", location, `the name "${name}" is already registered to a different schema at ${prior.location}`);
    }
    this.#schemas.push({ name, schema, location });
    this.#document = undefined;
    return this.#retyped();
  }

  /** Adds an operation: `route("GET", "/users/{id}", definition)` or `route("GET /users/{id}", definition)`. */
  route<const Key extends string, const Route extends RouteShorthand>(key: Key, definition: Route): OpenAPI<Options, Routes & { [K in Key]: Route }, Schemas>;
  route<const M extends Method, const Path extends string, const Route extends RouteShorthand>(method: M, path: Path, definition: Route): OpenAPI<Options, Routes & { [K in `${M} ${Path}`]: Route }, Schemas>;
  route(methodOrKey: string, pathOrDefinition: string | RouteShorthand, definition?: RouteShorthand): OpenAPI<Options, never, Schemas> {
    const site = captureCallSite(this.route);
    const entry =
      typeof pathOrDefinition === "string"
        ? methodPathRoute(methodOrKey, pathOrDefinition, snapshot(definition), `route(${JSON.stringify(`${methodOrKey} ${pathOrDefinition}`)})`, site)
        : pathRoute(methodOrKey, snapshot(pathOrDefinition), `route(${JSON.stringify(methodOrKey)})`, site);
    this.#add(entry);
    return this.#retyped();
  }

  /** Adds a webhook (3.1.0 and later): `webhook("POST", "newPet", definition)` or `webhook("POST newPet", definition)`. */
  webhook(key: string, definition: RouteShorthand): this;
  webhook(method: Method, name: string, definition: RouteShorthand): this;
  webhook(methodOrKey: string, nameOrDefinition: string | RouteShorthand, definition?: RouteShorthand): this {
    const site = captureCallSite(this.webhook);
    const entry =
      typeof nameOrDefinition === "string"
        ? webhookRoute(methodOrKey, nameOrDefinition, snapshot(definition), `webhook(${JSON.stringify(`${methodOrKey} ${nameOrDefinition}`)})`, site)
        : webhookRoute(methodOrKey, undefined, snapshot(nameOrDefinition), `webhook(${JSON.stringify(methodOrKey)})`, site);
    this.#add(entry);
    return this;
  }

  /**
   * The document for everything added so far: deeply frozen, rebuilt only after a change.
   * Routes go in as `openapi()` takes them, paths before webhooks (each in the order they
   * were added), so equal inputs give equal documents, generated names and numbers included.
   */
  document(): OpenAPIDocument & Built<Options, Routes, Schemas> {
    if (this.#document === undefined) {
      const routes = [...this.#routes.filter((entry) => entry.kind === "path"), ...this.#routes.filter((entry) => entry.kind === "webhook")];
      this.#document = buildDocument({ options: this.#options, schemas: this.#schemas, routes });
    }
    return this.#document;
  }

  /** This builder, typed with what a call added: the type grows, the object is the same. */
  #retyped<R, S>(): OpenAPI<Options, R, S> {
    return this as unknown as OpenAPI<Options, R, S>;
  }

  #add(entry: RouteEntry): void {
    if (entry.kind === "webhook" && !hasVersion(this.#version, "3.1.0")) {
      throw new SpecloomError("INVALID_DEFINITION", entry.location, `webhooks need OpenAPI 3.1.0; this builder writes ${this.#version}`);
    }
    if (needs32(entry.method) && !hasVersion(this.#version, "3.2.0")) {
      throw new SpecloomError("INVALID_ROUTE_KEY", entry.location, `the method ${entry.method.toUpperCase()} ${needsVersion("3.2.0", this.#version)}`);
    }
    this.#table.add(entry.kind, entry.method, entry.path, entry.template, entry);
    this.#routes.push(entry);
    this.#document = undefined;
  }
}

/**
 * The builder keeps a copy of each route and of its options (plain objects and arrays; schema
 * objects, plugins and anything else by reference), so later changes to the caller's objects
 * do not reach a document built afterwards, as `openapi()` builds at once. Values are judged
 * when the document is built, by the pipeline both share, so equal inputs fail alike.
 */
function snapshot<T>(definition: T): T {
  return copyStructure(definition, isStandardJSONSchema);
}
