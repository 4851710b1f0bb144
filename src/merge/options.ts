import { SpecloomError, describeValue } from "../errors";
import { hasOwn, isPlainObject } from "../internal/own";
import type { OpenAPIDocument } from "../types/document";

/** What to do when two documents declare a component of one kind under one name. */
export type ComponentClashMode = "error" | "share-identical" | "rename";

/**
 * Options of createMerge(). Each defaults to the strict rule of merge(), so
 * `createMerge({})` behaves exactly like `merge`.
 */
export interface MergeOptions {
  /**
   * Components of one kind and name in two documents. "error" (default): DUPLICATE_SCHEMA.
   * "share-identical": deep-equal ones are kept once; different ones are DUPLICATE_SCHEMA.
   * "rename": deep-equal ones are kept once; a different one from a later document gets the
   * document's `prefix`, and that document's references to it are rewritten.
   */
  components?: ComponentClashMode;
  /**
   * The prefix a renamed component or operationId gets (`prefix + name`). `index` is the
   * argument position (0 is base, 1 is `sources[0]`). Default: the document's `info.title`
   * in PascalCase plus `_` (`"Twilio - Chat"` gives `TwilioChat_`), with a number added
   * when an earlier document's title gives the same prefix (`TwilioChat2_`).
   */
  prefix?: (document: OpenAPIDocument, index: number) => string;
  /**
   * A prefix for every path of a document (`"/billing"` turns `/invoices` into
   * `/billing/invoices`); `""` or `undefined` for none. `index` as for `prefix`.
   */
  pathPrefix?: (document: OpenAPIDocument, index: number) => string | undefined;
  /**
   * One operationId in two documents. "error" (default): DUPLICATE_PATH. "rename": the later
   * operation's id gets its document's `prefix`, and that document's links to it follow.
   */
  operationIds?: "error" | "rename";
  /**
   * "base" (default): the result's servers are base's, else the first source's that has
   * some. "per-path": the same root servers, and a document whose servers differ from them
   * gets its own servers on each of its path items.
   */
  servers?: "base" | "per-path";
  /**
   * "base" (default): the result's root security is base's, else the first source's that
   * has some. "per-operation": the same root security, and a document whose root security
   * differs from it gets its root security on each of its operations that has none.
   */
  security?: "base" | "per-operation";
}

/** merge()'s signature: a new, deeply frozen document from base and sources. */
export type MergeFunction = (base: OpenAPIDocument, ...sources: OpenAPIDocument[]) => OpenAPIDocument;

export interface ResolvedMergeOptions {
  readonly components: ComponentClashMode;
  readonly prefix: MergeOptions["prefix"];
  readonly pathPrefix: MergeOptions["pathPrefix"];
  readonly operationIds: "error" | "rename";
  readonly servers: "base" | "per-path";
  readonly security: "base" | "per-operation";
}

const CHOICES = {
  components: ["error", "share-identical", "rename"],
  operationIds: ["error", "rename"],
  servers: ["base", "per-path"],
  security: ["base", "per-operation"],
} as const;

const FUNCTIONS = ["prefix", "pathPrefix"] as const;

/** Checks the options once, when createMerge() is called, so a typo fails early. */
export function resolveOptions(options: unknown): ResolvedMergeOptions {
  if (options === undefined) options = {};
  if (!isPlainObject(options)) throw new SpecloomError("INVALID_DEFINITION", "createMerge options", `expected an options object, found ${describeValue(options)}`);
  for (const key of Object.keys(options)) {
    if (!hasOwn(CHOICES, key) && !(FUNCTIONS as readonly string[]).includes(key)) {
      const known = [...Object.keys(CHOICES), ...FUNCTIONS].join(", ");
      throw new SpecloomError("INVALID_DEFINITION", `createMerge options.${key}`, `unknown option (expected one of ${known})`);
    }
  }
  const choice = <K extends keyof typeof CHOICES>(key: K): (typeof CHOICES)[K][number] => {
    const value = options[key];
    const allowed = CHOICES[key] as readonly unknown[];
    if (value === undefined) return allowed[0] as (typeof CHOICES)[K][number];
    if (!allowed.includes(value)) {
      const list = allowed.map((v) => JSON.stringify(v));
      throw new SpecloomError("INVALID_DEFINITION", `createMerge options.${key}`, `expected ${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}, found ${describeValue(value)}`);
    }
    return value as (typeof CHOICES)[K][number];
  };
  for (const key of FUNCTIONS) {
    const value = options[key];
    if (value !== undefined && typeof value !== "function") {
      throw new SpecloomError("INVALID_DEFINITION", `createMerge options.${key}`, `expected a function (document, index) => string, found ${describeValue(value)}`);
    }
  }
  return {
    components: choice("components"),
    operationIds: choice("operationIds"),
    servers: choice("servers"),
    security: choice("security"),
    prefix: options.prefix as MergeOptions["prefix"],
    pathPrefix: options.pathPrefix as MergeOptions["pathPrefix"],
  };
}
