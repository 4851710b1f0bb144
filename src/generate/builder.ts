import { SpecloomError } from "../errors";
import { copyStructure } from "../internal/clone";
import { isValidComponentName } from "../schema/names";
import { explainNotASchema, isStandardJSONSchema } from "../schema/vendor";
import type { Carries } from "../types/paths-of/carried";
import type { ExampleObject, HttpMethod, LinkObject, OpenAPIDocument, ReferenceObject } from "../types/document";
import type { BodyShorthandObject, HeaderShorthand, RequestBodyDefinition, OpenAPIOptions, OpenAPIVersion, ResponseShorthandObject, RouteShorthand, StandardJSONSchemaV1 } from "../types/definition";
import type { CallbackDefinition, ComponentKind, ParameterDefinition, PathItemShorthand, RequestBodyComponent, ResponseComponent } from "../types/definition-forms";
import { captureCallSite, type CallSite } from "./call-site";
import { BUILDER_METHOD, COMPONENT_KINDS, type ComponentEntry } from "./component-refs";
import { pathItemEntry, type PathItemEntry } from "./path-item-fields";
import { mapOption, webhookEntries } from "./openapi";
import { buildDocument, type DocumentInput, type SchemaEntry } from "./pipeline";
import { hasVersion, needsVersion, versionOf } from "./version";
import { needs32 } from "../internal/http-methods";
import { methodPathRoute, pathRoute, RouteTable, siteLabel, webhookRoute, type RouteEntry } from "./routes";

const OPTION_FIELDS: ReadonlySet<string> = new Set(["info", "openapi", "$self", "servers", "security", "securitySchemes", "mediaTypes", "tags", "externalDocs", "webhooks", "plugins"]);

/** The eight in either case; QUERY and other methods need `openapi: "3.2.0"`. */
type Method = HttpMethod | Uppercase<HttpMethod> | (string & {});

/** A builder's input, for other views of the same definition (set by the class; not public API). */
export let builderInput: (builder: OpenAPI) => DocumentInput;
/** The type a builder with these options, routes (and paths' own fields), schemas and components carries for `PathsOf`. */
type Built<Options extends OpenAPIOptions, Routes, Schemas, Components> = Carries<{ openapi: Options["openapi"]; paths: Routes; schemas: Schemas } & Components>;

/** The components registered so far, by kind and name, for the types: `{ parameters: { PageSize: ... } }`. */
type Registered<Components, Kind extends string, Name extends string, Value> = Components & { [K in Kind]: { [N in Name]: Value } };

// Declaration merging adds the carried type to the class without a member at run time.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OpenAPI<Options extends OpenAPIOptions, Routes, Schemas, Components> extends Built<Options, Routes, Schemas, Components> {}

