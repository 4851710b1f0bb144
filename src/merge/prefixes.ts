import { SpecloomError, describeThrown, describeValue } from "../errors";
import { getOwn, type JsonObject } from "../internal/own";
import type { OpenAPIDocument } from "../types/document";
import type { MergeInput } from "./inputs";
import type { ResolvedMergeOptions } from "./options";

/** Characters a component name may hold (OpenAPI: `^[a-zA-Z0-9\.\-_]+$`). */
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * The prefixes of each document: for renamed components and operationIds (`prefix`), and
 * for its paths (`pathPrefix`). The options' functions run at most once per document, and
 * `prefix` only for documents that actually need a rename.
 */
export class Prefixes {
  /** Made when a document first needs one: most merges rename nothing. */
  private defaults: string[] | undefined;
  private readonly names = new Map<number, string>();
  private readonly paths = new Map<number, string>();

  constructor(
    private readonly inputs: readonly MergeInput[],
    private readonly options: ResolvedMergeOptions,
  ) {}

  /** The prefix for renamed components and operationIds of `input`. */
  nameFor(input: MergeInput, forComponents: boolean): string {
    let prefix = this.names.get(input.index);
    if (prefix === undefined) {
      prefix = this.options.prefix
        ? callOption(this.options.prefix, "prefix", input)
        : ((this.defaults ??= defaultPrefixes(this.inputs))[input.index] as string);
      if (typeof prefix !== "string" || prefix === "") {
        throw new SpecloomError("INVALID_DEFINITION", "createMerge options.prefix", `expected a non-empty string for ${input.label}, found ${describeValue(prefix)}`);
      }
      this.names.set(input.index, prefix);
    }
    if (forComponents && !COMPONENT_NAME.test(prefix)) {
      throw new SpecloomError(
        "INVALID_DEFINITION",
        "createMerge options.prefix",
        `returned ${JSON.stringify(prefix)} for ${input.label}, which cannot start a component name (component names allow only A-Z, a-z, 0-9, ".", "_" and "-")`,
      );
    }
    return prefix;
  }

  /** The path prefix of `input`: `""`, or `/segment...` without a trailing slash. */
  pathFor(input: MergeInput): string {
    const pathPrefix = this.options.pathPrefix;
    if (!pathPrefix) return "";
    let prefix = this.paths.get(input.index);
    if (prefix === undefined) {
      const value = callOption(pathPrefix, "pathPrefix", input);
      if (value !== undefined && (typeof value !== "string" || (value !== "" && !value.startsWith("/")))) {
        throw new SpecloomError(
          "INVALID_DEFINITION",
          "createMerge options.pathPrefix",
          `expected a string starting with "/" (or "" for none) for ${input.label}, found ${describeValue(value)}`,
        );
      }
      prefix = (value ?? "").replace(/\/+$/, "");
      this.paths.set(input.index, prefix);
    }
    return prefix;
  }
}

/** Runs an option's function; what it throws is wrapped, with the original as `cause`. */
function callOption<T>(fn: (document: OpenAPIDocument, index: number) => T, name: string, input: MergeInput): T {
  try {
    return fn(input.document as unknown as OpenAPIDocument, input.index);
  } catch (error) {
    throw new SpecloomError("INVALID_DEFINITION", `createMerge options.${name}`, `threw for ${input.label}: ${describeThrown(error)}`, { cause: error });
  }
}

/**
 * `info.title` in PascalCase plus `_`, numbered from the second document whose title gives
 * the same prefix: "Twilio - Chat" is `TwilioChat_`, the next one `TwilioChat2_`. Base takes
 * part in the numbering, though it is never renamed, so the numbers count documents.
 */
export function defaultPrefixes(inputs: readonly MergeInput[]): string[] {
  const used = new Set<string>();
  const next = new Map<string, number>();
  return inputs.map((input) => {
    const title = getOwn(input.document.info as JsonObject, "title");
    const words = typeof title === "string" ? pascalWords(title) : "";
    const stem = words === "" ? `Document${input.index}` : words;
    let candidate = stem;
    for (let n = next.get(stem) ?? 2; used.has(candidate); n++) {
      candidate = `${stem}${n}`;
      next.set(stem, n + 1);
    }
    used.add(candidate);
    return `${candidate}_`;
  });
}

function pascalWords(text: string): string {
  const words = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^A-Za-z0-9]+/);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}