/**
 * Builds a document step by step. `route()`, `webhook()` and `schema()` check what they can
 * at once (so a bad key throws at the line that added it) and remember that line for
 * errors found later by `document()`. `document()` runs the same pipeline as `openapi()`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class OpenAPI<const Options extends OpenAPIOptions = OpenAPIOptions, Routes = Record<never, never>, Schemas = Record<never, never>, Components = Record<never, never>> {
  readonly #options: OpenAPIOptions;
  readonly #schemas: SchemaEntry[] = [];
  readonly #routes: RouteEntry[] = [];
  readonly #components: ComponentEntry[] = [];
  readonly #pathItems: PathItemEntry[] = [];
  readonly #table = new RouteTable();
  readonly #version: OpenAPIVersion;
  #document: OpenAPIDocument | undefined;

  constructor(options: Options) {
    const map = mapOption(options, "", "builder options ({ info, ... })");
    for (const key of Object.keys(map)) {
      if (OPTION_FIELDS.has(key) || key.startsWith("x-")) continue;
      const kind = COMPONENT_KINDS.find((k) => k === key);
      const hint = key === "paths" ? "; add routes with .route() and a path's fields with .path()" : key === "schemas" ? "; add schemas with .schema()" : kind ? `; register ${kind} with .${BUILDER_METHOD[kind]}()` : "";
      throw new SpecloomError("INVALID_DEFINITION", key, `unknown field of builder options (expected ${[...OPTION_FIELDS].join(", ")}, or an x- extension)${hint}`);
    }
    this.#version = versionOf(map.openapi).version;
    this.#options = snapshot(map) as unknown as OpenAPIOptions;
    const webhooks = this.#options.webhooks;
    for (const entry of webhookEntries(webhooks)) this.#add(entry);
  }

  /** Registers a schema as `components.schemas[name]`; it is a `$ref` wherever it is used. */
  schema<const Name extends string, const Schema extends StandardJSONSchemaV1>(name: Name, schema: Schema): OpenAPI<Options, Routes, Schemas & { [N in Name]: Schema }, Components> {
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
  route<const Key extends string, const Route extends RouteShorthand>(key: Key, definition: Route): OpenAPI<Options, Routes & { [K in Key]: Route }, Schemas, Components>;
  route<const M extends Method, const Path extends string, const Route extends RouteShorthand>(method: M, path: Path, definition: Route): OpenAPI<Options, Routes & { [K in `${M} ${Path}`]: Route }, Schemas, Components>;
  route(methodOrKey: string, pathOrDefinition: string | RouteShorthand, definition?: RouteShorthand): OpenAPI<Options, never, Schemas, Components> {
    const site = captureCallSite(this.route);
    const entry =
      typeof pathOrDefinition === "string"
        ? methodPathRoute(methodOrKey, pathOrDefinition, snapshot(definition), `route(${JSON.stringify(`${methodOrKey} ${pathOrDefinition}`)})`, site)
        : pathRoute(methodOrKey, snapshot(pathOrDefinition), `route(${JSON.stringify(methodOrKey)})`, site);
    this.#add(entry);
    return this.#retyped();
  }

  /** A path's own fields (summary, description, servers, shared parameters), for every operation on it. */
  path<const Path extends string, const Fields extends PathItemShorthand>(path: Path, fields: Fields): OpenAPI<Options, Routes & { [P in Path]: Fields }, Schemas, Components> {
    const site = captureCallSite(this.path);
    this.#pathItems.push(pathItemEntry(path, snapshot(fields), `path(${JSON.stringify(path)})`, site));
    this.#document = undefined;
    return this.#retyped();
  }

  /** Registers `components.parameters[name]`; a route's or a path's `parameters` uses it by name. */
  parameter<const Name extends string, const Parameter extends ParameterDefinition | ReferenceObject>(name: Name, parameter: Parameter): OpenAPI<Options, Routes, Schemas, Registered<Components, "parameters", Name, Parameter>> {
    this.#component("parameters", name, parameter, captureCallSite(this.parameter));
    return this.#retyped();
  }

  /** Registers `components.responses[name]`; a status key uses it by name. */
  response<const Name extends string, const Response extends ResponseComponent<ResponseShorthandObject>>(name: Name, response: Response): OpenAPI<Options, Routes, Schemas, Registered<Components, "responses", Name, Response>> {
    this.#component("responses", name, response, captureCallSite(this.response));
    return this.#retyped();
  }

  /** Registers `components.requestBodies[name]`; a route's `body` uses it by name. */
  requestBody<const Name extends string, const Body extends RequestBodyComponent<BodyShorthandObject | RequestBodyDefinition>>(name: Name, body: Body): OpenAPI<Options, Routes, Schemas, Registered<Components, "requestBodies", Name, Body>> {
    this.#component("requestBodies", name, body, captureCallSite(this.requestBody));
    return this.#retyped();
  }

  /** Registers `components.headers[name]`; a response shorthand's `headers` map uses it by name. */
  header(name: string, header: HeaderShorthand | StandardJSONSchemaV1 | ReferenceObject): this {
    return this.#component("headers", name, header, captureCallSite(this.header));
  }

  /** Registers `components.examples[name]`; a shorthand's `examples` map uses it by name. */
  example(name: string, example: ExampleObject | ReferenceObject): this {
    return this.#component("examples", name, example, captureCallSite(this.example));
  }

  /** Registers `components.links[name]`; a response shorthand's `links` map uses it by name. */
  link(name: string, link: LinkObject | ReferenceObject): this {
    return this.#component("links", name, link, captureCallSite(this.link));
  }

  /** Registers `components.callbacks[name]`; a route's `callbacks` map uses it by name. */
  callback(name: string, callback: CallbackDefinition<RouteShorthand> | ReferenceObject): this {
    return this.#component("callbacks", name, callback, captureCallSite(this.callback));
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
  document(): OpenAPIDocument & Built<Options, Routes, Schemas, Components> {
    return (this.#document ??= buildDocument(this.#input()));
  }

  /** What `document()` builds from (the request validator builds its own view from it too). */
  #input(): DocumentInput {
    const routes = [...this.#routes.filter((entry) => entry.kind === "path"), ...this.#routes.filter((entry) => entry.kind === "webhook")];
    return { options: this.#options, schemas: this.#schemas, routes, components: this.#components, pathItems: this.#pathItems };
  }

  static {
    builderInput = (builder) => builder.#input();
  }

  #component(kind: ComponentKind, name: string, value: unknown, site: CallSite | undefined): this {
    const location = siteLabel(`${BUILDER_METHOD[kind]}(${JSON.stringify(name)})`, site);
    if (typeof name !== "string" || !isValidComponentName(name)) {
      throw new SpecloomError("INVALID_DEFINITION", location, `${JSON.stringify(name)} is not a valid component name (letters, digits, ".", "-" and "_" only)`);
    }
    this.#components.push({ kind, name, value: snapshot(value), location });
    this.#document = undefined;
    return this;
  }

  /** This builder, typed with what a call added: the type grows, the object is the same. */
  #retyped<R, S, C>(): OpenAPI<Options, R, S, C> {
    return this as unknown as OpenAPI<Options, R, S, C>;
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
